#include "k8sdriver.h"

#include "cli.h"
#include "distcommand.h"
#include "k8s/jobstatus.h"
#include "k8s/k8srender.h"
#include "k8s/sessionframe.h"
#include "k8scommand.h"
#include "kubectl.h"
#include "session/sessionio.h"
#include "util/atomicfile.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>

namespace vw::cli {

QString runExitMeaning(int code)
{
    switch (code) {
    case ExitOk:
        return QStringLiteral("completed");
    case ExitFailed:
        return QStringLiteral("the run failed or was stopped (an abort rule, a failed stage)");
    case ExitUsage:
        return QStringLiteral("configuration: bad arguments, invalid profile, no token, or the "
                              "start barrier not set (apply with k8s up|run)");
    case ExitSetup:
        return QStringLiteral("setup: Vault unreachable, sealed, token refused or too "
                              "short-lived");
    case ExitCleanup:
        return QStringLiteral("cleanup left something on the server");
    case ExitLateStart:
        return QStringLiteral("late start: not ready by the start barrier (raise "
                              "--start-delay)");
    case ExitAborted:
        return QStringLiteral("aborted by a second signal, without cleanup");
    case 137:
        return QStringLiteral("killed (SIGKILL: out of memory, or evicted)");
    case 143:
        return QStringLiteral("terminated (SIGTERM) before the run handled it");
    default:
        return QStringLiteral("exit %1").arg(code);
    }
}

namespace {

struct Driver {
    QString dir;
    k8s::RenderedJob job;

    QStringList ns() const { return namespaceArgs(job.kubeNamespace); }
    QString selector() const { return QStringLiteral("batch.kubernetes.io/job-name=") + job.name; }

    int up(int startDelayS) const
    {
        const QDateTime t = QDateTime::currentDateTimeUtc().addSecs(
            startDelayS > 0 ? startDelayS : job.startDelayS);
        const QString startAt = t.toString(Qt::ISODateWithMs);
        QString error;
        if (!writeFileAtomically(QDir(dir).filePath(QStringLiteral("start.yaml")),
                                 k8s::renderStartConfigMap(job.name, job.kubeNamespace, startAt),
                                 &error, 0644)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitFailed;
        }
        const QStringList args = {QStringLiteral("apply"), QStringLiteral("-k"), dir};
        const KubectlResult r = runKubectl(args, 120000);
        printOut(QString::fromLocal8Bit(r.out));
        if (r.exitCode != 0) {
            printErr(QStringLiteral("error: %1\n").arg(r.problem(args)));
            printErr(QStringLiteral("(a Job cannot be changed once created: `vault-workbench k8s "
                                    "down %1` removes the last one)\n")
                         .arg(shellQuoted(dir)));
            return ExitFailed;
        }
        printOut(QStringLiteral("job %1: %2 shard(s), start barrier %3\n")
                     .arg(job.name)
                     .arg(job.completions)
                     .arg(startAt));
        return ExitOk;
    }

    std::optional<QList<k8s::ShardPod>> pods() const
    {
        const QStringList args = QStringList{QStringLiteral("get"), QStringLiteral("pods"),
                                             QStringLiteral("-l"),  selector(),
                                             QStringLiteral("-o"),  QStringLiteral("json")}
                                 + ns();
        const KubectlResult r = runKubectl(args);
        if (r.exitCode != 0) {
            printErr(QStringLiteral("error: %1\n").arg(r.problem(args)));
            return std::nullopt;
        }
        QString error;
        std::optional<QList<k8s::ShardPod>> list = k8s::parsePods(r.out, &error);
        if (!list)
            printErr(QStringLiteral("error: %1\n").arg(error));
        return list;
    }

