// The target panel's local target row (ui/localtargetbox.h): Start brings up a real dev
// server in the background (the click returns at once), the row then shows its role and
// version and the panel targets it by name; Stop stops it by PID. Its "With:" boxes start a
// service (PostgreSQL) beside it.
#include "localtarget/postgres.h"
#include "localtargetbox.h"
#include "targetpanel.h"
#include "vault/localtargetstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

class TestLocalTargetBox : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("VW_TARGET_DIR", m_dir.filePath(QStringLiteral("state")).toLocal8Bit());
        qputenv("HOME", m_dir.path().toLocal8Bit());
        qunsetenv("VAULT_TOKEN");
        qunsetenv("BAO_TOKEN");
        qunsetenv("VAULT_ADDR");
        qunsetenv("BAO_ADDR");
    }

    void startAndStopDev()
    {
        TargetPanel panel;
        auto *box = panel.findChild<LocalTargetBox *>();
        QVERIFY(box);
        auto *status = box->findChild<QLabel *>(QStringLiteral("localTargetStatus"));
        auto *start = box->findChild<QPushButton *>(QStringLiteral("localTargetStart"));
        auto *stop = box->findChild<QPushButton *>(QStringLiteral("localTargetStop"));
        QVERIFY(status && start && stop);
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 10000); // the first status query
        QCOMPARE(status->text(), QStringLiteral("no local target"));

        QSignalSpy started(box, &LocalTargetBox::started);
        QElapsedTimer click;
        click.start();
        QTest::mouseClick(start, Qt::LeftButton);
        QVERIFY2(click.elapsed() < 200, "the GUI thread waited on the start");
        QVERIFY(box->isBusy());
        QVERIFY(!start->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 60000);
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.first().at(0).toString(), QStringLiteral("dev"));
        QVERIFY(status->text().startsWith(QLatin1String("dev: active (")));
        const qint64 pid = localTargetPid(QStringLiteral("dev"));
        QVERIFY(pid > 0);
        // The panel now targets the node by name: resolved to its loopback address.
        const ResolvedTarget t = panel.resolvedTarget();
        QVERIFY2(t.ok(), qPrintable(t.errors.join(QLatin1Char('\n'))));
        QCOMPARE(t.localTargetNode, QStringLiteral("dev"));
        QVERIFY(t.target.address.startsWith(QLatin1String("http://127.0.0.1:")));
        QVERIFY(!panel.token().isEmpty());
        // Started with telemetry, and a run against it reads the node's /proc (its PID goes
        // to RunOptions::serverPid, RunController::startChecked()); the session says "dev".
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(t.localTargetDir, &state, &error), qPrintable(error));
        QVERIFY(state.telemetry);
        QCOMPARE(t.localTargetServerPid, pid);
        QCOMPARE(t.topology.kind, QStringLiteral("dev"));

        QSignalSpy stopped(box, &LocalTargetBox::stopped);
        click.restart();
        QTest::mouseClick(stop, Qt::LeftButton);
        QVERIFY2(click.elapsed() < 200, "the GUI thread waited on the stop");
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 30000);
        QCOMPARE(stopped.size(), 1);
        QCOMPARE(status->text(), QStringLiteral("no local target"));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("state/target.json"))));
        QVERIFY(!QFile::exists(QStringLiteral("/proc/%1/cmdline").arg(pid))
                || localTargetPid(QStringLiteral("dev")) == 0);
    }

    // The "With:" row: a box per service `target up --with` knows; a checked one starts
    // beside the target, and while the target runs the boxes show what runs (disabled).
    void startDevWithPostgres()
    {
        if (findPostgresBinDir().isEmpty())
            QSKIP("PostgreSQL's server binaries are not installed (apt-get install postgresql)");
        TargetPanel panel;
        auto *box = panel.findChild<LocalTargetBox *>();
        QVERIFY(box);
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 10000);
        for (const QString &service : LocalTargetOptions::knownServices()) {
            auto *c = box->findChild<QCheckBox *>(QStringLiteral("localTargetWith-") + service);
            QVERIFY2(c, qPrintable(service));
            QVERIFY(!c->accessibleName().isEmpty());
            QVERIFY(c->isEnabled() && !c->isChecked());
        }
        auto *pg = box->findChild<QCheckBox *>(QStringLiteral("localTargetWith-postgres"));
        pg->setChecked(true);
        QCOMPARE(box->services(), QStringList{QStringLiteral("postgres")});
        QSignalSpy started(box, &LocalTargetBox::started);
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("localTargetStart")),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 90000);
        QCOMPARE(started.size(), 1);
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(defaultLocalTargetDir(), &state, &error), qPrintable(error));
        const LocalTargetNode *n = state.node(QStringLiteral("postgres"));
        QVERIFY(n && n->isService());
        QVERIFY(isLocalTargetProcess(n->pid, n->configFile));
        const qint64 pgPid = n->pid;
        QVERIFY(pg->isChecked() && !pg->isEnabled());
        auto *status = box->findChild<QLabel *>(QStringLiteral("localTargetStatus"));
        QVERIFY2(status->text().contains(QLatin1String("postgres:")), qPrintable(status->text()));

        // A new window finds it running and checks the box by itself.
        TargetPanel other;
        auto *otherBox = other.findChild<LocalTargetBox *>();
        QTRY_VERIFY_WITH_TIMEOUT(!otherBox->isBusy(), 10000);
        QVERIFY(otherBox->findChild<QCheckBox *>(QStringLiteral("localTargetWith-postgres"))
                    ->isChecked());

        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("localTargetStop")),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 60000);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("state/target.json"))));
        QVERIFY(!isLocalTargetProcess(pgPid, n->configFile));
        QVERIFY(pg->isEnabled()); // unlocked once the target is down, as the kind selector
        QVERIFY(box->findChild<QComboBox *>(QStringLiteral("localTargetKind"))->isEnabled());
    }
};

QTEST_MAIN(TestLocalTargetBox)
#include "tst_localtargetbox.moc"
