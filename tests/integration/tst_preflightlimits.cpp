// The pre-flight refuses a run that cannot last or cannot open its connections, before
// anything is created, and a run with a short-lived renewable token renews it (issue 9 items 3
// and 7). The `vault-workbench run` binary against a real `bao server -dev`:
//   - a token with a 6 s TTL, not renewable, on an 8 s ramp: exit 3, the message names both
//     durations, sys/mounts, sys/auth and sys/policies/acl unchanged;
//   - a renewable token with a 4 s TTL and a 120 s max TTL on an 8 s ramp: completed, no 403,
//     the session says it was renewed; the run process is not dumpable (util/coredump.h);
//   - 200 VUs under an open-file limit of 64 (soft and hard): exit 3, the message names 64,
//     the VU count and how to raise it; nothing created.
#include "apprun.h"
#include "baoserver.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

using namespace vw;

namespace {

using vw::test::AppResult;

} // namespace

class TestPreflightLimits : public QObject {
    Q_OBJECT

    test::BaoServer m_bao;
    QTemporaryDir m_home; // HOME of the app: no ~/.vault-token of the machine's user

    /// Keys of sys/mounts, sys/auth and sys/policies/acl (root token): what a run may leave.
    QStringList serverState()
    {
        TargetSpec target;
        target.address = m_bao.address();
        VaultClient root(target, m_bao.rootToken());
        QStringList out;
        for (const char *path : {"sys/mounts", "sys/auth"}) {
            const VaultResponse r = root.get(QLatin1String(path));
            const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
            for (auto it = data.constBegin(); it != data.constEnd(); ++it)
                out << QStringLiteral("%1:%2").arg(QLatin1String(path), it.key());
        }
        const VaultResponse p = root.request("LIST", QStringLiteral("sys/policies/acl"));
        for (const QJsonValue &k : p.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            out << QStringLiteral("policy:") + k.toString();
        out.sort();
        return out;
    }

    /// Runs `sh -c "<shellPrefix> exec app run ..."` so that a test can lower a limit first.
    AppResult runApp(const QStringList &args, const QByteArray &token, const QString &workDir,
                     const QString &shellPrefix = QString())
    {
        test::AppRun run = test::appRun(args, workDir, test::appEnvironment(m_home.path(), token));
        run.redact = token;
        run.shellPrefix = shellPrefix;
        return test::runApp(run);
    }

    /// A closed-model kv2_read profile (it creates a mount) with `stages`.
    QString writeProfile(const QString &dir, const QString &stages)
    {
        const QString path = QDir(dir).filePath(QStringLiteral("preflight.yaml"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return QString();
        f.write(QStringLiteral("name: preflight\n"
                               "target:\n  address: %1\n"
                               "ramp:\n  executor: closed\n  stages:\n%2"
                               "operations:\n"
                               "  - type: kv2_read\n"
                               "    params: { keys: 5, payload_bytes: 64 }\n")
                    .arg(m_bao.address(), stages)
                    .toUtf8());
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void shortTokenIsRefusedBeforeSetup()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("    - { vus: 1, duration: 4s }\n"
                                                    "    - { vus: 2, duration: 4s }\n"));
        QString error;
        const QByteArray token =
            m_bao.createToken(QJsonObject{{QStringLiteral("ttl"), QStringLiteral("6s")},
                                          {QStringLiteral("renewable"), false}},
                              &error);
        QVERIFY2(!token.isEmpty(), qPrintable(error));
        const QStringList before = serverState();
        const QString out = dir.filePath(QStringLiteral("s.json"));

        const AppResult r = runApp({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                                   token, dir.path());
        QVERIFY2(r.exitCode == 3, qPrintable(r.out + r.err));
        // The TTL as looked up (6 s, or 5 s a second later), the ramp and the run's length.
        QVERIFY2(QRegularExpression(QStringLiteral("TTL is [1-6]s and it is not renewable"))
                     .match(r.err)
                     .hasMatch(),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("planned length is 38s (ramp 8s")),
                 qPrintable(r.err));
        QVERIFY2(r.err.size() < 2000, qPrintable(r.err));
        QVERIFY(!r.err.contains(QStringLiteral("TOKEN-LEAKED"))
                && !r.out.contains(QStringLiteral("TOKEN-LEAKED")));
        QVERIFY(!QFile::exists(out)); // setup_failed: nothing measured, no session
        QCOMPARE(serverState(), before);
    }

    void renewableTokenIsRenewedDuringTheRun()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("    - { vus: 1, duration: 4s }\n"
                                                    "    - { vus: 2, duration: 4s }\n"));
        QString error;
        const QByteArray token = m_bao.createToken(
            QJsonObject{{QStringLiteral("ttl"), QStringLiteral("4s")},
                        {QStringLiteral("explicit_max_ttl"), QStringLiteral("120s")},
                        {QStringLiteral("renewable"), true}},
            &error);
        QVERIFY2(!token.isEmpty(), qPrintable(error));
        const QStringList before = serverState();
        const QString out = dir.filePath(QStringLiteral("s.json"));

        const AppResult r = runApp({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                                   token, dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(!r.err.contains(QStringLiteral("TOKEN-LEAKED"))
                && !r.out.contains(QStringLiteral("TOKEN-LEAKED")));
        // util/coredump.h: the run process is not dumpable while it holds the token.
        QVERIFY2(r.out.contains(QStringLiteral("core dumps: off while the token is held")),
                 qPrintable(r.out));

        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!bytes.contains(token));
        const QJsonObject s = QJsonDocument::fromJson(bytes).object();
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QJsonObject t = s.value(QStringLiteral("auth")).toObject();
        QVERIFY2(t.value(QStringLiteral("renewable")).toBool(), bytes.constData());
        QVERIFY(t.value(QStringLiteral("renewal_planned")).toBool());
        QVERIFY(t.value(QStringLiteral("renewed")).toBool());
        // 4 s TTL, renewed at ~2 s: at least 3 renewals over an 8 s ramp and its setup.
        QVERIFY2(t.value(QStringLiteral("renewals")).toInt() >= 3, bytes.constData());
        QCOMPARE(t.value(QStringLiteral("renew_error")).toString(), QString());
        QVERIFY(!t.contains(QStringLiteral("accessor")));
        const QJsonArray stages = s.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 2);
        for (const QJsonValue &st : stages) {
            for (const QJsonValue &op : st.toObject().value(QStringLiteral("ops")).toArray()) {
                const QJsonObject o = op.toObject();
                QVERIFY(o.value(QStringLiteral("count")).toInt() > 0);
                QCOMPARE(o.value(QStringLiteral("ok")).toInt(),
                         o.value(QStringLiteral("count")).toInt());
                QVERIFY(!o.value(QStringLiteral("errors"))
                             .toObject()
                             .contains(QStringLiteral("http_403")));
            }
        }
        QCOMPARE(serverState(), before);
    }

