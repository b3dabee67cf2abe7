// `vault-workbench k8s` (app/k8scommand.h, app/k8sdriver.h, docs/distributed.md
// "Kubernetes") without a cluster:
// - render with VAULT_TOKEN, BAO_TOKEN and ~/.vault-token set to markers: no rendered file
//   and no output line holds any of them;
// - `k8s shard run` (what a pod runs) against the fixed-delay stub, the token from
//   --token-file: its stdout ends with the session framed, which reads back byte for byte;
// - `k8s collect` with a fake kubectl on PATH (the test is about our client): the logs of 3
//   indexes, one cut at the end and one rotated (cut at the start), are named as such and the
//   merged run is failed; with whole logs the merge is completed and its count the shards' sum;
// - `k8s run` follows a Job that fails by its podFailurePolicy and names the index and its
//   exit code (5, late start); `up` writes the barrier; `down` deletes with kubectl delete -k.
// - against a real cluster only when KUBECONFIG, VW_K8S_IMAGE and VW_K8S_VAULT_ADDR say
//   where (skipped otherwise, saying so).
#include "apprun.h"
#include "delayserver.h"
#include "k8s/sessionframe.h"
#include "session/sessionio.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

void writeFile(const QString &path, const QByteArray &text,
               QFileDevice::Permissions perms = QFileDevice::ReadOwner | QFileDevice::WriteOwner)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    QVERIFY(f.setPermissions(perms));
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kShardProfile = "name: k8s-shard\n"
                                 "ramp:\n"
                                 "  executor: closed\n"
                                 "  stages:\n"
                                 "    - { vus: 6, duration: 1500ms }\n"
                                 "operations:\n"
                                 "  - type: sys_health\n";

/// The fake kubectl: records its argv in $FAKE_KUBECTL_DIR/calls and answers from files there.
const QByteArray kFakeKubectl = "#!/bin/sh\n"
                                "d=\"$FAKE_KUBECTL_DIR\"\n"
                                "echo \"$*\" >> \"$d/calls\"\n"
                                "case \"$1\" in\n"
                                "  get) if [ \"$2\" = pods ]; then cat \"$d/pods.json\"; "
                                "else cat \"$d/job.json\"; fi ;;\n"
                                "  logs) cat \"$d/logs-$2\" || exit 1 ;;\n"
                                "  apply|delete) echo \"$1 done\" ;;\n"
                                "  *) echo \"fake kubectl: $1?\" >&2; exit 1 ;;\n"
                                "esac\n";

QByteArray podsJson(const QString &job, int n, int failedIndex = -1, int failedCode = 0)
{
    QByteArray items;
    for (int i = 0; i < n; ++i) {
        const int code = i == failedIndex ? failedCode : 0;
        items +=
            (i ? "," : "")
            + QStringLiteral(
                  R"({"metadata":{"name":"%1-%2-x","annotations":{"batch.kubernetes.io/job-completion-index":"%2"}},"spec":{"nodeName":"node-%2"},"status":{"phase":"%3","containerStatuses":[{"name":"shard","state":{"terminated":{"exitCode":%4,"reason":"%5"}}}]}})")
                  .arg(job)
                  .arg(i)
                  .arg(code ? QStringLiteral("Failed") : QStringLiteral("Succeeded"))
                  .arg(code)
                  .arg(code ? QStringLiteral("Error") : QStringLiteral("Completed"))
                  .toUtf8();
    }
    return "{\"kind\":\"List\",\"items\":[" + items + "]}";
}

int64_t total(const Session &s)
{
    int64_t n = 0;
    for (const StageStats &st : s.stages)
        n += st.completedTotal();
    return n;
}

} // namespace