    /// The failed pods, each with its exit code; ExitLateStart when one started late.
    int reportFailedPods() const
    {
        const std::optional<QList<k8s::ShardPod>> list = pods();
        int code = ExitFailed;
        if (!list)
            return code;
        for (const k8s::ShardPod &p : *list) {
            if (!p.exitCode || *p.exitCode == 0)
                continue;
            if (*p.exitCode == ExitLateStart)
                code = ExitLateStart;
            printErr(
                QStringLiteral("index %1 (pod %2%3): exit %4, %5%6\n")
                    .arg(p.index)
                    .arg(p.name, p.node.isEmpty() ? QString() : QStringLiteral(" on ") + p.node)
                    .arg(*p.exitCode)
                    .arg(runExitMeaning(*p.exitCode),
                         p.reason.isEmpty() ? QString()
                                            : QStringLiteral(" [") + p.reason + QLatin1Char(']')));
        }
        return code;
    }

    int follow() const
    {
        const QStringList args = QStringList{QStringLiteral("get"), QStringLiteral("job"), job.name,
                                             QStringLiteral("-o"), QStringLiteral("json")}
                                 + ns();
        QElapsedTimer clock;
        clock.start();
        const qint64 limitMs = (job.activeDeadlineS + 120) * 1000;
        QString last;
        int errors = 0;
        while (clock.elapsed() < limitMs) {
            const KubectlResult r = runKubectl(args);
            QString error;
            const std::optional<k8s::JobState> s =
                r.exitCode == 0 ? k8s::parseJob(r.out, &error) : std::nullopt;
            if (!s) {
                printErr(
                    QStringLiteral("warning: %1\n").arg(r.exitCode == 0 ? error : r.problem(args)));
                if (++errors >= 5) {
                    printErr(QStringLiteral("error: kubectl failed 5 times in a row; the Job "
                                            "runs on: `vault-workbench k8s run` again follows "
                                            "nothing, use kubectl\n"));
                    return ExitFailed;
                }
            } else {
                errors = 0;
                const QString line = k8s::jobStateLine(*s);
                if (line != last)
                    printOut(QStringLiteral("job %1: %2\n").arg(job.name, line));
                last = line;
                if (s->complete) {
                    printOut(QStringLiteral("job %1: complete\n").arg(job.name));
                    return ExitOk;
                }
                if (s->failedJob) {
                    printErr(QStringLiteral("job %1: failed: %2%3\n")
                                 .arg(job.name, s->reason,
                                      s->message.isEmpty() ? QString()
                                                           : QStringLiteral(": ") + s->message));
                    return reportFailedPods();
                }
            }
            QThread::msleep(2000);
        }
        printErr(QStringLiteral("error: the Job is not finished after its activeDeadlineSeconds "
                                "+ 120 s\n"));
        return ExitFailed;
    }

    int collect(const QString &outPath, QString shardDir) const
    {
        if (shardDir.isEmpty())
            shardDir = outPath + QStringLiteral(".shards");
        if (!QDir().mkpath(shardDir)) {
            printErr(QStringLiteral("error: cannot create %1\n").arg(shardDir));
            return ExitUsage;
        }
        const std::optional<QList<k8s::ShardPod>> list = pods();
        if (!list)
            return ExitFailed;
        QList<Session> shards;
        int bad = 0;
        bool late = false;
        for (int i = 0; i < job.completions; ++i) {
            // One pod per index (no retries); the last one listed if there were more.
            const k8s::ShardPod *pod = nullptr;
            for (const k8s::ShardPod &p : *list)
                if (p.index == i)
                    pod = &p;
            if (!pod) {
                printErr(QStringLiteral("index %1: no pod (deleted, or ttlSecondsAfterFinished "
                                        "passed): missing\n")
                             .arg(i));
                ++bad;
                continue;
            }
            if (pod->exitCode && *pod->exitCode == ExitLateStart)
                late = true;
            const QString who =
                QStringLiteral("index %1 (pod %2, %3)")
                    .arg(i)
                    .arg(pod->name, pod->exitCode ? QStringLiteral("exit %1").arg(*pod->exitCode)
                                                  : pod->phase.toLower());
            const QStringList args = QStringList{QStringLiteral("logs"), pod->name,
                                                 QStringLiteral("-c"), QStringLiteral("shard")}
                                     + ns();
            const KubectlResult r = runKubectl(args, 300000);
            if (r.exitCode != 0) {
                printErr(QStringLiteral("%1: missing: %2\n").arg(who, r.problem(args)));
                ++bad;
                continue;
            }
            const k8s::FrameReading f = k8s::readSessionFrame(r.out, i);
            if (f.status != k8s::FrameReading::Status::Ok) {
                printErr(QStringLiteral("%1: session %2: %3\n")
                             .arg(who, k8s::frameStatusText(f.status), f.detail));
                ++bad;
                continue;
            }
            const QString path = QDir(shardDir).filePath(QStringLiteral("shard-%1.json").arg(i));
            QString error;
            if (!writeFileAtomically(path, f.session, &error)) {
                printErr(QStringLiteral("error: %1\n").arg(error));
                return ExitFailed;
            }
            std::optional<Session> s = readSession(path, &error);
            if (!s) {
                printErr(QStringLiteral("%1: session unreadable: %2\n").arg(who, error));
                ++bad;
                continue;
            }
            printOut(QStringLiteral("%1: session %2 (%3)\n").arg(who, path, f.detail));
            shards.append(std::move(*s));
        }
        if (bad > 0)
            printErr(QStringLiteral("%1 of %2 index(es) without a whole session: the merged run "
                                    "is failed (a PVC instead of logs is not built yet)\n")
                         .arg(bad)
                         .arg(job.completions));
        if (shards.isEmpty()) {
            printErr(QStringLiteral("error: no index gave a session\n"));
            return late ? ExitLateStart : ExitFailed;
        }
        const int code = mergeAndWrite(shards, outPath);
        if (late)
            return ExitLateStart;
        return bad > 0 ? std::max(code, int(ExitFailed)) : code;
    }

