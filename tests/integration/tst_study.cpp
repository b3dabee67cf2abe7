// `vault-workbench study` against a real `bao server -dev`: 2 profiles x 2 targets (the same
// server reached as 127.0.0.1 and as localhost) give 4 session files with their targets and
// one report naming all four; a third target that refuses connections is a failed run that
// the study records and goes past.
#include "apprun.h"
#include "baoserver.h"
#include "session/sessionio.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace vw;

class TstStudy : public QObject {
    Q_OBJECT

    test::BaoServer m_bao;
    QTemporaryDir m_home;

    /// `vault-workbench <args>` (apprun.h) with the dev server's token and HOME = m_home; the
    /// token is redacted from its output, so that a leak shows.
    test::AppResult app(const QStringList &args, int timeoutMs)
    {
        test::AppRun run = test::appRun(
            args, QString(), test::appEnvironment(m_home.path(), m_bao.rootToken()), timeoutMs);
        run.redact = m_bao.rootToken();
        return test::runApp(run);
    }

    void writeFile(const QString &path, const QByteArray &text)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void twoProfilesTimesTwoTargets()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray ramp = "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                                "    - { vus: 2, duration: 1s }\n";
        writeFile(dir.filePath(QStringLiteral("health.yaml")),
                  "name: health\noperations:\n  - type: sys_health\n" + ramp);
        // 3 s in the file; --short makes it 2 s (0.1 x 3 s, floored at 2 s).
        writeFile(dir.filePath(QStringLiteral("kvread.yaml")),
                  "name: kvread\noperations:\n  - type: kv2_read\n"
                  "    params: { keys: 10, payload_bytes: 100 }\n"
                  "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                  "    - { vus: 2, duration: 3s }\n");
        const QByteArray port = QByteArray::number(m_bao.port());
        writeFile(dir.filePath(QStringLiteral("two.study.yaml")),
                  "name: two-by-two\n"
                  "dimensions: [op, path]\n"
                  "profiles:\n"
                  "  - { file: health.yaml, labels: { op: health } }\n"
                  "  - { file: kvread.yaml, labels: { op: kv read } }\n"
                  "targets:\n"
                  "  - { name: ip, addr: 'http://127.0.0.1:"
                      + port
                      + "', labels: { path: by IP } }\n"
                        "  - { name: host, addr: 'http://localhost:"
                      + port + "', labels: { path: by name } }\n");
        const QString out = dir.filePath(QStringLiteral("out"));

        const test::AppResult r =
            app({QStringLiteral("study"), dir.filePath(QStringLiteral("two.study.yaml")),
                 QStringLiteral("--out-dir"), out, QStringLiteral("--short")},
                90000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(!r.out.contains(QStringLiteral("<TOKEN-LEAKED>")));
        const QByteArray stdoutText = r.out.toUtf8();
        // The closing matrix: a row per profile (its label), a column per target (its label).
        QVERIFY2(stdoutText.contains("maximum throughput and p99 there:"), stdoutText.constData());
        QVERIFY(stdoutText.contains("by IP"));
        QVERIFY(stdoutText.contains("kv read"));

        // Four sessions, one per profile x target, each against its own address.
        const QStringList files =
            QDir(out).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QCOMPARE(
            files,
            (QStringList{QStringLiteral("health__host.json"), QStringLiteral("health__ip.json"),
                         QStringLiteral("kvread__host.json"), QStringLiteral("kvread__ip.json")}));
        const QMap<QString, QString> expected{
            {QStringLiteral("health__ip.json"), QStringLiteral("http://127.0.0.1:") + port},
            {QStringLiteral("health__host.json"), QStringLiteral("http://localhost:") + port},
            {QStringLiteral("kvread__ip.json"), QStringLiteral("http://127.0.0.1:") + port},
            {QStringLiteral("kvread__host.json"), QStringLiteral("http://localhost:") + port}};
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            QString error;
            const std::optional<Session> s = readSession(QDir(out).filePath(it.key()), &error);
            QVERIFY2(s, qPrintable(error));
            QCOMPARE(s->targetAddress, it.value());
            QCOMPARE(s->status, RunStatus::Completed);
            QCOMPARE(s->stages.size(), 2);
            QVERIFY(s->stages.at(1).ops.value(0).ok > 0);
            // --short: each stage 0.1 x its duration, at least 2 s, never longer than it was.
            const bool kv = it.key().startsWith(QLatin1String("kvread"));
            QCOMPARE(s->plan.ramp.stages.at(1).durationMs, kv ? qint64(2000) : qint64(1000));
            QCOMPARE(s->plan.ramp.stages.at(0).durationMs, qint64(1000));
        }

        // One report that names all four runs, with a section per dimension.
        QFile report(QDir(out).filePath(QStringLiteral("study-report.html")));
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(report.readAll());
        QVERIFY(html.contains(QStringLiteral("Study: two-by-two")));
        for (const char *label : {"health @ ip", "health @ host", "kvread @ ip", "kvread @ host"})
            QVERIFY2(html.contains(QString::fromLatin1(label).toHtmlEscaped()), label);
        for (const char *file :
             {"health__ip.json", "health__host.json", "kvread__ip.json", "kvread__host.json"})
            QVERIFY2(html.contains(QString::fromLatin1(file)), file);
        QVERIFY(html.contains(QStringLiteral("4 run(s), 4 completed, 0 not completed")));
        QVERIFY(html.contains(QStringLiteral("<table class=\"matrix\">")));
        QVERIFY(html.contains(QStringLiteral("Stage durations and warm-up scaled by 0.1")));
        QVERIFY(html.contains(QStringLiteral("<h2 class=\"dimension\">By op</h2>")));
        QVERIFY(html.contains(QStringLiteral("<h2 class=\"dimension\">By path</h2>")));
        QVERIFY(html.contains(QStringLiteral("<svg")));
        QVERIFY(!html.contains(QStringLiteral("<script")));
        QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("study.log"))));
    }

    void aFailedRunIsRecordedAndTheStudyGoesOn()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("health.yaml")),
                  "name: health\noperations:\n  - type: sys_health\n"
                  "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n");
        const int closedPort = test::freeLoopbackPort(); // nothing listens there
        writeFile(dir.filePath(QStringLiteral("s.study.yaml")),
                  "name: with-a-failure\nprofiles: [health.yaml]\ntargets:\n"
                  "  - { name: gone, addr: 'http://127.0.0.1:"
                      + QByteArray::number(closedPort)
                      + "' }\n"
                        "  - { name: ok, addr: '"
                      + m_bao.address().toUtf8() + "' }\n");
        const QString out = dir.filePath(QStringLiteral("out"));
        const test::AppResult r =
            app({QStringLiteral("study"), dir.filePath(QStringLiteral("s.study.yaml")),
                 QStringLiteral("--out-dir"), out},
                60000);
        QVERIFY2(r.exitCode == 1, qPrintable(r.err)); // a run did not complete
        QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("health__gone.json"))));
        QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("health__ok.json"))));
        QFile report(QDir(out).filePath(QStringLiteral("study-report.html")));
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(report.readAll());
        QVERIFY(html.contains(QStringLiteral("2 run(s), 1 completed, 1 not completed")));
        QVERIFY(html.contains(QStringLiteral("class=\"warning failed-run\"><b>health @ gone")));
        QVERIFY(html.contains(QStringLiteral("the study went on")));
    }

    void aStudyWithAnErrorNamesLineAndColumn()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.study.yaml"));
        writeFile(path, "name: bad\nprofiles: [x.yaml]\ntargets:\n  - { name: t, adr: dev }\n");
        const test::AppResult r = app({QStringLiteral("study"), path}, 20000);
        QCOMPARE(r.exitCode, 2);
        const QString err = r.err;
        QVERIFY2(err.contains(path + QStringLiteral(":4:16: targets[0].adr:")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TstStudy)
#include "tst_study.moc"