    void tooManyVusForTheOpenFileLimitAreRefused()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("    - { vus: 200, duration: 2s }\n"));
        const QStringList before = serverState();
        // Soft and hard limit 64: the run cannot raise it.
        const AppResult r = runApp({QStringLiteral("run"), profile}, m_bao.rootToken(), dir.path(),
                                   QStringLiteral("ulimit -n 64 &&"));
        QVERIFY2(r.exitCode == 3, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains(QStringLiteral("open-file limit is 64 (hard limit 64)")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("200 VUs need 264 open files")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("ulimit -n 264")), qPrintable(r.err));
        QVERIFY2(r.err.size() < 2000, qPrintable(r.err));
        QCOMPARE(serverState(), before);
    }

    void lowSoftLimitIsRaisedToTheHardLimit()
    {
        // Soft 64 under a hard limit that allows 200 VUs: raised as wrk does, and they run.
        rlimit rl{};
        QVERIFY(getrlimit(RLIMIT_NOFILE, &rl) == 0);
        if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < 264)
            QSKIP("the hard open-file limit of this machine is below 264");
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("    - { vus: 200, duration: 1s }\n"));
        const QString out = dir.filePath(QStringLiteral("s.json"));
        const AppResult r =
            runApp({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                   m_bao.rootToken(), dir.path(), QStringLiteral("ulimit -Sn 64 &&"));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(QFile::exists(out));
    }

    void cleanupTestCase() { m_bao.stop(); }
};

QTEST_GUILESS_MAIN(TestPreflightLimits)
#include "tst_preflightlimits.moc"
