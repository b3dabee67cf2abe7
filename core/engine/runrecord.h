// What a benchmark run produced: its header (target, server, client, profile), status and
// measured stages. BenchmarkRun (core/engine/benchmarkrun.h) fills it; a Session
// (core/session/session.h) is a RunRecord with its capacity analysis, as saved to a file
// (docs/session-format.md). Never holds the token.
#pragma once

#include "profile/profile.h"
#include "stats/replicates.h"
#include "stats/secondhistograms.h"
#include "stats/servertelemetry.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"
#include "vault/serverinfo.h"
#include "vault/targettopology.h"
#include "vault/workbenchresource.h"

#include <QByteArray>
#include <QDateTime>
#include <QMap>
#include <QStringList>

namespace vw {

/// The machine that generated the load (environment fingerprint).
struct ClientInfo {
    QString hostname;
    QString os; ///< QSysInfo::prettyProductName()
    QString kernel; ///< QSysInfo::kernelType() + kernelVersion()
    QString cpuModel; ///< /proc/cpuinfo "model name", empty if unknown
    int logicalCores = 0;
    qint64 memoryBytes = 0;
    QString appVersion; ///< vault-workbench version
    QString qtVersion;
    /// Nice value added to the worker threads (RunOptions::workerNice): 5 for GUI runs, 0 for
    /// the CLI. Matters only when the machine's CPU was saturated (then the stage is also
    /// flagged client-bound); comparisons warn when it differs.
    int workerNice = 0;
    /// Worker threads the run's VUs were spread over (core/engine/workerpool.h); 0 in
    /// sessions that predate it.
    int workerThreads = 0;

    static ClientInfo collect();
};

enum class RunStatus {
    Completed, ///< every stage ran to its end
    Stopped, ///< the user stopped it; stages so far are kept, the last one maybe partial
    Failed, ///< an error during the measured window (e.g. the server went away for good)
    SetupFailed, ///< nothing was measured: setup or the pre-flight check failed
    /// A checkpoint written after each stage while the run went on (RunOptions::checkpoint).
    /// A file that still says so was left by a run that never finished (crash, kill): its
    /// finished stages are final, and finished_at is the time of the last checkpoint.
    Incomplete,
};
/// "completed", "stopped", "failed", "setup_failed", "incomplete"
QString runStatusKey(RunStatus s);
bool runStatusFromKey(const QString &k, RunStatus *out);

/// The run's token as the pre-flight found it (auth/token/lookup-self, core/engine/tokenlifetime.h)
/// and what the run did about it. No token material, no accessor.
struct TokenUse {
    bool checked = false; ///< lookup-self answered (false in older sessions and failed pre-flights)
    qint64 ttlSeconds = 0; ///< remaining TTL at the pre-flight, s; 0 = never expires (root)
    bool renewable = false;
    bool renewalPlanned = false; ///< its TTL was shorter than the run: renewed during the run
    int renewals = 0; ///< successful renewals (auth/token/renew-self)
    QString renewError; ///< the last failed renewal, empty when none failed
};

/// What the per-VU credentials (profile `auth:` block, core/engine/vucredentials.h) did:
/// the logins before the measured window, kept apart from the measured operations. No token
/// material. `method` empty: the run had no `auth:` block.
struct AuthUse {
    QString method; ///< "token", "approle", "userpass"; empty when none
    QString per; ///< "vu" or "run"
    int logins = 0; ///< successful logins (token: tokens created) before the window
    double loginMeanMs = 0; ///< login latency, ms (0 when logins == 0)
    double loginP50Ms = 0;
    double loginP99Ms = 0;
    double loginMaxMs = 0;
    int renewals = 0; ///< successful renewals of the VU tokens during the run
    QString renewError; ///< the last failed renewal, empty when none failed
    bool enabled() const { return !method.isEmpty(); }
};

/// The shard block of a session (`run --shard i/N`, docs/distributed.md and
/// docs/session-format.md "shard"): which part of the plan this run was and when it started.
struct ShardInfo {
    int index = 0; ///< in [0, count)
    int count = 0; ///< 0: not a shard (every other session)
    /// The start barrier (`--start-at`), UTC; invalid when the shard had none.
    QDateTime startAt;
    /// Stage 1's actual start - startAt, ms (0 without a barrier); a late start fails.
    qint64 offsetMs = 0;
    QString node; ///< where it ran: $NODE_NAME (a k8s pod's node) else the hostname
    /// It ran its whole plan (status completed). A killed shard's checkpoint says false.
    bool complete = false;
    QString planHash; ///< core/engine/executors/shardplan.h planHash() of the plan it ran
    /// Not ready by the barrier (+ tolerance): it did not start; offsetMs is how late it was.
    bool lateStart = false;

