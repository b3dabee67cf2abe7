// Sessions written by the schema-1 build (tests/data/session-v1-*.json, made by the build
// before the run plan, with golden outputs of that build) open, report and compare exactly as
// before: their profile YAML is parsed once into the run plan (core/session/sessionmigration.h)
// and nothing after that reads YAML. The goldens are compared byte for byte: the report and
// comparison outputs hold no session keys, so "schema": 2 and "plan" (new in the session file)
// cause no difference there; only the session file itself has them (checked below).
#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/profileparser.h"
#include "report/report.h"
#include "session/sessionanalysis.h"
#include "session/sessionio.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

QString data(const QString &name)
{
    return QStringLiteral(VW_SOURCE_DIR "/tests/data/") + name;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Runs vault-workbench with `args`; its standard output, or a null array when it failed.
QByteArray cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(VW_APP_BINARY), args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning().noquote() << args << p.readAllStandardError();
        return QByteArray();
    }
    return p.readAllStandardOutput();
}

Profile parsed(const QString &yamlFile)
{
    const ProfileParseResult r = loadProfileFile(data(yamlFile));
    return r.ok() ? *r.profile : Profile();
}

} // namespace

namespace {

/// A report of an arrival-rate session without its analysis part (table: from "analysis";
/// JSON: the "analysis" key); other sessions and formats as they are.
QByteArray withoutOpenAnalysis(const QString &kind, const QString &format, const QByteArray &report)
{
    if (kind != QLatin1String("arrival-rate"))
        return report;
    if (format == QLatin1String("table"))
        return report.left(report.indexOf("\nanalysis\n"));
    if (format == QLatin1String("json")) {
        QJsonObject o = QJsonDocument::fromJson(report).object();
        o.remove(QStringLiteral("analysis"));
        return QJsonDocument(o).toJson();
    }
    return report;
}

} // namespace

class TestSessionMigration : public QObject {
    Q_OBJECT
private slots:
    void v1OpensWithItsPlan_data();
    void v1OpensWithItsPlan();
    void v1ReportsAsBefore_data();
    void v1ReportsAsBefore();
    void v1ComparesAsBefore();
    void v1RewrittenAsV2ReportsTheSame();
    void v1WithBrokenYamlIsRebuiltFromItsStages();
};

void TestSessionMigration::v1OpensWithItsPlan_data()
{
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("model");
    QTest::newRow("closed") << "session-v1-closed.json"
                            << "closed.yaml"
                            << "closed";
    QTest::newRow("arrival-rate") << "session-v1-arrival-rate.json"
                                  << "open.yaml"
                                  << "arrival-rate";
}

void TestSessionMigration::v1OpensWithItsPlan()
{
    QFETCH(QString, session);
    QFETCH(QString, yaml);
    QFETCH(QString, model);
    QCOMPARE(QJsonDocument::fromJson(readAll(data(session)))
                 .object()
                 .value(QStringLiteral("schema"))
                 .toInt(),
             1);
    QString error;
    const std::optional<Session> s = readSession(data(session), &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY2(s->readNotes.isEmpty(), qPrintable(s->readNotes.join(QLatin1Char('\n'))));
    // The plan is the profile the fixture was run with, at the address the run used.
    Profile expected = parsed(yaml);
    QVERIFY(!expected.name.isEmpty());
    expected.target.address = s->targetAddress;
    QVERIFY(s->plan.sameSettings(expected));
    QCOMPARE(s->loadModel().name(), model);
    QVERIFY(s->plan.sourceYaml.isEmpty());
    QCOMPARE(s->profileYaml, readAll(data(yaml))); // the text is kept as it was
    // The analysis computed now from the plan (SLO, thresholds, load model) is the one the
    // old build saved from the YAML; an arrival-rate run is now "not assessed" (the old build
    // ran the detectors on no usable stage and said "no successful request").
    if (model == QLatin1String("arrival-rate"))
        QVERIFY(!analyzeSession(*s).ops.first().notAssessed.isEmpty());
    else
        QCOMPARE(analyzeSession(*s).toJson(), s->analysis.toJson());
}

void TestSessionMigration::v1ReportsAsBefore_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("format");
    for (const char *kind : {"closed", "arrival-rate"})
        for (const char *format : {"table", "json", "csv"})
            QTest::addRow("%s %s", kind, format) << kind << format;
}

void TestSessionMigration::v1ReportsAsBefore()
{
    QFETCH(QString, kind);
    QFETCH(QString, format);
    const QByteArray out =
        cli({QStringLiteral("report"), data(QStringLiteral("session-v1-%1.json").arg(kind)),
             QStringLiteral("--format"), format});
    QVERIFY(!out.isNull());
    QCOMPARE(out, readAll(data(QStringLiteral("golden-report-%1.%2").arg(kind, format))));
}

