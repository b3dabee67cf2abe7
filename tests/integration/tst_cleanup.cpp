// Leftovers after faults and the sweep (issue 9, item 2), against a real `bao server -dev`:
// a rate-limit quota that answers 429 while the run cleans up (the cleanup retries and
// removes everything), a run killed (SIGKILL) inside stage 1 swept by `vault-workbench
// cleanup SESSION`, and `cleanup --all` that without a terminal and without --yes only lists.
// Each asserts that sys/mounts, sys/auth and sys/policies/acl hold nothing tagged afterwards,
// read with plain API calls (not the sweeper under test).
#include "apprun.h"
#include "baoserver.h"
#include "session/session.h"
#include "session/sessionio.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace vw;

namespace {

using vw::test::AppResult;

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    const QByteArray bytes = text.toUtf8();
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

const QString kTag = QStringLiteral("vault-workbench run ");

} // namespace

class TestCleanup : public QObject {
    Q_OBJECT

    test::BaoServer m_bao;
    QTemporaryDir m_emptyHome;

    QProcessEnvironment env(const QByteArray &token = QByteArray()) const
    {
        return test::appEnvironment(m_emptyHome.path(),
                                    token.isEmpty() ? m_bao.rootToken() : token);
    }

    AppResult runApp(const QStringList &args, const QString &workDir,
                     const QByteArray &token = QByteArray(), int timeoutMs = 90000)
    {
        return test::runApp(test::appRun(args, workDir, env(token), timeoutMs));
    }

    TargetSpec target(const test::BaoServer *server = nullptr) const
    {
        TargetSpec t;
        t.address = (server ? server : &m_bao)->address();
        t.requestTimeoutMs = 10000;
        return t;
    }

    /// Everything on the server that is a workbench's (tagged mount or auth method, "vwb-"
    /// policy) as "mount x", "auth x", "policy x"; "error: ..." when a list fails.
    QStringList workbenchThings(const test::BaoServer *server = nullptr)
    {
        const test::BaoServer &srv = server ? *server : m_bao;
        VaultClient c(target(&srv), srv.rootToken());
        c.setRetryPolicy(RetryPolicy::cleanup());
        QStringList out;
        for (const char *kind : {"mounts", "auth"}) {
            const VaultResponse r = c.get(QStringLiteral("sys/") + QLatin1String(kind));
            if (!r.ok())
                return {QStringLiteral("error: ") + r.describe()};
            const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
            for (auto it = data.begin(); it != data.end(); ++it)
                if (it.value()
                        .toObject()
                        .value(QStringLiteral("description"))
                        .toString()
                        .startsWith(kTag)
                    || it.key().startsWith(QStringLiteral("vwb-")))
                    out << QStringLiteral("%1 %2").arg(QLatin1String(kind), it.key());
        }
        const VaultResponse p = c.request("LIST", QStringLiteral("sys/policies/acl"));
        if (!p.ok())
            return {QStringLiteral("error: ") + p.describe()};
        for (const QJsonValue &k : p.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            if (k.toString().startsWith(QStringLiteral("vwb-")))
                out << QStringLiteral("policy ") + k.toString();
        return out;
    }

    QString writeProfile(const QString &dir, const QString &name, const QString &stages,
                         const QString &ops, const QString &extra = QString(),
                         const test::BaoServer *server = nullptr)
    {
        const QString path = QDir(dir).filePath(name + QStringLiteral(".yaml"));
        const QString yaml =
            QStringLiteral("name: %1\n"
                           "target: { address: %2 }\n"
                           "ramp:\n"
                           "  warmup: 0s\n"
                           "  stages:\n%3"
                           "operations:\n%4%5")
                .arg(name, (server ? server : &m_bao)->address(), stages, ops, extra);
        return writeFile(path, yaml) ? path : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo(QStringLiteral(VW_APP_BINARY)).isExecutable());
        QVERIFY(m_emptyHome.isValid());
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void init()
    {
        const QStringList before = workbenchThings();
        QVERIFY2(before.isEmpty(), qPrintable(before.join(QStringLiteral(", "))));
    }

    // (a) A rate-limit quota set once setup is done blocks the client for 5 s whenever it
    // goes over 20 requests/s: the load trips it, so the run's cleanup meets 429s. It retries
    // (Retry-After, backoff) and removes the mounts; nothing tagged is left.
    void rateLimitedCleanupStillRemovesEverything()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("quota"),
                         QStringLiteral("    - { vus: 2, duration: 2s }\n"
                                        "    - { vus: 4, duration: 2s }\n"),
                         QStringLiteral("  - type: kv2_read\n"
                                        "    params: { keys: 3, payload_bytes: 16 }\n"
                                        "  - type: ssh_sign\n"),
                         QStringLiteral("abort: { enabled: false }\n"));
        QVERIFY(!profile.isEmpty());
        const QString out = dir.filePath(QStringLiteral("quota.json"));

