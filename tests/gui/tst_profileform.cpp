// The profile form (ui/profileform/): every shipped profile survives YAML -> form -> YAML with
// the same run plan; form edits (a doubling ramp, an added kv2_read with payload_bytes 2048)
// reach the YAML and come back into the form; comments survive; an edit is one undo step; an
// invalid profile makes the form read-only with the line to fix.
#include "ops/opparams.h"
#include "profile/planjson.h"
#include "profile/profileparser.h"
#include "profileform/operationssection.h"
#include "profileform/paramcontrols.h"
#include "profileform/profileform.h"
#include "profileform/rampgenerator.h"
#include "profileform/stagessection.h"
#include "profileform/targetsection.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

using namespace vw;

namespace {

QStringList shippedProfiles()
{
    QStringList out;
    for (const QString &dir : {QStringLiteral(VW_SOURCE_DIR "/profiles"),
                               QStringLiteral(VW_SOURCE_DIR "/profiles/studies")}) {
        const QDir d(dir);
        for (const QString &f : d.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
            if (!f.endsWith(QLatin1String(".study.yaml"))) // a study, not a profile
                out << d.filePath(f);
    }
    return out;
}

QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromUtf8(f.readAll());
}

QStringList commentLines(const QString &text)
{
    QStringList out;
    for (const QString &l : text.split(QLatin1Char('\n')))
        if (l.trimmed().startsWith(QLatin1Char('#')))
            out << l;
    return out;
}

Profile parsed(const QString &text)
{
    const ProfileParseResult r = parseProfile(text.toUtf8());
    if (!r.ok()) {
        qWarning("%s", qPrintable(r.errors.value(0).toString()));
        return Profile();
    }
    return *r.profile;
}

} // namespace

class TestProfileForm : public QObject {
    Q_OBJECT
private slots:
    void everyShippedProfileRoundTrips()
    {
        const QStringList files = shippedProfiles();
        QVERIFY2(files.size() >= 14, qPrintable(files.join(' ')));
        for (const QString &path : files) {
            const QString original = readText(path);
            const ProfileParseResult before = parseProfile(original.toUtf8());
            QVERIFY2(before.ok(), qPrintable(path));
            QPlainTextEdit editor;
            editor.setPlainText(original);
            ProfileForm form(&editor);
            form.refreshNow();
            QVERIFY2(!form.isReadOnly(), qPrintable(path + ": " + form.problemText()));
            form.writeAll(); // every section written from the form's controls
            QVERIFY2(form.lastEditError().isEmpty(), qPrintable(form.lastEditError()));
            const QString emitted = editor.toPlainText();
            const ProfileParseResult after = parseProfile(emitted.toUtf8());
            QVERIFY2(after.ok(),
                     qPrintable(path + ":\n" + emitted + "\n" + after.errors.value(0).toString()));
            QVERIFY2(after.profile->sameSettings(*before.profile), qPrintable(path));
            QCOMPARE(QJsonDocument(planToJson(*after.profile)).toJson(),
                     QJsonDocument(planToJson(*before.profile)).toJson());
            // every comment line of the shipped profiles survives (none is inside a
            // re-emitted stage or operation list)
            const QStringList kept = commentLines(emitted);
            for (const QString &c : commentLines(original))
                QVERIFY2(kept.contains(c), qPrintable(path + ": " + c));
            // the form reads its own YAML back to the same controls
            form.refreshNow();
            QCOMPARE(form.stagesSection()->table()->rowCount(),
                     int(before.profile->ramp.stages.size()));
            QCOMPARE(form.operationsSection()->list()->count(),
                     int(before.profile->operations.size()));
        }
    }

    void studyCommentsSurviveFormEdits()
    {
        // the shipped study profiles keep their comment header above the keys
        const QString path = QStringLiteral(VW_SOURCE_DIR "/profiles/studies/hvd-kv-1kb-read.yaml");
        const QString original = readText(path);
        const QStringList comments = commentLines(original);
        QVERIFY(comments.size() >= 3);
        QPlainTextEdit editor;
        editor.setPlainText(original);
        ProfileForm form(&editor);
        form.refreshNow();
        form.writeAll();
        for (const QString &c : comments)
            QVERIFY2(editor.toPlainText().contains(c), qPrintable(c));
    }