    int down() const
    {
        const QStringList args = {QStringLiteral("delete"), QStringLiteral("-k"), dir,
                                  QStringLiteral("--ignore-not-found=true")};
        const KubectlResult r = runKubectl(args, 180000);
        printOut(QString::fromLocal8Bit(r.out));
        if (r.exitCode != 0) {
            printErr(QStringLiteral("error: %1\n").arg(r.problem(args)));
            return ExitFailed;
        }
        printOut(QStringLiteral("job %1 and its objects deleted (the token Secret is yours: "
                                "kubectl delete secret ...)\n")
                     .arg(job.name));
        return ExitOk;
    }
};

} // namespace

int k8sDriverCommand(const QString &sub, const QStringList &args)
{
    CommandLine cl(k8sHelp());
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("merged session"),
                                 QStringLiteral("SESSION"));
    const QCommandLineOption shardDir(QStringLiteral("shard-dir"),
                                      QStringLiteral("folder of the shard sessions"),
                                      QStringLiteral("DIR"));
    const QCommandLineOption startDelay(QStringLiteral("start-delay"),
                                        QStringLiteral("start barrier delay, s"),
                                        QStringLiteral("S"));
    cl.addOptions({out, shardDir, startDelay});
    if (const std::optional<int> done =
            cl.parse(args, 1, 1, QStringLiteral("one folder written by k8s render")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    int delay = 0;
    if (p.isSet(startDelay)) {
        bool ok = false;
        delay = p.value(startDelay).toInt(&ok);
        if (!ok || delay < 1)
            return cl.usageError(QStringLiteral("--start-delay: \"%1\" is not a whole number of "
                                                "seconds >= 1")
                                     .arg(p.value(startDelay)));
    }
    if (sub == QLatin1String("collect") && !p.isSet(out))
        return cl.usageError(QStringLiteral("k8s collect needs --out SESSION"));
    Driver d;
    d.dir = cl.positional().first();
    QString error;
    const std::optional<k8s::RenderedJob> job = k8s::readRenderedJob(d.dir, &error);
    if (!job) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    d.job = *job;
    if (sub == QLatin1String("up"))
        return d.up(delay);
    if (sub == QLatin1String("down"))
        return d.down();
    if (sub == QLatin1String("collect"))
        return d.collect(p.value(out), p.value(shardDir));
    // run
    if (const int code = d.up(delay); code != ExitOk)
        return code;
    const int code = d.follow();
    if (!p.isSet(out))
        return code;
    const int collected = d.collect(p.value(out), p.value(shardDir));
    return code != ExitOk ? code : collected;
}

} // namespace vw::cli