    bool present() const { return count > 0; }
};

/// What `merge` made a session from (docs/distributed.md): every shard's block, and what it
/// found (missing seconds, incomplete or missing shards). Empty shards: not a merged session.
struct MergeInfo {
    QList<ShardInfo> shards; ///< in index order
    QString planHash;
    QStringList notes; ///< "shard 2/3 is incomplete (...)", "second 14: missing in shard 1/3"
    bool present() const { return !shards.isEmpty(); }
};

struct RunRecord {
    QString id; ///< random, unique per run
    QString label; ///< user label, defaults to the profile name
    QString profileName;
    QByteArray profileYaml; ///< the profile exactly as run (no token can be in it)
    /// The run plan: the profile as run, typed (target with the effective address, transport,
    /// load model and stages, operations, SLO, thresholds; sourceYaml empty, the text is
    /// profileYaml). Read this, never the YAML text, after a run (docs/session-format.md).
    Profile plan;
    /// operation labels (core/profile/operationlabels.h: the `name`, else the type), in
    /// profile order; OpStats::op holds the same label
    QStringList ops;
    QString transport; ///< load transport: "direct" or "qnam"
    QString targetAddress;
    /// Where each target setting came from, by its profile key: "address" -> "env VAULT_ADDR",
    /// "flag --namespace", "profile", "default" (core/vault/targetresolver.h). Empty when
    /// unknown (older sessions, callers that did not resolve).
    QMap<QString, QString> targetSources;
    /// What the address is: a load balancer (with the nodes behind it), a node, a dev server
    /// (core/vault/targettopology.h); kind empty when unknown (any other address, older
    /// sessions).
    TargetTopology targetTopology;
    ServerInfo server; ///< version and product at run start
    /// A target with other nodes (target.addresses): each node's role at run start, the
    /// target's address first (sys/health of each). Empty for a single node.
    struct NodeRole {
        QString address;
        ServerRole role = ServerRole::Unknown;
        QString version;
    };
    QList<NodeRole> nodeRoles;
    ClientInfo client;
    QDateTime startedAt; ///< UTC
    QDateTime finishedAt; ///< UTC
    RunStatus status = RunStatus::Completed;
    QString error; ///< why it failed or stopped, empty when completed
    QString cleanupError; ///< non-empty when cleanup could not remove everything
    /// The run's prefix ("vwb-7f3a2c"): every mount, auth method, role and policy it made is
    /// named with it and described workbenchTag(runPrefix) (core/vault/workbenchresource.h).
    /// Empty before setup.
    QString runPrefix;
    /// What setup created, in creation order (kept after cleanup: `vault-workbench cleanup`
    /// removes what is still there).
    QList<WorkbenchResource> resources;
    /// What cleanup could not remove (empty when cleanup removed everything or never ran).
    QList<WorkbenchResource> leftovers;
    TokenUse token; ///< the token's lifetime and renewals (never the token)
    AuthUse auth; ///< per-VU credentials: logins and renewals (never a token)
    ShardInfo shard; ///< a shard's block (`run --shard`); count 0 otherwise
    MergeInfo merge; ///< a merged session's inputs (`merge`); empty otherwise
    /// Measured stages, in order (a stopped run may end early). With replicates: each stage
    /// pooled over the replicates (poolReplicates(), core/stats/replicates.h).
    QList<StageStats> stages;
    /// Two or more replicates (plan.repeat >= 2, a study's repeat): each one's stages as run,
    /// stage index 0..K-1; `stages` are them pooled. Empty: one replicate, `stages`
    /// (every session written before replicates).
    QList<Replicate> replicates;
    /// The replicates, or `stages` as the one replicate.
    QList<Replicate> replicateList() const
    {
        return replicates.isEmpty() ? QList<Replicate>{stages} : replicates;
    }
    int replicateCount() const { return replicates.isEmpty() ? 1 : int(replicates.size()); }
    /// A run of plan.repeat >= 2 whose `stages` hold every replicate's stages back to back (as
    /// the engine ran them): sets `replicates` and pools `stages`. No-op otherwise.
    void splitReplicates();
    /// Separate runs of the same plan (a study's repeat: the runs of one cell, in the order
    /// run) as one record: the first run's header, plan and series (its interval histograms:
    /// the within-run spread), each run that measured a stage a replicate, `stages` pooled,
    /// startedAt of the first and finishedAt of the last, resources and leftovers of all,
    /// status the first that is not completed (else completed) with its error, the cleanup
    /// errors joined. One run: itself.
    static RunRecord ofReplicates(const QList<RunRecord> &runs);
    TimeSeries series; ///< 1-second series, all ops
    /// Per op, the latency histogram of each measured second (the series' seconds; lossless,
    /// core/stats/secondhistograms.h): what intervals are computed from. Not present in
    /// sessions written before it existed.
    SecondHistograms secondHistograms;
    /// The server's side of the stages (core/stats/servertelemetry.h): its memory, CPU and
    /// request time per second and per stage; empty source when none was collected.
    ServerTelemetry serverTelemetry;
};

} // namespace vw