    void rampAndOperationEditsReachTheYamlAndComeBack()
    {
        const QString original =
            QStringLiteral("# my profile\n"
                           "name: form-test   # the name\n"
                           "target:\n"
                           "  address: http://127.0.0.1:8200   # local dev server\n"
                           "ramp:\n"
                           "  warmup: 1s   # short\n"
                           "  stages:\n"
                           "    - { vus: 1, duration: 5s }\n"
                           "# the mix\n"
                           "operations:\n"
                           "  - type: sys_health\n"
                           "slo: { p99_ms: 50 }   # objective\n");
        QPlainTextEdit editor;
        editor.setPlainText(original);
        ProfileForm form(&editor);
        form.refreshNow();
        QVERIFY(!form.isReadOnly());

        // ramp generator: 1..64 doubling, 10 s stages, 2 s warm-up
        form.stagesSection()->generate(StagesSection::Rule::Doubling, 1, 64, 1,
                                       QStringLiteral("10s"), QStringLiteral("2s"));
        Profile p = parsed(editor.toPlainText());
        QList<int> vus;
        for (const StageSpec &s : p.ramp.stages) {
            vus << s.vus;
            QCOMPARE(s.durationMs, 10000);
        }
        QCOMPARE(vus, (QList<int>{1, 2, 4, 8, 16, 32, 64}));
        QCOMPARE(p.ramp.warmupMs, 2000);
        // one undo step takes the generated ramp back
        editor.undo();
        QCOMPARE(editor.toPlainText(), original);
        editor.redo();
        QCOMPARE(parsed(editor.toPlainText()).ramp.stages.size(), 7);

        // add kv2_read, payload_bytes 2048 through its spin box
        OperationsSection *ops = form.operationsSection();
        ops->addOperation(QStringLiteral("kv2_read"));
        auto *payload = ops->params()->findChild<QSpinBox *>(QStringLiteral("param_payload_bytes"));
        QVERIFY(payload);
        QCOMPARE(payload->value(), 100); // the default shown
        payload->setValue(2048);
        p = parsed(editor.toPlainText());
        QCOMPARE(p.operations.size(), 2);
        QCOMPARE(p.operations.at(1).type, QStringLiteral("kv2_read"));
        QCOMPARE(p.operations.at(1).params.integer(QStringLiteral("payload_bytes")), 2048);
        QCOMPARE(p.operations.at(1).params.integer(QStringLiteral("keys")), 100);

        // a target field
        form.targetSection()->addressEdit()->setText(QStringLiteral("http://127.0.0.2:8300"));
        emit form.targetSection()->addressEdit()->editingFinished();
        QCOMPARE(parsed(editor.toPlainText()).target.address,
                 QStringLiteral("http://127.0.0.2:8300"));

        // YAML -> form: a fresh form on the edited text shows the same values
        ProfileForm again(&editor);
        again.refreshNow();
        QTableWidget *table = again.stagesSection()->table();
        QCOMPARE(table->rowCount(), 7);
        QCOMPARE(table->item(6, 0)->text(), QStringLiteral("64"));
        QCOMPARE(table->item(6, 1)->text(), QStringLiteral("10s"));
        QCOMPARE(again.stagesSection()->warmupEdit()->text(), QStringLiteral("2s"));
        QCOMPARE(again.operationsSection()->list()->count(), 2);
        again.operationsSection()->list()->setCurrentRow(1);
        auto *shown = again.operationsSection()->params()->findChild<QSpinBox *>(
            QStringLiteral("param_payload_bytes"));
        QVERIFY(shown);
        QCOMPARE(shown->value(), 2048);
        QCOMPARE(again.targetSection()->addressEdit()->text(),
                 QStringLiteral("http://127.0.0.2:8300"));

        // every comment of the original is still there, trailing ones on their lines
        const QString now = editor.toPlainText();
        for (const char *c : {"# my profile\n", "name: form-test   # the name\n",
                              "  address: http://127.0.0.2:8300   # local dev server\n",
                              "# the mix\n", "slo: { p99_ms: 50 }   # objective\n"})
            QVERIFY2(now.contains(QLatin1String(c)), c);
    }

    void typingInTheYamlUpdatesTheFormAfterTheDebounce()
    {
        QPlainTextEdit editor;
        editor.setPlainText(
            QStringLiteral("name: t\nramp:\n  stages:\n    - { vus: 3, duration: 5s }\n"
                           "operations:\n  - type: sys_health\n"));
        ProfileForm form(&editor);
        QCOMPARE(form.stagesSection()->table()->item(0, 0)->text(), QStringLiteral("3"));
        QTextCursor c = editor.document()->find(QStringLiteral("vus: 3"));
        c.insertText(QStringLiteral("vus: 12"));
        QTRY_COMPARE(form.stagesSection()->table()->item(0, 0)->text(), QStringLiteral("12"));

        // a broken profile: read-only, names the line
        c = editor.document()->find(QStringLiteral("vus: 12"));
        c.insertText(QStringLiteral("vus: zero"));
        QTRY_VERIFY(form.isReadOnly());
        QCOMPARE(form.problemText(), QStringLiteral("fix the YAML first: line 4"));
        const QString before = editor.toPlainText();
        form.operationsSection()->addOperation(QStringLiteral("kv2_read"));
        QCOMPARE(editor.toPlainText(), before); // no edit while read-only
        c = editor.document()->find(QStringLiteral("vus: zero"));
        c.insertText(QStringLiteral("vus: 5"));
        QTRY_VERIFY(!form.isReadOnly());
    }