void TestSessionMigration::v1ComparesAsBefore()
{
    const QString file = data(QStringLiteral("session-v1-closed.json"));
    QByteArray out = cli({QStringLiteral("compare"), file, file});
    QCOMPARE(out, readAll(data(QStringLiteral("golden-compare-closed-closed.txt"))));
    out = cli({QStringLiteral("compare"), file, file, QStringLiteral("--format"),
               QStringLiteral("json")});
    QCOMPARE(out, readAll(data(QStringLiteral("golden-compare-closed-closed.json"))));
}

void TestSessionMigration::v1RewrittenAsV2ReportsTheSame()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString &kind : {QStringLiteral("closed"), QStringLiteral("arrival-rate")}) {
        QString error;
        const std::optional<Session> v1 =
            readSession(data(QStringLiteral("session-v1-%1.json").arg(kind)), &error);
        QVERIFY2(v1, qPrintable(error));
        const QString path = dir.filePath(kind + QStringLiteral(".json"));
        QVERIFY2(writeSession(*v1, path, &error), qPrintable(error));
        // The new file: schema 2 with the plan as JSON; no token anywhere.
        const QJsonObject o = QJsonDocument::fromJson(readAll(path)).object();
        QCOMPARE(o.value(QStringLiteral("schema")).toInt(), 2);
        const QJsonObject plan = o.value(QStringLiteral("plan")).toObject();
        QCOMPARE(plan.value(QStringLiteral("ramp"))
                     .toObject()
                     .value(QStringLiteral("executor"))
                     .toString(),
                 kind);
        QCOMPARE(plan.value(QStringLiteral("target"))
                     .toObject()
                     .value(QStringLiteral("address"))
                     .toString(),
                 v1->targetAddress);
        QVERIFY(!readAll(path).contains("token"));
        const std::optional<Session> v2 = readSession(path, &error);
        QVERIFY2(v2, qPrintable(error));
        QVERIFY(v2->plan.sameSettings(v1->plan));
        // Rewritten, the file holds a freshly computed analysis: for an arrival-rate run that
        // is now "not assessed", so its analysis part is left out of the comparison.
        for (const QString &format :
             {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv")})
            QCOMPARE(withoutOpenAnalysis(
                         kind, format,
                         cli({QStringLiteral("report"), path, QStringLiteral("--format"), format})),
                     withoutOpenAnalysis(
                         kind, format,
                         readAll(data(QStringLiteral("golden-report-%1.%2").arg(kind, format)))));
    }
}

void TestSessionMigration::v1WithBrokenYamlIsRebuiltFromItsStages()
{
    QJsonObject o =
        QJsonDocument::fromJson(readAll(data(QStringLiteral("session-v1-arrival-rate.json"))))
            .object();
    QJsonObject profile = o.value(QStringLiteral("profile")).toObject();
    profile.insert(QStringLiteral("yaml"), QStringLiteral("name: [unclosed\n"));
    o.insert(QStringLiteral("profile"), profile);
    QString error;
    const std::optional<Session> s = sessionFromJson(o, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->readNotes.size(), 1);
    QVERIFY2(s->readNotes.first().contains(QLatin1String(
                 "does not parse (line 1, column 7: YAML syntax error: unclosed '['")),
             qPrintable(s->readNotes.first()));
    // The plan from the header and the stages: the model, its pool, each stage's rate.
    QCOMPARE(s->loadModel().name(), QStringLiteral("arrival-rate"));
    QCOMPARE(s->plan.ramp.stages.size(), 2);
    QCOMPARE(s->plan.ramp.plannedVus(0), 20);
    QCOMPARE(s->plan.ramp.plannedRate(0), 50.0);
    QCOMPARE(s->plan.ramp.plannedRate(1), 200.0);
    QCOMPARE(s->plan.ramp.stages[1].durationMs, qint64(2000));
    QCOMPARE(s->plan.ramp.warmupMs, qint64(500));
    QCOMPARE(s->plan.operations.size(), 1);
    QCOMPARE(s->plan.operations[0].type, QStringLiteral("sys_health"));
    QCOMPARE(s->plan.target.address, s->targetAddress);
    // A freshly computed analysis carries the note.
    QVERIFY(analyzeSession(*s).ops.first().notes.contains(s->readNotes.first()));
}

QTEST_GUILESS_MAIN(TestSessionMigration)
#include "tst_sessionmigration.moc"
