#include "distcommand.h"

#include "cli.h"
#include "engine/executors/shardplan.h"
#include "profile/profileparser.h"
#include "session/sessionio.h"
#include "session/sessionmerge.h"
#include "stopsignals.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

#include <memory>
#include <vector>

namespace vw::cli {

namespace {

std::optional<Profile> loadProfileOrPrint(const QString &path)
{
    const ProfileParseResult parsed = loadProfileFile(path);
    if (parsed.ok())
        return *parsed.profile;
    for (const ProfileError &e : parsed.errors)
        printErr(
            QStringLiteral("%1:%2:%3: %4%5\n")
                .arg(path)
                .arg(e.line)
                .arg(e.column)
                .arg(e.field.isEmpty() ? QString() : e.field + QStringLiteral(": "), e.message));
    if (parsed.errors.isEmpty())
        printErr(QStringLiteral("%1: invalid profile\n").arg(path));
    return std::nullopt;
}

std::optional<ShardSpec> shardOption(const CommandLine &cl, const QCommandLineOption &opt,
                                     QString *error)
{
    if (!cl.parser().isSet(opt))
        return ShardSpec{};
    return parseShard(cl.parser().value(opt),
                      qEnvironmentVariableIsSet("JOB_COMPLETION_INDEX")
                          ? std::optional<QString>(qEnvironmentVariable("JOB_COMPLETION_INDEX"))
                          : std::nullopt,
                      error);
}

int64_t totalCount(const Session &s)
{
    int64_t n = 0;
    for (const StageStats &st : s.stages)
        n += st.completedTotal();
    return n;
}

} // namespace

int mergeAndWrite(const QList<Session> &shards, const QString &outPath)
{
    QString error;
    const std::optional<Session> merged = mergeShardSessions(shards, &error);
    if (!merged) {
        printErr(QStringLiteral("error: merge: %1\n").arg(error));
        return ExitUsage;
    }
    int64_t sum = 0;
    for (const Session &s : shards) {
        sum += totalCount(s);
        printOut(QStringLiteral("shard %1/%2: %3, %4 requests, start offset %5 ms, node %6\n")
                     .arg(s.shard.index)
                     .arg(s.shard.count)
                     .arg(runStatusKey(s.status))
                     .arg(totalCount(s))
                     .arg(s.shard.offsetMs)
                     .arg(s.shard.node));
    }
    for (const QString &n : merged->merge.notes)
        printErr(QStringLiteral("warning: %1\n").arg(n));
    printOut(QStringLiteral("merged: %1 of %2 shard(s), %3 requests (sum of the shards: %4), "
                            "status %5\n")
                 .arg(merged->merge.shards.size())
                 .arg(merged->merge.shards.value(0).count)
                 .arg(totalCount(*merged))
                 .arg(sum)
                 .arg(runStatusKey(merged->status)));
    if (!writeSession(*merged, outPath, &error)) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitFailed;
    }
    printOut(QStringLiteral("session: %1\n").arg(outPath));
    return merged->status == RunStatus::Completed ? ExitOk : ExitFailed;
}

// ------------------------------------------------------------------------------------- plan

CommandHelp planHelp()
{
    return {QStringLiteral("plan"),
            QStringLiteral("  vault-workbench plan PROFILE [--shard I/N] [--format json|text]\n"),
            QStringLiteral(
                "plan: prints the run plan of PROFILE and, with --shard, what shard I of N runs\n"
                "  of each stage: VUs (closed), max_vus share and arrivals (arrival-rate), and\n"
                "  the plan hash `merge` checks (docs/distributed.md). Sends nothing.\n")};
}