        QProcess p;
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                            dir.path(), env())));
        QByteArray stdoutSoFar;
        QTRY_VERIFY_WITH_TIMEOUT((stdoutSoFar += p.readAllStandardOutput()).contains("stage 1:")
                                     || p.state() != QProcess::Running,
                                 30000);
        QCOMPARE(p.state(), QProcess::Running);

        VaultClient admin(target(), m_bao.rootToken());
        // Retry-After on 429s (sys/quotas/config; off by default, then the backoff alone).
        const VaultResponse config =
            admin.post(QStringLiteral("sys/quotas/config"),
                       QJsonObject{{QStringLiteral("enable_rate_limit_response_headers"), true}});
        QVERIFY2(config.ok(), qPrintable(config.describe()));
        const VaultResponse q =
            admin.post(QStringLiteral("sys/quotas/rate-limit/vw-cleanup-test"),
                       QJsonObject{{QStringLiteral("rate"), 20},
                                   {QStringLiteral("interval"), QStringLiteral("1s")},
                                   {QStringLiteral("block_interval"), QStringLiteral("5s")}});
        QVERIFY2(q.ok(), qPrintable(q.describe()));

        QVERIFY(p.waitForFinished(90000));
        stdoutSoFar += p.readAllStandardOutput();
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QVERIFY2(!err.contains(QString::fromLatin1(m_bao.rootToken())), "the token was printed");

        // Remove the quota (itself rate-limited for up to 5 s: retried) before looking.
        VaultClient retrying(target(), m_bao.rootToken());
        retrying.setRetryPolicy(RetryPolicy::cleanup());
        const VaultResponse del =
            retrying.del(QStringLiteral("sys/quotas/rate-limit/vw-cleanup-test"));
        QVERIFY2(del.ok(), qPrintable(del.describe()));
        QVERIFY(
            retrying
                .post(QStringLiteral("sys/quotas/config"),
                      QJsonObject{{QStringLiteral("enable_rate_limit_response_headers"), false}})
                .ok());

        // The cleanup met the quota and retried, never sooner than the server's Retry-After
        // (the block's remaining whole seconds): one bounded warning per retry.
        const QRegularExpression retried(QStringLiteral(
            "DELETE sys/mounts/vwb-[0-9a-f]{6}-\\S+: 429: [^\n]*; retrying in (\\d+) ms "
            "\\(Retry-After: (\\d+)\\)"));
        int retries = 0;
        for (auto it = retried.globalMatch(err); it.hasNext(); ++retries) {
            const QRegularExpressionMatch m = it.next();
            QVERIFY2(m.captured(1).toLongLong() >= m.captured(2).toLongLong() * 1000,
                     qPrintable(m.captured(0)));
        }
        QVERIFY2(retries > 0, qPrintable(err.left(3000)));
        QVERIFY2(err.count(QLatin1Char('\n')) < 200, qPrintable(err.left(3000)));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 0 || p.exitCode() == 1, // completed, or failed by its 429s
                 qPrintable(QString::number(p.exitCode()) + QLatin1Char(' ') + err.left(3000)));
        const QJsonObject s = QJsonDocument::fromJson(fileBytes(out)).object();
        QCOMPARE(s.value(QStringLiteral("cleanup_error")).toString(), QString());
        QVERIFY(
            s.value(QStringLiteral("run_prefix")).toString().startsWith(QStringLiteral("vwb-")));
        QCOMPARE(s.value(QStringLiteral("resources")).toArray().size(), 3); // 2 mounts, 1 role
        QVERIFY(s.value(QStringLiteral("leftovers")).toArray().isEmpty());
        const QStringList left = workbenchThings();
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
    }

    // (b) SIGKILL inside stage 1: no cleanup ran, but the checkpoint written right after setup
    // records the prefix and what was created; `cleanup SESSION` removes it, exit 0, and a
    // second `cleanup --all --yes` finds nothing.
    void killedRunIsSweptFromItsCheckpoint()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("killed"),
                         QStringLiteral("    - { vus: 2, duration: 60s }\n"),
                         QStringLiteral("  - type: kv2_read\n"
                                        "    params: { keys: 3, payload_bytes: 16 }\n"
                                        "  - type: ssh_sign\n"));
        QVERIFY(!profile.isEmpty());
        const QString out = dir.filePath(QStringLiteral("killed.json"));
        QProcess p;
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                            dir.path(), env())));
        const auto checkpoint = [&] { return QJsonDocument::fromJson(fileBytes(out)).object(); };
        QTRY_VERIFY_WITH_TIMEOUT(
            !checkpoint().value(QStringLiteral("run_prefix")).toString().isEmpty()
                || p.state() != QProcess::Running,
            30000);
        QCOMPARE(p.state(), QProcess::Running);
        QTest::qWait(500); // inside stage 1, load flowing
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);

        const QJsonObject c = checkpoint();
        QCOMPARE(c.value(QStringLiteral("status")).toString(), QStringLiteral("incomplete"));
        QVERIFY(c.value(QStringLiteral("stages")).toArray().isEmpty());
        const QString prefix = c.value(QStringLiteral("run_prefix")).toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^vwb-[0-9a-f]{6}$")).match(prefix).hasMatch(),
                 qPrintable(prefix));
        // The prefix was printed before anything was created (a kill during setup can still
        // be swept with --prefix).
        const QString printed = QString::fromLocal8Bit(p.readAllStandardOutput());
        QVERIFY2(printed.contains(QStringLiteral("; run prefix %1)").arg(prefix)),
                 qPrintable(printed));
        QStringList recorded;
        for (const QJsonValue &v : c.value(QStringLiteral("resources")).toArray())
            recorded << v.toObject().value(QStringLiteral("kind")).toString() + QLatin1Char(' ')
                            + v.toObject().value(QStringLiteral("path")).toString();
        QCOMPARE(recorded, (QStringList{QStringLiteral("mount %1-kv2-0").arg(prefix),
                                        QStringLiteral("mount %1-ssh-1").arg(prefix),
                                        QStringLiteral("role %1-ssh-1/roles/bench").arg(prefix)}));
        // The leftovers are there, described with the tag.
        QCOMPARE(workbenchThings(), (QStringList{QStringLiteral("mounts %1-kv2-0/").arg(prefix),
                                                 QStringLiteral("mounts %1-ssh-1/").arg(prefix)}));

        const AppResult sweep = runApp({QStringLiteral("cleanup"), out}, dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        QVERIFY2(sweep.out.contains(QStringLiteral("removed mount %1-kv2-0").arg(prefix)),
                 qPrintable(sweep.out));
        QVERIFY2(sweep.out.contains(QStringLiteral("nothing left")), qPrintable(sweep.out));
        QVERIFY2(
            sweep.out.contains(QStringLiteral("target %1 (from the session)").arg(m_bao.address())),
            qPrintable(sweep.out));
        QVERIFY(!sweep.out.contains(QString::fromLatin1(m_bao.rootToken())));
        const QStringList left = workbenchThings();
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));

        const AppResult all =
            runApp({QStringLiteral("cleanup"), QStringLiteral("--addr"), m_bao.address(),
                    QStringLiteral("--all"), QStringLiteral("--yes")},
                   dir.path());
        QVERIFY2(all.exitCode == 0, qPrintable(all.out + all.err));
        QVERIFY2(all.out.contains(QStringLiteral("tagged by vault-workbench (0)")),
                 qPrintable(all.out));
    }

    // A session file is not trusted to name what to delete: an edited one listing a user's
    // mount, auth method and policy under a valid run prefix removes only what the server
    // shows tagged with that prefix; the rest is listed as left alone.
    void editedSessionRemovesOnlyWhatIsTagged()
    {
        VaultClient admin(target(), m_bao.rootToken());
        const QString prefix = QStringLiteral("vwb-0d0d0d");
        const struct {
            const char *path;
            QJsonObject body;
        } made[] = {
            {"sys/mounts/vwb-0d0d0d-kv2-0",
             {{QStringLiteral("type"), QStringLiteral("kv-v2")},
              {QStringLiteral("description"), kTag + prefix}}},
            {"sys/mounts/userdata",
             {{QStringLiteral("type"), QStringLiteral("kv-v2")},
              {QStringLiteral("description"), QStringLiteral("precious")}}},
            {"sys/auth/userpass", {{QStringLiteral("type"), QStringLiteral("userpass")}}},
            {"sys/policies/acl/wo",
             {{QStringLiteral("policy"),
               QStringLiteral("path \"secret/*\" { capabilities = [\"read\"] }\n")}}},
        };
        for (const auto &m : made) {
            const VaultResponse r = admin.post(QString::fromLatin1(m.path), m.body);
            QVERIFY2(r.ok(),
                     qPrintable(QString::fromLatin1(m.path) + QStringLiteral(": ") + r.describe()));
        }
        Session edited;
        edited.id = QStringLiteral("edited");
        edited.status = RunStatus::Incomplete;
        edited.targetAddress = m_bao.address();
        edited.plan.target.address = m_bao.address();
        edited.runPrefix = prefix;
        edited.resources = {{ResourceKind::Mount, QStringLiteral("userdata")},
                            {ResourceKind::Mount, QStringLiteral("secret")},
                            {ResourceKind::Auth, QStringLiteral("userpass")},
                            {ResourceKind::Policy, QStringLiteral("wo")},
                            {ResourceKind::Mount, prefix + QStringLiteral("-kv2-0")}};
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("edited.json"));
        QString error;
        QVERIFY2(writeSession(edited, path, &error), qPrintable(error));

        const AppResult sweep = runApp({QStringLiteral("cleanup"), path}, dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        QVERIFY2(sweep.out.contains(QStringLiteral("removed mount %1-kv2-0").arg(prefix)),
                 qPrintable(sweep.out));
        QVERIFY2(sweep.out.contains(QStringLiteral("left alone")), qPrintable(sweep.out));
        for (const char *kept : {"sys/mounts/userdata/tune", "sys/mounts/secret/tune",
                                 "sys/auth/userpass/tune", "sys/policies/acl/wo"})
            QVERIFY2(admin.get(QString::fromLatin1(kept)).ok(), kept);
        QVERIFY(workbenchThings().isEmpty());

        // A prefix the workbench never makes removes nothing.
        edited.runPrefix = QStringLiteral("u");
        QVERIFY2(writeSession(edited, path, &error), qPrintable(error));
        const AppResult bad = runApp({QStringLiteral("cleanup"), path}, dir.path());
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("not one vault-workbench makes")),
                 qPrintable(bad.err));
        QVERIFY(admin.get(QStringLiteral("sys/mounts/userdata/tune")).ok());

        QVERIFY(admin.del(QStringLiteral("sys/mounts/userdata")).ok());
        QVERIFY(admin.del(QStringLiteral("sys/auth/userpass")).ok());
        QVERIFY(admin.del(QStringLiteral("sys/policies/acl/wo")).ok());
    }

    // --prefix: what one run left, with no session (killed during setup); another run's
    // tagged mount stays.
    void prefixSweepsOneRun()
    {
        VaultClient admin(target(), m_bao.rootToken());
        for (const char *prefix : {"vwb-0e0e0e", "vwb-0f0f0f"}) {
            const VaultResponse r =
                admin.post(QStringLiteral("sys/mounts/%1-kv2-0").arg(QLatin1String(prefix)),
                           {{QStringLiteral("type"), QStringLiteral("kv-v2")},
                            {QStringLiteral("description"), kTag + QLatin1String(prefix)}});
            QVERIFY2(r.ok(), qPrintable(r.describe()));
        }
        QTemporaryDir dir;
        const AppResult sweep =
            runApp({QStringLiteral("cleanup"), QStringLiteral("--addr"), m_bao.address(),
                    QStringLiteral("--prefix"), QStringLiteral("vwb-0e0e0e")},
                   dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        QVERIFY2(sweep.out.contains(QStringLiteral("removed mount vwb-0e0e0e-kv2-0")),
                 qPrintable(sweep.out));
        QCOMPARE(workbenchThings(), QStringList{QStringLiteral("mounts vwb-0f0f0f-kv2-0/")});
        QVERIFY(admin.del(QStringLiteral("sys/mounts/vwb-0f0f0f-kv2-0")).ok());
        // it needs a target, and a prefix the workbench makes
        QCOMPARE(runApp({QStringLiteral("cleanup"), QStringLiteral("--prefix"),
                         QStringLiteral("vwb-0e0e0e")},
                        dir.path())
                     .exitCode,
                 2);
        QCOMPARE(runApp({QStringLiteral("cleanup"), QStringLiteral("--addr"), m_bao.address(),
                         QStringLiteral("--prefix"), QStringLiteral("secret")},
                        dir.path())
                     .exitCode,
                 2);
    }

    // (c) `cleanup --all` without a terminal and without --yes lists what is tagged and
    // changes nothing (exit 2); with --yes it removes mounts, auth methods and policies of
    // any run, and leaves what is not the workbench's.
    void allWithoutTerminalOnlyLists()
    {
        VaultClient admin(target(), m_bao.rootToken());
        const QString tag = kTag + QStringLiteral("vwb-0a1b2c");
        const struct {
            const char *path;
            QJsonObject body;
        } made[] = {
            {"sys/mounts/vwb-0a1b2c-kv2-0",
             {{QStringLiteral("type"), QStringLiteral("kv-v2")},
              {QStringLiteral("description"), tag}}},
            {"sys/auth/vwb-0a1b2c-userpass",
             {{QStringLiteral("type"), QStringLiteral("userpass")},
              {QStringLiteral("description"), tag}}},
            {"sys/policies/acl/vwb-0a1b2c-read",
             {{QStringLiteral("policy"),
               QStringLiteral("# %1\npath \"secret/*\" { capabilities = [\"read\"] }\n")
                   .arg(tag)}}},
            // not the workbench's: a user's mount and a "vwb-" policy without the tag
            {"sys/mounts/mine",
             {{QStringLiteral("type"), QStringLiteral("kv-v2")},
              {QStringLiteral("description"), QStringLiteral("my secrets")}}},
            {"sys/policies/acl/vwb-mine",
             {{QStringLiteral("policy"),
               QStringLiteral("path \"secret/*\" { capabilities = [\"read\"] }\n")}}},
        };
        for (const auto &m : made) {
            const VaultResponse r = admin.post(QString::fromLatin1(m.path), m.body);
            QVERIFY2(r.ok(),
                     qPrintable(QString::fromLatin1(m.path) + QStringLiteral(": ") + r.describe()));
        }
        const QStringList before = workbenchThings();
        QCOMPARE(before.size(), 4); // the user's "vwb-mine" policy counts here by its name

        QTemporaryDir dir;
        const AppResult list = runApp({QStringLiteral("cleanup"), QStringLiteral("--all"),
                                       QStringLiteral("--addr"), m_bao.address()},
                                      dir.path());
        QCOMPARE(list.exitCode, 2);
        for (const char *line : {"tagged by vault-workbench (3)", "  policy vwb-0a1b2c-read",
                                 "  auth vwb-0a1b2c-userpass", "  mount vwb-0a1b2c-kv2-0"})
            QVERIFY2(list.out.contains(QString::fromLatin1(line)), qPrintable(list.out));
        QVERIFY2(list.err.contains(QStringLiteral("--yes")), qPrintable(list.err));
        QCOMPARE(workbenchThings(), before); // nothing changed

        const AppResult yes =
            runApp({QStringLiteral("cleanup"), QStringLiteral("--all"), QStringLiteral("--addr"),
                    m_bao.address(), QStringLiteral("--yes")},
                   dir.path());
        QVERIFY2(yes.exitCode == 0, qPrintable(yes.out + yes.err));
        QCOMPARE(workbenchThings(), QStringList{QStringLiteral("policy vwb-mine")});
        QVERIFY(admin.get(QStringLiteral("sys/mounts/mine/tune")).ok()); // still there
        QVERIFY(admin.del(QStringLiteral("sys/policies/acl/vwb-mine")).ok());
        QVERIFY(admin.del(QStringLiteral("sys/mounts/mine")).ok());

        // --all needs a target; a session needs to exist
        const AppResult noAddr =
            runApp({QStringLiteral("cleanup"), QStringLiteral("--all")}, dir.path());
        QCOMPARE(noAddr.exitCode, 2);
        QVERIFY2(noAddr.err.contains(QStringLiteral("--addr")), qPrintable(noAddr.err));
        const AppResult noFile = runApp(
            {QStringLiteral("cleanup"), dir.filePath(QStringLiteral("nope.json"))}, dir.path());
        QCOMPARE(noFile.exitCode, 2);
        // A non-loopback target needs --yes, as for run: refused before any traffic.
        const AppResult far =
            runApp({QStringLiteral("cleanup"), QStringLiteral("--all"), QStringLiteral("--addr"),
                    QStringLiteral("http://198.51.100.1:8200")},
                   dir.path(), QByteArray(), 15000);
        QCOMPARE(far.exitCode, 2);
        QVERIFY2(far.err.contains(QStringLiteral("not a loopback address")), qPrintable(far.err));
    }

    // A run whose cleanup fails (a token that may enable mounts but not disable them: 403,
    // not retried) exits 4, names what is left and prints the exact command that sweeps it;
    // that command (with a token that may) removes it.
    void failedCleanupExitsWithItsOwnCode()
    {
        VaultClient admin(target(), m_bao.rootToken());
        QVERIFY(admin
                    .post(QStringLiteral("sys/policies/acl/no-unmount"),
                          QJsonObject{
                              {QStringLiteral("policy"),
                               QStringLiteral("path \"sys/mounts\" { capabilities = [\"read\"] }\n"
                                              "path \"sys/mounts/*\" { capabilities = [\"create\", "
                                              "\"update\", \"read\"] }\n"
                                              "path \"+/*\" { capabilities = [\"create\", "
                                              "\"update\", \"read\"] }\n")}})
                    .ok());
        const VaultResponse t = admin.post(
            QStringLiteral("auth/token/create"),
            QJsonObject{{QStringLiteral("policies"), QJsonArray{QStringLiteral("no-unmount")}},
                        {QStringLiteral("ttl"), QStringLiteral("10m")}});
        QVERIFY2(t.ok(), qPrintable(t.describe()));
        const QByteArray weakToken = t.json.value(QStringLiteral("auth"))
                                         .toObject()
                                         .value(QStringLiteral("client_token"))
                                         .toString()
                                         .toLatin1();
        QVERIFY(!weakToken.isEmpty());

        QTemporaryDir dir;
        const QString profile = writeProfile(
            dir.path(), QStringLiteral("stuck"), QStringLiteral("    - { vus: 1, duration: 1s }\n"),
            QStringLiteral("  - type: kv2_read\n"
                           "    params: { keys: 2, payload_bytes: 16 }\n"));
        const QString out = dir.filePath(QStringLiteral("stuck.json"));
        const AppResult run = runApp({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                                     dir.path(), weakToken);
        QVERIFY2(run.exitCode == 4, qPrintable(QString::number(run.exitCode) + run.out + run.err));
        const QJsonObject s = QJsonDocument::fromJson(fileBytes(out)).object();
        const QString prefix = s.value(QStringLiteral("run_prefix")).toString();
        QVERIFY2(run.err.contains(QStringLiteral("error: cleanup left mount %1-kv2-0 on %2")
                                      .arg(prefix, m_bao.address())),
                 qPrintable(run.err));
        const QString command = QStringLiteral("sweep it with: vault-workbench cleanup %1\n")
                                    .arg(QFileInfo(out).absoluteFilePath());
        QVERIFY2(run.err.contains(command), qPrintable(run.err));
        QCOMPARE(s.value(QStringLiteral("leftovers")).toArray().size(), 1);
        QCOMPARE(workbenchThings(), QStringList{QStringLiteral("mounts %1-kv2-0/").arg(prefix)});

        // the weak token cannot either: still exit 4, the mount named
        const AppResult weak = runApp({QStringLiteral("cleanup"), out}, dir.path(), weakToken);
        QCOMPARE(weak.exitCode, 4);
        QVERIFY2(
            weak.err.contains(QStringLiteral("still on the server: mount %1-kv2-0").arg(prefix)),
            qPrintable(weak.err));
        const AppResult sweep = runApp({QStringLiteral("cleanup"), out}, dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        QVERIFY(workbenchThings().isEmpty());
        QVERIFY(admin.del(QStringLiteral("sys/policies/acl/no-unmount")).ok());
    }

    // A seal while the run ends: its cleanup meets 503 ("Vault is sealed") and retries with
    // backoff until the server is unsealed 4 s later; nothing tagged is left.
    void briefSealDuringCleanupLeavesNothing()
    {
        test::BaoServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QByteArray key = server.unsealKey();
        QVERIFY(!key.isEmpty());
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("sealed"),
                         QStringLiteral("    - { vus: 2, duration: 2s }\n"),
                         QStringLiteral("  - type: kv2_read\n"
                                        "    params: { keys: 2, payload_bytes: 16 }\n"),
                         QStringLiteral("abort: { enabled: false }\n"), &server);
        const QString out = dir.filePath(QStringLiteral("sealed.json"));
        QProcess p;
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                            dir.path(), env(server.rootToken()))));
        QByteArray stdoutSoFar;
        QTRY_VERIFY_WITH_TIMEOUT((stdoutSoFar += p.readAllStandardOutput()).contains("stage 1:")
                                     || p.state() != QProcess::Running,
                                 30000);
        QCOMPARE(p.state(), QProcess::Running);
        VaultClient admin(target(&server), server.rootToken());
        const VaultResponse seal = admin.request("PUT", QStringLiteral("sys/seal"));
        QVERIFY2(seal.ok(), qPrintable(seal.describe()));
        QTest::qWait(4000); // the stage ends at 2 s: cleanup runs against the sealed server
        QCOMPARE(p.state(), QProcess::Running); // still retrying
        const VaultResponse unseal =
            admin.request("PUT", QStringLiteral("sys/unseal"),
                          QJsonObject{{QStringLiteral("key"), QString::fromLatin1(key)}});
        QVERIFY2(unseal.ok() && !unseal.json.value(QStringLiteral("sealed")).toBool(),
                 qPrintable(unseal.describe()));

        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 0 || p.exitCode() == 1,
                 qPrintable(QString::number(p.exitCode()) + QLatin1Char(' ') + err.left(3000)));
        QVERIFY2(QRegularExpression(QStringLiteral("DELETE sys/mounts/vwb-[0-9a-f]{6}-kv2-0: 503"
                                                   "[^\n]*; retrying in \\d+ ms"))
                     .match(err)
                     .hasMatch(),
                 qPrintable(err.left(3000)));
        QVERIFY2(err.count(QLatin1Char('\n')) < 200, qPrintable(err.left(3000)));
        const QJsonObject s = QJsonDocument::fromJson(fileBytes(out)).object();
        QCOMPARE(s.value(QStringLiteral("cleanup_error")).toString(), QString());
        const QStringList left = workbenchThings(&server);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
        server.stop();
    }

    void cleanupTestCase() { m_bao.stop(); }
};

QTEST_GUILESS_MAIN(TestCleanup)
#include "tst_cleanup.moc"
