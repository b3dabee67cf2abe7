// The target panel (issue 9, item 8): the effective target with its sources, and the
// address override stored per profile, marked, resettable, and never applied to another
// profile, also on the next launch (a new panel reads QSettings again).
#include "baoserver.h"
#include "targetconfirmation.h"
#include "targetpanel.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTimer>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace vw;

namespace {

TargetSpec targetAt(int port)
{
    TargetSpec t;
    t.address = QStringLiteral("http://127.0.0.1:%1").arg(port);
    return t;
}

void typeAddress(TargetPanel &panel, const QString &text)
{
    auto *edit = panel.findChild<QLineEdit *>(QStringLiteral("addressEdit"));
    QVERIFY(edit);
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

} // namespace

class TestTargetPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_a, m_b;

    QString shown(TargetPanel &p)
    {
        return p.findChild<QLineEdit *>(QStringLiteral("addressEdit"))->text();
    }
    bool marked(TargetPanel &p)
    {
        auto *mark = p.findChild<QLabel *>(QStringLiteral("addressOverrideMark"));
        auto *reset = p.findChild<QToolButton *>(QStringLiteral("resetAddress"));
        return mark && reset && mark->isVisibleTo(&p) && reset->isVisibleTo(&p);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_targetpanel"));
        QSettings().clear();
        for (const char *v :
             {"VAULT_ADDR", "BAO_ADDR", "VAULT_NAMESPACE", "BAO_NAMESPACE", "VAULT_CACERT",
              "BAO_CACERT", "VAULT_CAPATH", "BAO_CAPATH", "VAULT_SKIP_VERIFY", "BAO_SKIP_VERIFY",
              "VAULT_CLIENT_CERT", "BAO_CLIENT_CERT", "VAULT_CLIENT_KEY", "BAO_CLIENT_KEY",
              "VAULT_CLIENT_TIMEOUT", "BAO_CLIENT_TIMEOUT"})
            qunsetenv(v);
        QVERIFY(m_dir.isValid());
        m_a = m_dir.filePath(QStringLiteral("a.yaml"));
        m_b = m_dir.filePath(QStringLiteral("b.yaml"));
    }

    void overrideIsPerProfile()
    {
        // The single override of older builds is dropped: it replaced every profile's address.
        QSettings().setValue(QStringLiteral("target/addressOverride"),
                             QStringLiteral("http://127.0.0.1:7777"));
        {
            TargetPanel panel;
            QVERIFY(!QSettings().contains(QStringLiteral("target/addressOverride")));
            panel.setProfile(m_a, targetAt(8201));
            QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:8201"));
            QVERIFY(!panel.isAddressOverridden());
            QVERIFY(!marked(panel));
            QCOMPARE(panel.resolvedTarget().sources.value(QStringLiteral("address")),
                     QStringLiteral("profile"));

            typeAddress(panel, QStringLiteral("http://127.0.0.1:9999"));
            QVERIFY(panel.isAddressOverridden());
            QVERIFY(marked(panel));
            const ResolvedTarget r = panel.resolvedTarget();
            QCOMPARE(r.target.address, QStringLiteral("http://127.0.0.1:9999"));
            QCOMPARE(r.sources.value(QStringLiteral("address")),
                     QStringLiteral("override (this profile)"));
            auto *effective = panel.findChild<QLabel *>(QStringLiteral("effectiveTarget"));
            QVERIFY(effective);
            QVERIFY2(effective->text().contains(
                         QStringLiteral("http://127.0.0.1:9999 (from override (this profile))")),
                     qPrintable(effective->text()));

            // kept as plain text by the profile's path (never a token: the panel has none here)
            {
                QSettings settings;
                settings.sync();
                QFile ini(settings.fileName());
                QVERIFY(ini.open(QIODevice::ReadOnly));
                const QByteArray text = ini.readAll();
                QVERIFY2(text.contains("http://127.0.0.1:9999"), text.constData());
                QVERIFY2(text.contains("a.yaml"), text.constData());
            }

            // another profile keeps its own address
            panel.setProfile(m_b, targetAt(8202));
            QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:8202"));
            QVERIFY(!panel.isAddressOverridden());
            QVERIFY(!marked(panel));
            QCOMPARE(panel.resolvedTarget().target.address,
                     QStringLiteral("http://127.0.0.1:8202"));
        }
        {
            // the next launch: b is still its own, a still overridden
            TargetPanel panel;
            panel.setProfile(m_b, targetAt(8202));
            QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:8202"));
            QVERIFY(!panel.isAddressOverridden());
            panel.setProfile(m_a, targetAt(8201));
            QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:9999"));
            QVERIFY(panel.isAddressOverridden());
            QVERIFY(marked(panel));

            // reset: the profile's address again, and forgotten for the next launch
            QTest::mouseClick(panel.findChild<QToolButton *>(QStringLiteral("resetAddress")),
                              Qt::LeftButton);
            QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:8201"));
            QVERIFY(!panel.isAddressOverridden());
            QVERIFY(!marked(panel));
        }
        {
            TargetPanel panel;
            panel.setProfile(m_a, targetAt(8201));
            QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:8201"));
            QVERIFY(!panel.isAddressOverridden());
        }
    }