class TestK8s : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_fake; ///< the folder of the fake kubectl and its answers

    QProcessEnvironment fakeEnv() const
    {
        QProcessEnvironment env = test::appEnvironment(m_dir.path());
        env.insert(QStringLiteral("PATH"),
                   m_fake + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        env.insert(QStringLiteral("FAKE_KUBECTL_DIR"), m_fake);
        env.remove(QStringLiteral("VW_KUBECTL"));
        return env;
    }

    /// Renders tests/data/k8s/profile.yaml for `n` shards into `out`.
    void render(const QString &out, int n, const QProcessEnvironment &env)
    {
        const test::AppResult r = test::runApp(test::appRun(
            {QStringLiteral("k8s"), QStringLiteral("render"),
             QStringLiteral(VW_SOURCE_DIR "/tests/data/k8s/profile.yaml"),
             QStringLiteral("--parallelism"), QString::number(n), QStringLiteral("--addr"),
             QStringLiteral("http://10.0.0.5:8200"), QStringLiteral("--namespace"),
             QStringLiteral("load"), QStringLiteral("--out-dir"), out},
            m_dir.path(), env));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fake = m_dir.filePath(QStringLiteral("fake"));
        QVERIFY(QDir().mkpath(m_fake));
        writeFile(m_fake + QStringLiteral("/kubectl"), kFakeKubectl,
                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void renderWritesNoToken()
    {
        const QByteArray marker = "s.MARKER-vault-token-do-not-write";
        QProcessEnvironment env = test::appEnvironment(m_dir.path(), marker);
        env.insert(QStringLiteral("BAO_TOKEN"), QStringLiteral("s.MARKER-bao"));
        writeFile(m_dir.filePath(QStringLiteral(".vault-token")), "s.MARKER-file\n");
        const QString out = m_dir.filePath(QStringLiteral("rendered"));
        test::AppRun run = test::appRun(
            {QStringLiteral("k8s"), QStringLiteral("render"),
             QStringLiteral(VW_SOURCE_DIR "/tests/data/k8s/profile.yaml"),
             QStringLiteral("--parallelism"), QStringLiteral("3"), QStringLiteral("--addr"),
             QStringLiteral("https://vault.example:8200"), QStringLiteral("--cacert-secret"),
             QStringLiteral("vault-ca"), QStringLiteral("--out-dir"), out},
            m_dir.path(), env);
        run.redact = marker;
        const test::AppResult r = test::runApp(run);
        QFile::remove(m_dir.filePath(QStringLiteral(".vault-token")));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(!r.out.contains(QStringLiteral("MARKER"))
                && !r.err.contains(QStringLiteral("MARKER")));
        const QStringList files = QDir(out).entryList(QDir::Files);
        QCOMPARE(files.size(), 5);
        for (const QString &name : files) {
            const QByteArray text = readFile(QDir(out).filePath(name));
            QVERIFY(!text.isEmpty());
            QVERIFY2(!text.contains("MARKER"), qPrintable(name + QStringLiteral(" holds a token")));
        }
        QVERIFY(readFile(QDir(out).filePath(QStringLiteral("job.yaml")))
                    .contains("secretName: vault-workbench-token"));
    }

    void shardPrintsItsSessionFramed()
    {
        test::DelayServer server(5);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString profile = m_dir.filePath(QStringLiteral("shard.yaml"));
        writeFile(profile, kShardProfile);
        const QString tokenFile = m_dir.filePath(QStringLiteral("token"));
        writeFile(tokenFile, "loopback-token\n", QFileDevice::ReadOwner); // 0400, as mounted
        QProcessEnvironment env = test::appEnvironment(m_dir.path());
        env.insert(QStringLiteral("JOB_COMPLETION_INDEX"), QStringLiteral("1"));
        const QString out = m_dir.filePath(QStringLiteral("shard-1.json"));
        test::AppRun run = test::appRun(
            {QStringLiteral("k8s"), QStringLiteral("shard"), QStringLiteral("run"), profile,
             QStringLiteral("--shard"), QStringLiteral("auto/2"), QStringLiteral("--addr"),
             server.address(), QStringLiteral("--token-file"), tokenFile,
             QStringLiteral("--no-server-telemetry"), QStringLiteral("--out"), out},
            m_dir.path(), env);
        run.redact = "loopback-token";
        const test::AppResult r = test::runApp(run);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("token from --token-file")), qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("<TOKEN-LEAKED>")));
        const k8s::FrameReading f = k8s::readSessionFrame(r.out.toLocal8Bit(), 1);
        QVERIFY2(f.status == k8s::FrameReading::Status::Ok, qPrintable(f.detail));
        QCOMPARE(f.session, readFile(out));
        // And an unreadable --token-file is a config error (exit 2), nothing sent.
        const test::AppResult bad = test::runApp(test::appRun(
            {QStringLiteral("run"), profile, QStringLiteral("--addr"), server.address(),
             QStringLiteral("--token-file"), m_dir.filePath(QStringLiteral("absent")),
             QStringLiteral("--out"), m_dir.filePath(QStringLiteral("bad.json"))},
            m_dir.path(), env));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("cannot read --token-file")), qPrintable(bad.err));
    }

    void collectReadsFramesAndNamesCutLogs()
    {
        // Three shard sessions as pods print them: `k8s shard run` against the stub.
        test::DelayServer server(5);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString profile = m_dir.filePath(QStringLiteral("shard.yaml"));
        writeFile(profile, kShardProfile);
        const QString dir = m_dir.filePath(QStringLiteral("collect"));
        render(dir, 3, fakeEnv());
        const QString job = QStringLiteral("vwb-k8s-golden");
        QList<QByteArray> logs;
        int64_t sum = 0;
        for (int i = 0; i < 3; ++i) {
            QProcessEnvironment env = test::appEnvironment(m_dir.path(), "loopback-token");
            env.insert(QStringLiteral("JOB_COMPLETION_INDEX"), QString::number(i));
            const QString out = m_dir.filePath(QStringLiteral("pod-%1.json").arg(i));
            const test::AppResult r = test::runApp(test::appRun(
                {QStringLiteral("k8s"), QStringLiteral("shard"), QStringLiteral("run"), profile,
                 QStringLiteral("--shard"), QStringLiteral("auto/3"), QStringLiteral("--addr"),
                 server.address(), QStringLiteral("--no-server-telemetry"), QStringLiteral("--out"),
                 out},
                m_dir.path(), env));
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
            logs << r.out.toLocal8Bit();
            QString e;
            sum += total(*readSession(out, &e));
        }
        writeFile(m_fake + QStringLiteral("/pods.json"), podsJson(job, 3));
        QFile::remove(m_fake + QStringLiteral("/calls"));
        // Index 1's log ends inside its frame; index 2's was rotated inside it.
        const QByteArray frame2 = logs.at(2).mid(logs.at(2).indexOf("----- BEGIN"));
        for (int i = 0; i < 3; ++i) {
            QByteArray text = logs.at(i);
            if (i == 1)
                text = text.left(text.size() - 400);
            if (i == 2)
                text = frame2.mid(frame2.indexOf('\n', frame2.size() / 2) + 1);
            writeFile(m_fake + QStringLiteral("/logs-%1-%2-x").arg(job).arg(i), text);
        }
        const QString merged = m_dir.filePath(QStringLiteral("merged.json"));
        test::AppResult r =
            test::runApp(test::appRun({QStringLiteral("k8s"), QStringLiteral("collect"), dir,
                                       QStringLiteral("--out"), merged},
                                      m_dir.path(), fakeEnv()));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("index 1 (pod vwb-k8s-golden-1-x, exit 0): session "
                                               "cut at the end")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("index 2 (pod vwb-k8s-golden-2-x, exit 0): session "
                                               "cut at the start")),
                 qPrintable(r.err));
        QVERIFY(
            r.out.contains(QStringLiteral("index 0 (pod vwb-k8s-golden-0-x, exit 0): session")));
        QString e;
        std::optional<Session> m = readSession(merged, &e);
        QVERIFY2(m, qPrintable(e));
        QCOMPARE(m->status, RunStatus::Failed);
        QVERIFY(m->merge.notes.join(QLatin1Char(' ')).contains(QStringLiteral("missing")));
        const QByteArray calls = readFile(m_fake + QStringLiteral("/calls"));
        QVERIFY2(calls.contains(
                     "get pods -l batch.kubernetes.io/job-name=vwb-k8s-golden -o json -n load"),
                 calls.constData());
        QVERIFY(calls.contains("logs vwb-k8s-golden-2-x -c shard -n load"));

        // Whole logs: completed, the merged count exactly the shards' sum.
        for (int i = 0; i < 3; ++i)
            writeFile(m_fake + QStringLiteral("/logs-%1-%2-x").arg(job).arg(i), logs.at(i));
        r = test::runApp(test::appRun({QStringLiteral("k8s"), QStringLiteral("collect"), dir,
                                       QStringLiteral("--out"), merged},
                                      m_dir.path(), fakeEnv()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        m = readSession(merged, &e);
        QVERIFY2(m, qPrintable(e));
        QCOMPARE(m->status, RunStatus::Completed);
        QCOMPARE(m->merge.shards.size(), 3);
        QCOMPARE(total(*m), sum);
        QVERIFY(sum > 0);
    }

    void runFollowsTheJobToItsFailedIndex()
    {
        const QString dir = m_dir.filePath(QStringLiteral("run"));
        render(dir, 3, fakeEnv());
        const QString job = QStringLiteral("vwb-k8s-golden");
        writeFile(
            m_fake + QStringLiteral("/job.json"),
            R"({"kind":"Job","status":{"failed":1,"failedIndexes":"1","conditions":[{"type":"Failed","status":"True","reason":"PodFailurePolicy","message":"Container shard for pod load/vwb-k8s-golden-1-x failed with exit code 5 matching FailJob rule at index 0"}]}})");
        writeFile(m_fake + QStringLiteral("/pods.json"), podsJson(job, 3, 1, 5));
        QFile::remove(m_fake + QStringLiteral("/calls"));
        const test::AppResult r =
            test::runApp(test::appRun({QStringLiteral("k8s"), QStringLiteral("run"), dir,
                                       QStringLiteral("--start-delay"), QStringLiteral("30")},
                                      m_dir.path(), fakeEnv()));
        QCOMPARE(r.exitCode, 5);
        QVERIFY2(r.err.contains(QStringLiteral("failed: PodFailurePolicy")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("index 1 (pod vwb-k8s-golden-1-x on node-1): exit "
                                               "5, late start")),
                 qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("start barrier 20")));
        const QByteArray start = readFile(dir + QStringLiteral("/start.yaml"));
        QVERIFY2(!start.contains("set-by-vault-workbench") && start.contains("start_at: \"20"),
                 start.constData());
        const QByteArray calls = readFile(m_fake + QStringLiteral("/calls"));
        QVERIFY2(calls.startsWith("apply -k " + dir.toUtf8() + "\n"), calls.constData());
        QVERIFY(calls.contains("get job vwb-k8s-golden -o json -n load"));

        writeFile(
            m_fake + QStringLiteral("/job.json"),
            R"({"kind":"Job","status":{"succeeded":3,"completedIndexes":"0-2","conditions":[{"type":"Complete","status":"True"}]}})");
        const test::AppResult ok = test::runApp(test::appRun(
            {QStringLiteral("k8s"), QStringLiteral("run"), dir}, m_dir.path(), fakeEnv()));
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.out + ok.err));
        QVERIFY(ok.out.contains(QStringLiteral("job vwb-k8s-golden: complete")));

        QFile::remove(m_fake + QStringLiteral("/calls"));
        const test::AppResult down = test::runApp(test::appRun(
            {QStringLiteral("k8s"), QStringLiteral("down"), dir}, m_dir.path(), fakeEnv()));
        QVERIFY2(down.exitCode == 0, qPrintable(down.out + down.err));
        QCOMPARE(readFile(m_fake + QStringLiteral("/calls")),
                 "delete -k " + dir.toUtf8() + " --ignore-not-found=true\n");
    }

    void realCluster()
    {
        const QString kubeconfig = qEnvironmentVariable("KUBECONFIG");
        if (kubeconfig.isEmpty() || !QFile::exists(kubeconfig.split(QLatin1Char(':')).first()))
            QSKIP("KUBECONFIG does not point at a cluster: the real-cluster test is skipped");
        const QString image = qEnvironmentVariable("VW_K8S_IMAGE");
        const QString addr = qEnvironmentVariable("VW_K8S_VAULT_ADDR");
        if (image.isEmpty() || addr.isEmpty() || qgetenv("VW_K8S_VAULT_TOKEN").isEmpty())
            QSKIP("a cluster is configured, but VW_K8S_IMAGE (the image of packaging/Dockerfile), "
                  "VW_K8S_VAULT_ADDR (Vault as the pods reach it) and VW_K8S_VAULT_TOKEN are not "
                  "all set: skipped");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("VAULT_TOKEN"));
        const QString dir = m_dir.filePath(QStringLiteral("cluster"));
        const QString ns = qEnvironmentVariable("VW_K8S_NAMESPACE", QStringLiteral("default"));
        test::AppResult r = test::runApp(
            test::appRun({QStringLiteral("k8s"), QStringLiteral("render"),
                          QStringLiteral(VW_SOURCE_DIR "/tests/data/k8s/profile.yaml"),
                          QStringLiteral("--parallelism"), QStringLiteral("2"),
                          QStringLiteral("--addr"), addr, QStringLiteral("--image"), image,
                          QStringLiteral("--namespace"), ns, QStringLiteral("--token-secret"),
                          QStringLiteral("vwb-test-token"), QStringLiteral("--out-dir"), dir},
                         m_dir.path(), env));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // The Secret from stdin, never argv.
        QProcess create;
        create.start(QStringLiteral("kubectl"),
                     {QStringLiteral("-n"), ns, QStringLiteral("create"), QStringLiteral("secret"),
                      QStringLiteral("generic"), QStringLiteral("vwb-test-token"),
                      QStringLiteral("--from-file=token=/dev/stdin")});
        QVERIFY(create.waitForStarted());
        create.write(qgetenv("VW_K8S_VAULT_TOKEN"));
        create.closeWriteChannel();
        QVERIFY(create.waitForFinished(60000));
        const QString merged = m_dir.filePath(QStringLiteral("cluster.json"));
        r = test::runApp(test::appRun(
            {QStringLiteral("k8s"), QStringLiteral("run"), dir, QStringLiteral("--out"), merged},
            m_dir.path(), env, 600000));
        test::runApp(test::appRun({QStringLiteral("k8s"), QStringLiteral("down"), dir},
                                  m_dir.path(), env, 300000));
        QProcess::execute(QStringLiteral("kubectl"),
                          {QStringLiteral("-n"), ns, QStringLiteral("delete"),
                           QStringLiteral("secret"), QStringLiteral("vwb-test-token")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QString e;
        const std::optional<Session> m = readSession(merged, &e);
        QVERIFY2(m, qPrintable(e));
        QCOMPARE(m->status, RunStatus::Completed);
        QCOMPARE(m->merge.shards.size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestK8s)
#include "tst_k8s.moc"