int planCommand(const QStringList &args)
{
    CommandLine cl(planHelp());
    const QCommandLineOption shard(QStringLiteral("shard"), QStringLiteral("shard I of N"),
                                   QStringLiteral("I/N"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json or text"),
                                    QStringLiteral("FORMAT"), QStringLiteral("json"));
    cl.addOptions({shard, format});
    if (const std::optional<int> done = cl.parse(args, 1, 1, QStringLiteral("one PROFILE file")))
        return *done;
    const QString fmt = cl.parser().value(format);
    if (fmt != QLatin1String("json") && fmt != QLatin1String("text"))
        return cl.usageError(QStringLiteral("--format: \"%1\" is not json or text").arg(fmt));
    QString error;
    const std::optional<ShardSpec> spec = shardOption(cl, shard, &error);
    if (!spec)
        return cl.usageError(error);
    const std::optional<Profile> profile = loadProfileOrPrint(cl.positional().first());
    if (!profile)
        return ExitUsage;
    const QJsonObject o = shardPlanJson(*profile, *spec);
    if (fmt == QLatin1String("json")) {
        printOut(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    printOut(
        QStringLiteral("plan %1, shard %2, plan hash %3\n")
            .arg(profile->name, spec->text(), o.value(QStringLiteral("plan_hash")).toString()));
    for (const QJsonValue &v : o.value(QStringLiteral("stages")).toArray()) {
        const QJsonObject s = v.toObject();
        QString line = QStringLiteral("stage %1: %2 ms, VUs %3 (shard %4)")
                           .arg(s.value(QStringLiteral("index")).toInt() + 1)
                           .arg(s.value(QStringLiteral("duration_ms")).toInteger())
                           .arg(s.value(QStringLiteral("vus")).toInt())
                           .arg(s.value(QStringLiteral("shard_vus")).toInt());
        if (s.contains(QStringLiteral("arrivals")))
            line += QStringLiteral(", arrivals %1 (shard %2)")
                        .arg(s.value(QStringLiteral("arrivals")).toInteger())
                        .arg(s.value(QStringLiteral("shard_arrivals")).toInteger());
        printOut(line + QLatin1Char('\n'));
    }
    return ExitOk;
}

// ------------------------------------------------------------------------------------ merge

CommandHelp mergeHelp()
{
    return {QStringLiteral("merge"),
            QStringLiteral("  vault-workbench merge SHARD.json... --out SESSION\n"),
            QStringLiteral(
                "merge: adds the sessions of `run --shard I/N` into one session, exactly: the\n"
                "  latency histograms per op x stage and per op x second, and the counters. It\n"
                "  refuses shards of another plan (plan hash) or an index given twice; a missing\n"
                "  index, an incomplete shard (killed, stopped, late) or missing seconds make\n"
                "  the merged session \"failed\" with the reason (exit 1). The analysis and the\n"
                "  intervals are computed on the merged data (docs/distributed.md).\n")};
}

int mergeCommand(const QStringList &args)
{
    CommandLine cl(mergeHelp());
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("merged session file"),
                                 QStringLiteral("SESSION"));
    cl.addOption(out);
    if (const std::optional<int> done =
            cl.parse(args, 1, -1, QStringLiteral("one or more SHARD session files")))
        return *done;
    if (!cl.parser().isSet(out))
        return cl.usageError(QStringLiteral("--out SESSION is required"));
    QList<Session> shards;
    for (const QString &path : cl.positional()) {
        QString error;
        std::optional<Session> s = readSession(path, &error);
        if (!s) {
            printErr(QStringLiteral("error: %1: %2\n").arg(path, error));
            return ExitUsage;
        }
        shards.append(std::move(*s));
    }
    return mergeAndWrite(shards, cl.parser().value(out));
}

// ------------------------------------------------------------------------------------- dist

CommandHelp distHelp()
{
    return {
        QStringLiteral("dist"),
        QStringLiteral("  vault-workbench dist local -n N PROFILE --out SESSION [--start-delay S]\n"
                       "                  [--shard-dir DIR] [run's target and other flags]\n"),
        QStringLiteral(
            "dist local: runs N processes of this executable on this machine as shards of\n"
            "  PROFILE (`run --shard I/N --start-at T`, T a start barrier --start-delay seconds\n"
            "  ahead, default 5), waits for them and merges their sessions into SESSION (as\n"
            "  `merge`). The shard sessions stay in --shard-dir (default SESSION.shards/).\n"
            "  A shard that exits with an error stops the others (SIGTERM: they end their stage\n"
            "  and write what they have); a killed shard makes the merged run failed. Every\n"
            "  other flag goes to each `run` as given (--addr, --yes, ...); the token comes from\n"
            "  the environment as for run, never the command line. Exit: the merge's (0\n"
            "  completed, 1 failed), 5 when a shard started late.\n")};
}

int distCommand(const QStringList &args)
{
    if (args.isEmpty() || args.at(0) != QLatin1String("local")) {
        if (!args.isEmpty()
            && (args.at(0) == QLatin1String("--help") || args.at(0) == QLatin1String("-h"))) {
            printOut(commandHelpText(distHelp()));
            return ExitOk;
        }
        printErr(QStringLiteral("vault-workbench dist: expected \"dist local\" (the only mode: "
                                "Kubernetes runs shards as an Indexed Job); see --help\n"));
        return ExitUsage;
    }
    // dist's own options; everything else is run's and passed on as given.
    int n = 0;
    QString outPath, shardDir, profilePath;
    double delayS = 5;
    QStringList forwarded;
    const QStringList mine = {QStringLiteral("-n"), QStringLiteral("--shards"),
                              QStringLiteral("--out"), QStringLiteral("--shard-dir"),
                              QStringLiteral("--start-delay")};
    for (int i = 1; i < args.size(); ++i) {
        QString a = args.at(i);
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            printOut(commandHelpText(distHelp()));
            return ExitOk;
        }
        QString value;
        bool hasValue = false;
        const int eq = a.indexOf(QLatin1Char('='));
        if (a.startsWith(QLatin1String("--")) && eq > 0 && mine.contains(a.left(eq))) {
            value = a.mid(eq + 1);
            a = a.left(eq);
            hasValue = true;
        }
        if (mine.contains(a)) {
            if (!hasValue) {
                if (i + 1 >= args.size()) {
                    printErr(QStringLiteral("vault-workbench dist: %1 needs a value\n").arg(a));
                    return ExitUsage;
                }
                value = args.at(++i);
            }
            bool ok = true;
            if (a == QLatin1String("-n") || a == QLatin1String("--shards"))
                n = value.toInt(&ok);
            else if (a == QLatin1String("--out"))
                outPath = value;
            else if (a == QLatin1String("--shard-dir"))
                shardDir = value;
            else
                delayS = value.toDouble(&ok);
            if (!ok) {
                printErr(QStringLiteral("vault-workbench dist: %1: \"%2\" is not a number\n")
                             .arg(a, value));
                return ExitUsage;
            }
            continue;
        }
        if (!a.startsWith(QLatin1Char('-')) && profilePath.isEmpty()) {
            profilePath = a;
            continue;
        }
        forwarded << args.at(i);
    }
    if (n < 1 || n > kMaxShards || profilePath.isEmpty() || outPath.isEmpty() || delayS < 0) {
        printErr(QStringLiteral("vault-workbench dist local: needs -n N (1..%1), a PROFILE and "
                                "--out SESSION; see --help\n")
                     .arg(kMaxShards));
        return ExitUsage;
    }
    if (shardDir.isEmpty())
        shardDir = outPath + QStringLiteral(".shards");
    if (!QDir().mkpath(shardDir)) {
        printErr(QStringLiteral("error: cannot create %1\n").arg(shardDir));
        return ExitUsage;
    }
    const QDateTime startAt =
        QDateTime::currentDateTimeUtc().addMSecs(qint64(delayS * 1000)).toUTC();
    const QString startText = startAt.toString(Qt::ISODateWithMs);
    printOut(QStringLiteral("dist local: %1 shard(s) of %2, start barrier %3\n")
                 .arg(n)
                 .arg(profilePath, startText));

    struct Child {
        std::unique_ptr<QProcess> process;
        QString out;
        QByteArray pending; // output not yet ended by a newline
        int exitCode = -1;
        bool done = false;
    };
    std::vector<Child> children(static_cast<size_t>(n));
    int running = 0;
    bool stopping = false;
    int lateStarts = 0;
    auto stopOthers = [&](int except) {
        if (stopping)
            return;
        stopping = true;
        for (int j = 0; j < n; ++j)
            if (j != except && !children[size_t(j)].done)
                children[size_t(j)].process->terminate(); // SIGTERM: ends its stage, writes
    };
    auto flushLines = [](Child &c, int index, bool all) {
        while (true) {
            const qsizetype nl = c.pending.indexOf('\n');
            if (nl < 0)
                break;
            printOut(QStringLiteral("[shard %1] %2\n")
                         .arg(index)
                         .arg(QString::fromLocal8Bit(c.pending.left(nl))));
            c.pending.remove(0, nl + 1);
        }
        if (all && !c.pending.isEmpty()) {
            printOut(QStringLiteral("[shard %1] %2\n")
                         .arg(index)
                         .arg(QString::fromLocal8Bit(c.pending)));
            c.pending.clear();
        }
    };
    for (int i = 0; i < n; ++i) {
        Child &c = children[size_t(i)];
        c.out = QDir(shardDir).filePath(QStringLiteral("shard-%1.json").arg(i));
        QFile::remove(c.out);
        c.process = std::make_unique<QProcess>();
        c.process->setProcessChannelMode(QProcess::MergedChannels);
        QStringList a = {QStringLiteral("run"),        profilePath,
                         QStringLiteral("--shard"),    QStringLiteral("%1/%2").arg(i).arg(n),
                         QStringLiteral("--start-at"), startText,
                         QStringLiteral("--out"),      c.out};
        a += forwarded;
        QProcess *p = c.process.get();
        QObject::connect(p, &QProcess::readyRead, p, [&c, p, i, &flushLines] {
            c.pending += p->readAll();
            flushLines(c, i, false);
        });
        QObject::connect(p, &QProcess::finished, p,
                         [&, i, p](int code, QProcess::ExitStatus status) {
                             Child &me = children[size_t(i)];
                             me.pending += p->readAll();
                             flushLines(me, i, true);
                             me.done = true;
                             me.exitCode = status == QProcess::NormalExit ? code : -1;
                             if (me.exitCode == ExitLateStart)
                                 ++lateStarts;
                             printOut(QStringLiteral("[shard %1] exited: %2\n")
                                          .arg(i)
                                          .arg(me.exitCode < 0 ? QStringLiteral("killed")
                                                               : QString::number(me.exitCode)));
                             if (me.exitCode != ExitOk)
                                 stopOthers(i); // an abort, a failure or a kill stops them all
                             if (--running == 0)
                                 QCoreApplication::exit(0);
                         });
        p->start(QCoreApplication::applicationFilePath(), a);
        if (!p->waitForStarted(10000)) {
            printErr(
                QStringLiteral("error: shard %1 did not start: %2\n").arg(i).arg(p->errorString()));
            c.done = true;
            stopOthers(i);
            continue;
        }
        ++running;
    }
    StopSignals signals_;
    QObject::connect(&signals_, &StopSignals::received, qApp, [&](int, int count) {
        printErr(QStringLiteral("dist: stopping the shards\n"));
        for (Child &c : children)
            if (!c.done) {
                if (count > 1)
                    c.process->kill();
                else
                    c.process->terminate();
            }
    });
    if (running > 0)
        QCoreApplication::exec();

    QList<Session> shards;
    for (int i = 0; i < n; ++i) {
        const QString &path = children[size_t(i)].out;
        if (!QFileInfo::exists(path)) {
            printErr(QStringLiteral("warning: shard %1 wrote no session (%2)\n").arg(i).arg(path));
            continue;
        }
        QString error;
        std::optional<Session> s = readSession(path, &error);
        if (!s) {
            printErr(QStringLiteral("warning: shard %1: %2\n").arg(i).arg(error));
            continue;
        }
        shards.append(std::move(*s));
    }
    if (shards.isEmpty()) {
        printErr(QStringLiteral("error: no shard wrote a session\n"));
        return lateStarts > 0 ? ExitLateStart : ExitFailed;
    }
    const int code = mergeAndWrite(shards, outPath);
    return lateStarts > 0 ? ExitLateStart : code;
}

} // namespace vw::cli