    // --addr of the GUI's command line: every profile of the launch without its own
    // override, source "flag --addr"; a profile's override is kept and still wins.
    void launchAddressIsAFlag()
    {
        {
            TargetPanel panel;
            panel.setProfile(m_a, targetAt(8201));
            typeAddress(panel, QStringLiteral("http://127.0.0.1:9100"));
            QVERIFY(panel.isAddressOverridden());
        }
        TargetPanel panel;
        panel.setAddress(QStringLiteral("http://127.0.0.1:9200"));
        panel.setProfile(m_b, targetAt(8202));
        QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:9200"));
        QCOMPARE(panel.resolvedTarget().sources.value(QStringLiteral("address")),
                 QStringLiteral("flag --addr"));
        QVERIFY(!panel.isAddressOverridden());
        panel.setProfile(m_a, targetAt(8201));
        QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:9100"));
        QVERIFY(marked(panel));
        panel.resetAddressOverride();
        QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:9200"));
    }

    // The environment counts as for `run`: VAULT_ADDR over the profile, and the other
    // settings with their sources.
    void effectiveTargetFromTheEnvironment()
    {
        qputenv("VAULT_ADDR", "http://127.0.0.1:8300");
        qputenv("BAO_NAMESPACE", "team-x");
        TargetPanel panel;
        panel.setProfile(m_b, targetAt(8202));
        QCOMPARE(shown(panel), QStringLiteral("http://127.0.0.1:8300"));
        QVERIFY(!panel.isAddressOverridden());
        const ResolvedTarget r = panel.resolvedTarget();
        QCOMPARE(r.target.vaultNamespace, QStringLiteral("team-x"));
        QCOMPARE(r.sources.value(QStringLiteral("address")), QStringLiteral("env VAULT_ADDR"));
        const QString text = panel.findChild<QLabel *>(QStringLiteral("effectiveTarget"))->text();
        QVERIFY2(text.contains(QStringLiteral("http://127.0.0.1:8300 (from env VAULT_ADDR)")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("namespace team-x (from env BAO_NAMESPACE)")),
                 qPrintable(text));
        qunsetenv("VAULT_ADDR");
        qunsetenv("BAO_NAMESPACE");
    }

    // The questions before a run to a new address: "contact it?" first (tst_guiaccess checks
    // that nothing is sent before), then the probe runs off the GUI thread and the question
    // names the address, the server's version and its cluster name; a yes is
    // remembered for that address only, a no is not. (The class does not itself test for
    // loopback, so a loopback dev server stands in for a remote one: tests stay on loopback.)
    void confirmationNamesVersionAndCluster()
    {
        test::BaoServer bao;
        QString error;
        QVERIFY2(bao.start(&error), qPrintable(error));
        TargetConfirmation::forgetAll();
        QWidget parent;
        TargetConfirmation confirmation(&parent);
        Profile profile;
        profile.target.address = bao.address();
        RunOptions options;
        options.label = QStringLiteral("asked");

        for (const bool answer : {false, true}) {
            QString question;
            auto *poll = new QTimer(this);
            connect(poll, &QTimer::timeout, this, [&, poll] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                if (!box)
                    return;
                if (box->objectName() == QLatin1String("targetContactQuestion")) {
                    box->button(QMessageBox::Yes)->click(); // contact it: the probe may run
                    return;
                }
                question = box->text();
                box->button(answer ? QMessageBox::Yes : QMessageBox::No)->click();
                poll->deleteLater();
            });
            poll->start(20);
            QSignalSpy answered(&confirmation, &TargetConfirmation::answered);
            confirmation.ask(profile, options);
            QVERIFY(confirmation.isAsking());
            QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 20000);
            QCOMPARE(answered.at(0).at(0).toBool(), answer);
            QCOMPARE(answered.at(0).at(2).value<RunOptions>().label, QStringLiteral("asked"));
            QVERIFY2(question.contains(bao.address()), qPrintable(question));
            QVERIFY2(question.contains(QStringLiteral("OpenBao 2.")), qPrintable(question));
            QVERIFY2(question.contains(QStringLiteral("cluster \"vault-cluster-")),
                     qPrintable(question));
            QCOMPARE(TargetConfirmation::isConfirmed(bao.address()), answer);
            QVERIFY(!confirmation.isAsking());
        }
        QVERIFY(!TargetConfirmation::isConfirmed(QStringLiteral("http://127.0.0.1:1")));
        // the settings hold the address, never the token
        QSettings settings;
        settings.sync();
        QFile ini(settings.fileName());
        QVERIFY(ini.open(QIODevice::ReadOnly));
        const QByteArray text = ini.readAll();
        QVERIFY(text.contains(bao.address().toUtf8()));
        QVERIFY(!text.contains(bao.rootToken()));
        TargetConfirmation::forgetAll();
    }

    // A non-loopback address is flagged in the panel; confirmations are kept per address.
    void nonLoopbackIsFlagged()
    {
        TargetPanel panel;
        TargetSpec remote;
        remote.address = QStringLiteral("http://192.0.2.1:8200");
        panel.setProfile(m_dir.filePath(QStringLiteral("remote.yaml")), remote);
        const QString text = panel.findChild<QLabel *>(QStringLiteral("effectiveTarget"))->text();
        QVERIFY2(text.contains(QStringLiteral("not a loopback address")), qPrintable(text));
        TargetConfirmation::forgetAll();
        QVERIFY(!TargetConfirmation::isConfirmed(remote.address));
    }
};

QTEST_MAIN(TestTargetPanel)
#include "tst_targetpanel.moc"