    void aBadStageCellIsMarkedAndNotWritten()
    {
        QPlainTextEdit editor;
        editor.setPlainText(
            QStringLiteral("name: t\nramp:\n  stages:\n    - { vus: 3, duration: 5s }\n"
                           "operations:\n  - type: sys_health\n"));
        ProfileForm form(&editor);
        const QString before = editor.toPlainText();
        QTableWidget *table = form.stagesSection()->table();
        table->item(0, 0)->setText(QStringLiteral("2.5")); // VUs are whole
        QCOMPARE(editor.toPlainText(), before);
        QVERIFY(table->item(0, 0)->background() != QBrush());
        QCOMPARE(table->item(0, 1)->background(), QBrush());
        table->item(0, 0)->setText(QStringLiteral("6"));
        QCOMPARE(parsed(editor.toPlainText()).ramp.stages.at(0).vus, 6);
        QCOMPARE(table->item(0, 0)->background(), QBrush());
    }

    void arrivalRateStagesAndExecutorSwitch()
    {
        QPlainTextEdit editor;
        editor.setPlainText(QStringLiteral(
            "name: t\nramp:\n  executor: arrival-rate\n  max_vus: 20\n  stages:\n"
            "    - { rate: 100, duration: 5s }\n    - { rate: 250.5, duration: 5s }\n"
            "operations:\n  - type: sys_health\n"));
        ProfileForm form(&editor);
        QCOMPARE(form.stagesSection()->table()->item(1, 0)->text(), QStringLiteral("250.5"));
        form.stagesSection()->generate(StagesSection::Rule::Linear, 100, 400, 100,
                                       QStringLiteral("4s"), QString());
        const Profile p = parsed(editor.toPlainText());
        QCOMPARE(p.ramp.stages.size(), 4);
        QCOMPARE(p.ramp.stages.at(3).rate, 400.0);
        QCOMPARE(p.ramp.model->name(), QStringLiteral("arrival-rate"));

        // to closed: rates become whole VUs, max_vus goes
        form.refreshNow();
        form.stagesSection()->table()->item(0, 0)->setText(QStringLiteral("2.5"));
        auto *executor =
            form.stagesSection()->findChild<QComboBox *>(QStringLiteral("formExecutor"));
        QVERIFY(executor);
        executor->setCurrentText(QStringLiteral("closed"));
        emit executor->activated(executor->currentIndex());
        const Profile closed = parsed(editor.toPlainText());
        QCOMPARE(closed.ramp.model->name(), QStringLiteral("closed"));
        QCOMPARE(closed.ramp.stages.at(0).vus, 3);
        QCOMPARE(closed.ramp.stages.at(3).vus, 400);
        QVERIFY(!editor.toPlainText().contains(QLatin1String("max_vus")));
        QVERIFY(!editor.toPlainText().contains(QLatin1String("rate:")));
    }

    void rampRules()
    {
        QCOMPARE(doublingLoads(1, 64), (QList<double>{1, 2, 4, 8, 16, 32, 64}));
        QCOMPARE(doublingLoads(1, 500).last(), 500.0);
        QCOMPARE(doublingLoads(1, 500).at(8), 256.0);
        QCOMPARE(linearLoads(10, 40, 10), (QList<double>{10, 20, 30, 40}));
        QCOMPARE(linearLoads(10, 45, 10), (QList<double>{10, 20, 30, 40, 45}));
        QVERIFY(linearLoads(10, 40, 0).isEmpty());
        QVERIFY(doublingLoads(0, 40).isEmpty());
        // a rule of more than 1,000 stages makes none (a user trial got 1..1000 and then a
        // jump to 1,000,000); exactly 1,000 is fine, and 1..1 is one stage
        QVERIFY(linearLoads(1, 1000000, 1).isEmpty());
        QCOMPARE(linearLoads(1, 1000, 1).size(), 1000);
        QCOMPARE(linearLoads(1, 1, 1), (QList<double>{1}));
    }
};

QTEST_MAIN(TestProfileForm)
#include "tst_profileform.moc"
