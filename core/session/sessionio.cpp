// Session JSON, schema 2 (docs/session-format.md):
// {"kind":"vault-workbench-session","schema":2,"id","label",
//  "profile":{"name","yaml"},"plan":planToJson() (core/profile/planjson.h),
//  "ops":[..],"executor","transport",
//  "target":{"address"},"server":{..},"client":{..},
//  "started_at","finished_at" (ISO 8601 UTC, ms),"status","error","cleanup_error",
//  "auth":{"ttl_s","renewable","renewal_planned","renewed","renewals","renew_error"} or null
//  (the token's lifetime, never the token: the file holds no "token" key at all),
//  "stages":[{"index","vus","duration_ms","warmup_ms","start_ms","steady_s","max_in_flight",
//             "mean_in_flight","complete","ops":[OpStats::toJson(true)],
//             "sent", "rate_per_s" (arrival-rate), "validity":StageValidity::toJson(),
//             "schedule_lateness_us":{"count","p50","p99","max"} (arrival-rate),
//             "leases":[{"op","created","revoked"}] (ops whose answers are leases)}],
//  "replicates":[{"stages":[..as "stages"..]},..] (only with 2 or more replicates; "stages"
//  then holds them pooled: core/stats/replicates.h),
//  "series":{"columns":[..],"rows":[[..],..]},
//  "second_histograms":SecondHistograms::toJson() or null (core/stats/secondhistograms.h;
//  absent in older files); each stage also has "uncertainty":[{"op","ci","steadiness"}]
//  (core/analysis/stageuncertainty.h), written for readers and recomputed when read,
//  "server_telemetry":{..} (core/session/servertelemetryjson.h; absent in older files),
//  "analysis":{"<op>":OpAnalysis::toJson()}}  (core/analysis/opanalysis.h)
// Schema 1 (no "plan") is migrated when read: core/session/sessionmigration.h.
#include "session/sessionio.h"

#include "util/atomicfile.h"
#include "util/jsonstreamreader.h"

#include "analysis/capacityanalyzer.h"
#include "analysis/stageuncertainty.h"
#include "profile/planjson.h"
#include "session/sessionanalysis.h"
#include "session/sessionmigration.h"
#include "session/servertelemetryjson.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <sys/stat.h>

namespace vw {

namespace {

const QLatin1String kKind("vault-workbench-session");

// ServerInfo::errorClass by enum name (errorKey() cannot round-trip HttpStatus without a code).
const QList<QPair<ErrorClass, QLatin1String>> &errorClassNames()
{
    static const QList<QPair<ErrorClass, QLatin1String>> names = {
        {ErrorClass::None, QLatin1String("none")},
        {ErrorClass::HttpStatus, QLatin1String("http_status")},
        {ErrorClass::Timeout, QLatin1String("timeout")},
        {ErrorClass::Connection, QLatin1String("connection")},
        {ErrorClass::Tls, QLatin1String("tls")},
        {ErrorClass::InvalidResponse, QLatin1String("invalid_response")},
        {ErrorClass::Redirect, QLatin1String("redirect")},
    };
    return names;
}

QString errorClassName(ErrorClass c)
{
    for (const auto &p : errorClassNames())
        if (p.first == c)
            return p.second;
    return QStringLiteral("none");
}

ErrorClass errorClassFromName(const QString &n)
{
    for (const auto &p : errorClassNames())
        if (p.second == n)
            return p.first;
    return ErrorClass::None;
}

QJsonValue dateToJson(const QDateTime &d)
{
    return d.isValid() ? QJsonValue(d.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

QDateTime dateFromJson(const QJsonValue &v)
{
    if (!v.isString())
        return QDateTime();
    QDateTime d = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    return d.isValid() ? d.toUTC() : d;
}

/// {"address", "sources": {setting: source}} (sources only when known).
QJsonObject targetToJson(const RunRecord &s)
{
    QJsonObject t{{QStringLiteral("address"), s.targetAddress}};
    if (!s.targetSources.isEmpty()) {
        QJsonObject sources;
        for (auto it = s.targetSources.begin(); it != s.targetSources.end(); ++it)
            sources.insert(it.key(), it.value());
        t.insert(QStringLiteral("sources"), sources);
    }
    if (!s.nodeRoles.isEmpty()) { // written only for a target with other nodes
        QJsonArray nodes;
        for (const RunRecord::NodeRole &n : s.nodeRoles)
            nodes.append(QJsonObject{{QStringLiteral("address"), n.address},
                                     {QStringLiteral("role"), serverRoleKey(n.role)},
                                     {QStringLiteral("version"), n.version}});
        t.insert(QStringLiteral("nodes"), nodes);
    }
    const TargetTopology &tt = s.targetTopology;
    if (!tt.kind.isEmpty()) { // written only when known (a local target's node name)
        QJsonObject topo{{QStringLiteral("kind"), tt.kind}, {QStringLiteral("node"), tt.node}};
        if (tt.isLoadBalancer()) {
            topo.insert(QStringLiteral("balancer"), tt.balancer);
            topo.insert(QStringLiteral("lb_route"), tt.lbRoute);
            topo.insert(QStringLiteral("backends"), QJsonArray::fromStringList(tt.backends));
        }
        t.insert(QStringLiteral("topology"), topo);
    }
    return t;
}

QJsonObject serverToJson(const ServerInfo &s)
{
    return QJsonObject{
        {QStringLiteral("reachable"), s.reachable},
        {QStringLiteral("initialized"), s.initialized},
        {QStringLiteral("sealed"), s.sealed},
        {QStringLiteral("standby"), s.standby},
        {QStringLiteral("role"), serverRoleKey(s.role)},
        {QStringLiteral("version"), s.version},
        {QStringLiteral("cluster_name"), s.clusterName},
        {QStringLiteral("product"), s.product},
        {QStringLiteral("error"), s.errorText},
        {QStringLiteral("error_class"), errorClassName(s.errorClass)},
    };
}

ServerInfo serverFromJson(const QJsonObject &o)
{
    ServerInfo s;
    s.reachable = o.value(QStringLiteral("reachable")).toBool();
    s.initialized = o.value(QStringLiteral("initialized")).toBool();
    s.sealed = o.value(QStringLiteral("sealed")).toBool();
    s.standby = o.value(QStringLiteral("standby")).toBool();
    s.role = serverRoleFromKey(o.value(QStringLiteral("role")).toString());
    s.version = o.value(QStringLiteral("version")).toString();
    s.clusterName = o.value(QStringLiteral("cluster_name")).toString();
    s.product = o.value(QStringLiteral("product")).toString();
    s.errorText = o.value(QStringLiteral("error")).toString();
    s.errorClass = errorClassFromName(o.value(QStringLiteral("error_class")).toString());
    return s;
}

QJsonObject clientToJson(const ClientInfo &c)
{
    return QJsonObject{
        {QStringLiteral("hostname"), c.hostname},
        {QStringLiteral("os"), c.os},
        {QStringLiteral("kernel"), c.kernel},
        {QStringLiteral("cpu_model"), c.cpuModel},
        {QStringLiteral("logical_cores"), c.logicalCores},
        {QStringLiteral("memory_bytes"), c.memoryBytes},
        {QStringLiteral("app_version"), c.appVersion},
        {QStringLiteral("qt_version"), c.qtVersion},
        {QStringLiteral("worker_nice"), c.workerNice},
        {QStringLiteral("worker_threads"), c.workerThreads},
    };
}

ClientInfo clientFromJson(const QJsonObject &o)
{
    ClientInfo c;
    c.hostname = o.value(QStringLiteral("hostname")).toString();
    c.os = o.value(QStringLiteral("os")).toString();
    c.kernel = o.value(QStringLiteral("kernel")).toString();
    c.cpuModel = o.value(QStringLiteral("cpu_model")).toString();
    c.logicalCores = o.value(QStringLiteral("logical_cores")).toInt();
    c.memoryBytes = o.value(QStringLiteral("memory_bytes")).toInteger();
    c.appVersion = o.value(QStringLiteral("app_version")).toString();
    c.qtVersion = o.value(QStringLiteral("qt_version")).toString();
    c.workerNice = o.value(QStringLiteral("worker_nice")).toInt(); // 0 in older files
    c.workerThreads = o.value(QStringLiteral("worker_threads")).toInt(); // 0 in older files
    return c;
}

/// Issue 3: "rate_per_s" (arrival-rate stages only) and "validity" (when measured).
void addOpenModelAndValidity(const StageStats &st, const LoadModel &model, QJsonObject *out)
{
    if (model.isOpen())
        out->insert(QStringLiteral("rate_per_s"), st.rate);
    out->insert(QStringLiteral("sent"), qint64(st.sent));
    if (st.validity.measured)
        out->insert(QStringLiteral("validity"), st.validity.toJson());
    if (st.scheduleLateness.measured()) {
        const ScheduleLateness &l = st.scheduleLateness;
        out->insert(QStringLiteral("schedule_lateness_us"),
                    QJsonObject{{QStringLiteral("count"), qint64(l.count)},
                                {QStringLiteral("p50"), qint64(l.p50Us)},
                                {QStringLiteral("p99"), qint64(l.p99Us)},
                                {QStringLiteral("max"), qint64(l.maxUs)}});
    }
}

void readOpenModelAndValidity(const QJsonObject &o, StageStats *st)
{
    st->rate = o.value(QStringLiteral("rate_per_s")).toDouble(0);
    st->sent = o.value(QStringLiteral("sent")).toInteger(0);
    st->validity = StageValidity::fromJson(o.value(QStringLiteral("validity")).toObject());
    // Issue 9: optional; absent in closed stages and older sessions (then not measured).
    const QJsonObject late = o.value(QStringLiteral("schedule_lateness_us")).toObject();
    auto field = [&late](const char *key) {
        return std::max<qint64>(0, late.value(QLatin1String(key)).toInteger(0));
    };
    st->scheduleLateness.count = field("count");
    st->scheduleLateness.p50Us = field("p50");
    st->scheduleLateness.p99Us = field("p99");
    st->scheduleLateness.maxUs = field("max");
}

QJsonObject stageToJson(const StageStats &st, const LoadModel &model)
{
    QJsonArray ops;
    for (const OpStats &o : st.ops)
        ops.append(o.toJson(true));
    QJsonObject out{
        {QStringLiteral("index"), st.index},
        {QStringLiteral("vus"), st.vus},
        {QStringLiteral("duration_ms"), st.durationMs},
        {QStringLiteral("warmup_ms"), st.warmupMs},
        {QStringLiteral("start_ms"), st.startMs},
        {QStringLiteral("steady_s"), st.steadySeconds},
        {QStringLiteral("max_in_flight"), st.maxInFlight},
        {QStringLiteral("mean_in_flight"), st.meanInFlight},
        {QStringLiteral("complete"), st.complete},
        {QStringLiteral("ops"), ops},
    };
    // Written for readers of the file when true; derived from the counts when read
    // (StageStats::noCompletions), so it never disagrees with them.
    if (st.noCompletions())
        out.insert(QStringLiteral("no_completions"), true);
    if (!st.nodes.isEmpty()) { // target.spread round_robin only
        QJsonArray nodes;
        for (const NodeStageStats &n : st.nodes) {
            QJsonArray nodeOps;
            for (const OpStats &o : n.ops)
                nodeOps.append(o.toJson(true));
            nodes.append(QJsonObject{{QStringLiteral("address"), n.address},
                                     {QStringLiteral("ops"), nodeOps}});
        }
        out.insert(QStringLiteral("nodes"), nodes);
    }
    if (!st.leases.isEmpty()) { // operations whose answers are leases
        QJsonArray leases;
        for (const OpLeases &l : st.leases)
            leases.append(l.toJson());
        out.insert(QStringLiteral("leases"), leases);
    }
    addOpenModelAndValidity(st, model, &out);
    return out;
}

bool stageFromJson(const QJsonObject &o, StageStats *st, QString *error)
{
    st->index = o.value(QStringLiteral("index")).toInt();
    st->vus = o.value(QStringLiteral("vus")).toInt();
    st->durationMs = o.value(QStringLiteral("duration_ms")).toInteger();
    st->warmupMs = o.value(QStringLiteral("warmup_ms")).toInteger();
    st->startMs = o.value(QStringLiteral("start_ms")).toInteger();
    st->steadySeconds = o.value(QStringLiteral("steady_s")).toDouble();
    st->maxInFlight = o.value(QStringLiteral("max_in_flight")).toInt();
    st->meanInFlight = o.value(QStringLiteral("mean_in_flight")).toDouble();
    st->complete = o.value(QStringLiteral("complete")).toBool(true);
    readOpenModelAndValidity(o, st);
    const QJsonValue ops = o.value(QStringLiteral("ops"));
    if (!ops.isArray()) {
        *error = QStringLiteral("\"ops\" is not an array");
        return false;
    }
    const QJsonArray arr = ops.toArray();
    for (int i = 0; i < arr.size(); ++i) {
        OpStats os;
        QString e;
        if (!arr.at(i).isObject() || !OpStats::fromJson(arr.at(i).toObject(), &os, &e)) {
            *error = QStringLiteral("ops[%1]: %2")
                         .arg(i)
                         .arg(e.isEmpty() ? QStringLiteral("not an object") : e);
            return false;
        }
        st->ops.append(os);
    }
    for (const QJsonValue &v : o.value(QStringLiteral("leases")).toArray()) {
        const QJsonObject l = v.toObject();
        OpLeases x;
        x.op = l.value(QStringLiteral("op")).toString();
        x.created = std::max<qint64>(0, l.value(QStringLiteral("created")).toInteger());
        x.revoked = std::max<qint64>(0, l.value(QStringLiteral("revoked")).toInteger());
        if (x.op.isEmpty()) {
            *error = QStringLiteral("\"leases\": an entry without \"op\"");
            return false;
        }
        st->leases.append(x);
    }
    const QJsonArray nodes = o.value(QStringLiteral("nodes")).toArray();
    for (int n = 0; n < nodes.size(); ++n) {
        NodeStageStats node;
        node.address = nodes.at(n).toObject().value(QStringLiteral("address")).toString();
        const QJsonArray nodeOps = nodes.at(n).toObject().value(QStringLiteral("ops")).toArray();
        for (int i = 0; i < nodeOps.size(); ++i) {
            OpStats os;
            QString e;
            if (!nodeOps.at(i).isObject()
                || !OpStats::fromJson(nodeOps.at(i).toObject(), &os, &e)) {
                *error = QStringLiteral("nodes[%1].ops[%2]: %3")
                             .arg(n)
                             .arg(i)
                             .arg(e.isEmpty() ? QStringLiteral("not an object") : e);
                return false;
            }
            node.ops.append(os);
        }
        st->nodes.append(node);
    }
    return true;
}

// The series is columnar: a 1-hour run of 5 ops is 18,000 points.
const QStringList &seriesColumns()
{
    static const QStringList cols = {
        QStringLiteral("t_s"),       QStringLiteral("stage"),  QStringLiteral("vus"),
        QStringLiteral("op"),        QStringLiteral("count"),  QStringLiteral("ok"),
        QStringLiteral("errors"),    QStringLiteral("p50_ms"), QStringLiteral("p99_ms"),
        QStringLiteral("in_flight"), QStringLiteral("warmup"), QStringLiteral("error_classes"),
    };
    return cols;
}

QJsonObject seriesToJson(const TimeSeries &series)
{
    QJsonArray rows;
    for (const SeriesPoint &p : series) {
        // A second without a success has no latency: null, not 0.
        const QJsonValue p50 = p.ok > 0 ? QJsonValue(p.p50Ms) : QJsonValue();
        const QJsonValue p99 = p.ok > 0 ? QJsonValue(p.p99Ms) : QJsonValue();
        QJsonObject classes;
        for (auto it = p.errorClasses.cbegin(); it != p.errorClasses.cend(); ++it)
            classes.insert(it.key(), qint64(it.value()));
        rows.append(QJsonArray{p.tS, p.stage, p.vus, p.op, qint64(p.count), qint64(p.ok),
                               qint64(p.errors), p50, p99, p.inFlight, p.warmup, classes});
    }
    return QJsonObject{{QStringLiteral("columns"), QJsonArray::fromStringList(seriesColumns())},
                       {QStringLiteral("rows"), rows}};
}

/// Column positions by name in `columns` (a session's "series"."columns"), in the order of
/// seriesColumns(); -1 for a column the file does not have. Later schemas may add or reorder
/// columns.
QList<int> seriesColumnPositions(const QStringList &columns)
{
    QList<int> pos;
    for (const QString &c : seriesColumns())
        pos.append(int(columns.lastIndexOf(c)));
    return pos;
}

/// Row `r` of the series with the columns at `pos` (seriesColumnPositions()).
bool seriesRowFromJson(const QJsonValue &value, const QList<int> &pos, int r, SeriesPoint *p,
                       QString *error)
{
    if (!value.isArray()) {
        *error = QStringLiteral("series row %1 is not an array").arg(r);
        return false;
    }
    const QJsonArray row = value.toArray();
    auto v = [&](int col) { return pos[col] >= 0 ? row.at(pos[col]) : QJsonValue(); };
    p->tS = v(0).toDouble();
    p->stage = v(1).toInt();
    p->vus = v(2).toInt();
    p->op = v(3).toString();
    p->count = v(4).toInteger();
    p->ok = v(5).toInteger();
    p->errors = v(6).toInteger();
    p->p50Ms = v(7).toDouble();
    p->p99Ms = v(8).toDouble();
    p->inFlight = v(9).toInt();
    p->warmup = v(10).toBool();
    // error_classes: absent in sessions written before it (only the total is known)
    p->errorClassesKnown = pos[11] >= 0;
    const QJsonObject classes = v(11).toObject();
    for (auto it = classes.constBegin(); it != classes.constEnd(); ++it)
        if (it.value().toInteger() > 0)
            p->errorClasses.insert(it.key(), it.value().toInteger());
    return true;
}

} // namespace

namespace {

QJsonArray resourcesToJson(const QList<WorkbenchResource> &list)
{
    QJsonArray out;
    for (const WorkbenchResource &r : list)
        out.append(QJsonObject{{QStringLiteral("kind"), resourceKindKey(r.kind)},
                               {QStringLiteral("path"), r.path}});
    return out;
}

/// Optional field: absent is an empty list; an entry of an unknown kind is an error.
bool resourcesFromJson(const QJsonValue &v, const QString &field, QList<WorkbenchResource> *out,
                       QString *error)
{
    const QJsonArray arr = v.toArray();
    for (int i = 0; i < arr.size(); ++i) {
        const QJsonObject o = arr.at(i).toObject();
        WorkbenchResource r;
        const QString kind = o.value(QStringLiteral("kind")).toString();
        r.path = o.value(QStringLiteral("path")).toString();
        if (!resourceKindFromKey(kind, &r.kind) || r.path.isEmpty()) {
            *error = QStringLiteral("%1[%2]: expected {\"kind\": mount|auth|policy|role, "
                                    "\"path\": ...}")
                         .arg(field)
                         .arg(i);
            return false;
        }
        out->append(r);
    }
    return true;
}

} // namespace

// The token's lifetime facts (never the token): null when the pre-flight did not look it up.
QJsonValue tokenUseToJson(const TokenUse &t)
{
    if (!t.checked)
        return QJsonValue();
    return QJsonObject{{QStringLiteral("ttl_s"), t.ttlSeconds},
                       {QStringLiteral("renewable"), t.renewable},
                       {QStringLiteral("renewal_planned"), t.renewalPlanned},
                       {QStringLiteral("renewed"), t.renewals > 0},
                       {QStringLiteral("renewals"), t.renewals},
                       {QStringLiteral("renew_error"), t.renewError}};
}

TokenUse tokenUseFromJson(const QJsonValue &v)
{
    TokenUse t;
    if (!v.isObject())
        return t; // older sessions, failed pre-flights
    const QJsonObject o = v.toObject();
    t.checked = true;
    t.ttlSeconds = qint64(o.value(QStringLiteral("ttl_s")).toDouble());
    t.renewable = o.value(QStringLiteral("renewable")).toBool();
    t.renewalPlanned = o.value(QStringLiteral("renewal_planned")).toBool();
    t.renewals = o.value(QStringLiteral("renewals")).toInt();
    t.renewError = o.value(QStringLiteral("renew_error")).toString();
    return t;
}

// Per-VU credentials (profile `auth:` block): null when the run had none.
QJsonValue authUseToJson(const AuthUse &a)
{
    if (!a.enabled())
        return QJsonValue();
    return QJsonObject{
        {QStringLiteral("method"), a.method},
        {QStringLiteral("per"), a.per},
        {QStringLiteral("logins"), a.logins},
        {QStringLiteral("login_ms"), QJsonObject{{QStringLiteral("mean"), a.loginMeanMs},
                                                 {QStringLiteral("p50"), a.loginP50Ms},
                                                 {QStringLiteral("p99"), a.loginP99Ms},
                                                 {QStringLiteral("max"), a.loginMaxMs}}},
        {QStringLiteral("renewals"), a.renewals},
        {QStringLiteral("renew_error"), a.renewError}};
}

AuthUse authUseFromJson(const QJsonValue &v)
{
    AuthUse a;
    if (!v.isObject())
        return a; // no `auth:` block, older sessions
    const QJsonObject o = v.toObject();
    a.method = o.value(QStringLiteral("method")).toString();
    a.per = o.value(QStringLiteral("per")).toString();
    a.logins = o.value(QStringLiteral("logins")).toInt();
    const QJsonObject ms = o.value(QStringLiteral("login_ms")).toObject();
    a.loginMeanMs = ms.value(QStringLiteral("mean")).toDouble();
    a.loginP50Ms = ms.value(QStringLiteral("p50")).toDouble();
    a.loginP99Ms = ms.value(QStringLiteral("p99")).toDouble();
    a.loginMaxMs = ms.value(QStringLiteral("max")).toDouble();
    a.renewals = o.value(QStringLiteral("renewals")).toInt();
    a.renewError = o.value(QStringLiteral("renew_error")).toString();
    return a;
}

namespace {

QJsonArray stagesToJson(const QList<StageStats> &list, const LoadModel &model)
{
    QJsonArray stages;
    for (const StageStats &st : list)
        stages.append(stageToJson(st, model));
    return stages;
}

bool stagesFromJson(const QJsonValue &v, const QString &field, QList<StageStats> *out, QString *err)
{
    if (!v.isArray()) {
        *err = QStringLiteral("\"%1\" is missing or not an array").arg(field);
        return false;
    }
    const QJsonArray arr = v.toArray();
    for (int i = 0; i < arr.size(); ++i) {
        StageStats st;
        QString e;
        if (!arr.at(i).isObject()) {
            *err = QStringLiteral("%1[%2]: not an object").arg(field).arg(i);
            return false;
        }
        if (!stageFromJson(arr.at(i).toObject(), &st, &e)) {
            *err = QStringLiteral("%1[%2].%3").arg(field).arg(i).arg(e);
            return false;
        }
        out->append(st);
    }
    return true;
}

QJsonObject shardToJson(const ShardInfo &sh)
{
    return QJsonObject{
        {QStringLiteral("index"), sh.index},
        {QStringLiteral("count"), sh.count},
        {QStringLiteral("start_at"), sh.startAt.isValid() ? dateToJson(sh.startAt) : QJsonValue()},
        {QStringLiteral("offset_ms"), sh.offsetMs},
        {QStringLiteral("node"), sh.node},
        {QStringLiteral("complete"), sh.complete},
        {QStringLiteral("plan_hash"), sh.planHash},
        {QStringLiteral("late_start"), sh.lateStart},
    };
}

ShardInfo shardFromJson(const QJsonObject &o)
{
    ShardInfo sh;
    sh.index = o.value(QStringLiteral("index")).toInt();
    sh.count = o.value(QStringLiteral("count")).toInt();
    sh.startAt = dateFromJson(o.value(QStringLiteral("start_at")));
    sh.offsetMs = qint64(o.value(QStringLiteral("offset_ms")).toDouble());
    sh.node = o.value(QStringLiteral("node")).toString();
    sh.complete = o.value(QStringLiteral("complete")).toBool();
    sh.planHash = o.value(QStringLiteral("plan_hash")).toString();
    sh.lateStart = o.value(QStringLiteral("late_start")).toBool();
    return sh;
}

QJsonObject mergeToJson(const MergeInfo &m)
{
    QJsonArray shards;
    for (const ShardInfo &sh : m.shards)
        shards.append(shardToJson(sh));
    return QJsonObject{{QStringLiteral("shards"), shards},
                       {QStringLiteral("plan_hash"), m.planHash},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(m.notes)}};
}

MergeInfo mergeFromJson(const QJsonObject &o)
{
    MergeInfo m;
    for (const QJsonValue &v : o.value(QStringLiteral("shards")).toArray())
        m.shards.append(shardFromJson(v.toObject()));
    m.planHash = o.value(QStringLiteral("plan_hash")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("notes")).toArray())
        m.notes.append(v.toString());
    return m;
}

} // namespace

QJsonObject sessionToJson(const Session &s, SessionWriteKind kind)
{
    QJsonArray stages;
    for (int i = 0; i < s.stages.size(); ++i) {
        QJsonObject st = stageToJson(s.stages.at(i), s.loadModel());
        // Each stage's intervals and steadiness, computed now from the interval histograms
        // (core/analysis/stageuncertainty.h), for readers of the final file; recomputed when
        // read, so a checkpoint goes without (SessionWriteKind).
        if (kind == SessionWriteKind::Final) {
            QJsonArray ops;
            for (const OpUncertainty &u : stageUncertainty(s, i).ops)
                ops.append(QJsonObject{{QStringLiteral("op"), u.op},
                                       {QStringLiteral("ci"), u.ciJson()},
                                       {QStringLiteral("steadiness"), u.steadiness.toJson()}});
            st.insert(QStringLiteral("uncertainty"), ops);
        }
        stages.append(st);
    }
    QJsonObject o{
        {QStringLiteral("kind"), kKind},
        {QStringLiteral("schema"), Session::kSchemaVersion},
        {QStringLiteral("id"), s.id},
        {QStringLiteral("label"), s.label},
        {QStringLiteral("profile"),
         QJsonObject{{QStringLiteral("name"), s.profileName},
                     {QStringLiteral("yaml"), QString::fromUtf8(s.profileYaml)}}},
        {QStringLiteral("plan"), planToJson(s.plan)},
        {QStringLiteral("ops"), QJsonArray::fromStringList(s.ops)},
        {QStringLiteral("executor"), s.loadModel().name()},
        {QStringLiteral("transport"), s.transport},
        {QStringLiteral("target"), targetToJson(s)},
        {QStringLiteral("server"), serverToJson(s.server)},
        {QStringLiteral("client"), clientToJson(s.client)},
        {QStringLiteral("started_at"), dateToJson(s.startedAt)},
        {QStringLiteral("finished_at"), dateToJson(s.finishedAt)},
        {QStringLiteral("status"), runStatusKey(s.status)},
        {QStringLiteral("error"), s.error},
        {QStringLiteral("cleanup_error"), s.cleanupError},
        {QStringLiteral("run_prefix"), s.runPrefix},
        {QStringLiteral("resources"), resourcesToJson(s.resources)},
        {QStringLiteral("leftovers"), resourcesToJson(s.leftovers)},
        {QStringLiteral("auth"), tokenUseToJson(s.token)},
        {QStringLiteral("credentials"), authUseToJson(s.auth)},
        {QStringLiteral("stages"), stages},
        {QStringLiteral("series"), seriesToJson(s.series)},
        // After the series: large, and skipped by extent by the index reader (sessionindex.h).
        {QStringLiteral("second_histograms"),
         s.secondHistograms.present() ? QJsonValue(s.secondHistograms.toJson()) : QJsonValue()},
        {QStringLiteral("server_telemetry"), serverTelemetryToJson(s.serverTelemetry)},
        // Computed from the stages now, so that it always matches them (capacityanalyzer.h).
        {QStringLiteral("analysis"), analyzeSession(s).toJson()},
    };
    // Optional blocks (docs/session-format.md "shard", "merge"; docs/distributed.md).
    if (s.shard.present())
        o.insert(QStringLiteral("shard"), shardToJson(s.shard));
    if (s.merge.present())
        o.insert(QStringLiteral("merge"), mergeToJson(s.merge));
    if (s.replicates.size() >= 2) {
        QJsonArray reps;
        for (const Replicate &r : s.replicates)
            reps.append(QJsonObject{{QStringLiteral("stages"), stagesToJson(r, s.loadModel())}});
        o.insert(QStringLiteral("replicates"), reps);
    }
    return o;
}

namespace {

/// A Session from the parts of its JSON: the stages and series rows one at a time (from the
/// streaming reader, or from a DOM), then the header (every other top-level key). A new
/// top-level key is read in finish(); a new per-stage key in stageFromJson(); a new series
/// column in seriesColumns() and seriesRowFromJson().
class SessionAssembler {
public:
    /// Element `i` of "stages". The first bad one is remembered (finish() reports it after the
    /// header's own problems: another kind or a newer schema first); the rest are skipped.
    void stage(const QJsonValue &v, int i)
    {
        if (!m_stageError.isEmpty())
            return;
        StageStats st;
        QString e;
        if (!v.isObject())
            m_stageError = QStringLiteral("stages[%1]: not an object").arg(i);
        else if (!stageFromJson(v.toObject(), &st, &e))
            m_stageError = QStringLiteral("stages[%1].%2").arg(i).arg(e);
        else
            m_s.stages.append(std::move(st));
    }
    /// An element of "series"."columns".
    void seriesColumn(const QJsonValue &v) { m_columns.append(v.toString()); }
    /// Element `r` of "series"."rows", after its columns.
    void seriesRow(const QJsonValue &v, int r)
    {
        if (!m_seriesError.isEmpty())
            return;
        if (m_pos.isEmpty())
            m_pos = seriesColumnPositions(m_columns);
        SeriesPoint p;
        if (!seriesRowFromJson(v, m_pos, r, &p, &m_seriesError))
            return;
        // One string per operation, not one per row.
        const qsizetype known = m_ops.indexOf(p.op);
        if (known >= 0)
            p.op = m_ops.at(known);
        else
            m_ops.append(p.op);
        m_series.append(std::move(p));
    }
    /// The session from `o`, the document without what was handed over one at a time.
    std::optional<Session> finish(const QJsonObject &o, QString *error);

private:
    Session m_s;
    QString m_stageError;
    QStringList m_columns;
    QList<int> m_pos;
    QStringList m_ops;
    TimeSeries m_series;
    QString m_seriesError;
};

std::optional<Session> SessionAssembler::finish(const QJsonObject &o, QString *error)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind != kKind) {
        err = kind.isEmpty()
                  ? QStringLiteral("not a vault-workbench session (no \"kind\")")
                  : QStringLiteral("not a vault-workbench session (kind \"%1\")").arg(kind);
        return std::nullopt;
    }
    const QJsonValue schema = o.value(QStringLiteral("schema"));
    if (!schema.isDouble() || schema.toInt() < 1) {
        err = QStringLiteral("session has no valid \"schema\" version");
        return std::nullopt;
    }
    if (schema.toInt() > Session::kSchemaVersion) {
        err = QStringLiteral("session schema %1 is newer than this vault-workbench reads (%2); "
                             "open it with a newer vault-workbench")
                  .arg(schema.toInt())
                  .arg(Session::kSchemaVersion);
        return std::nullopt;
    }

    m_s.id = o.value(QStringLiteral("id")).toString();
    m_s.label = o.value(QStringLiteral("label")).toString();
    const QJsonObject profile = o.value(QStringLiteral("profile")).toObject();
    m_s.profileName = profile.value(QStringLiteral("name")).toString();
    m_s.profileYaml = profile.value(QStringLiteral("yaml")).toString().toUtf8();
    const QJsonArray ops = o.value(QStringLiteral("ops")).toArray();
    for (const QJsonValue &v : ops)
        m_s.ops.append(v.toString());
    m_s.transport = o.value(QStringLiteral("transport")).toString();
    const QJsonObject target = o.value(QStringLiteral("target")).toObject();
    m_s.targetAddress = target.value(QStringLiteral("address")).toString();
    for (const QJsonValue &v : target.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        m_s.nodeRoles.append({n.value(QStringLiteral("address")).toString(),
                              serverRoleFromKey(n.value(QStringLiteral("role")).toString()),
                              n.value(QStringLiteral("version")).toString()});
    }
    // Optional (sessions of other addresses and older ones have none): what the address is.
    const QJsonObject topo = target.value(QStringLiteral("topology")).toObject();
    m_s.targetTopology.kind = topo.value(QStringLiteral("kind")).toString();
    m_s.targetTopology.node = topo.value(QStringLiteral("node")).toString();
    m_s.targetTopology.balancer = topo.value(QStringLiteral("balancer")).toString();
    m_s.targetTopology.lbRoute = topo.value(QStringLiteral("lb_route")).toString();
    for (const QJsonValue &v : topo.value(QStringLiteral("backends")).toArray())
        m_s.targetTopology.backends << v.toString();
    // Optional (older sessions have none): where each target setting came from.
    const QJsonObject sources = target.value(QStringLiteral("sources")).toObject();
    for (auto it = sources.begin(); it != sources.end(); ++it)
        if (it.value().isString())
            m_s.targetSources.insert(it.key(), it.value().toString());
    m_s.server = serverFromJson(o.value(QStringLiteral("server")).toObject());
    m_s.client = clientFromJson(o.value(QStringLiteral("client")).toObject());
    m_s.startedAt = dateFromJson(o.value(QStringLiteral("started_at")));
    m_s.finishedAt = dateFromJson(o.value(QStringLiteral("finished_at")));
    const QString status = o.value(QStringLiteral("status")).toString();
    if (!runStatusFromKey(status, &m_s.status)) {
        err = QStringLiteral("unknown run status \"%1\"").arg(status);
        return std::nullopt;
    }
    m_s.error = o.value(QStringLiteral("error")).toString();
    m_s.cleanupError = o.value(QStringLiteral("cleanup_error")).toString();
    // Optional (added in schema 2 without a schema change): empty when absent.
    m_s.runPrefix = o.value(QStringLiteral("run_prefix")).toString();
    if (!resourcesFromJson(o.value(QStringLiteral("resources")), QStringLiteral("resources"),
                           &m_s.resources, &err)
        || !resourcesFromJson(o.value(QStringLiteral("leftovers")), QStringLiteral("leftovers"),
                              &m_s.leftovers, &err))
        return std::nullopt;
    m_s.token = tokenUseFromJson(o.value(QStringLiteral("auth")));
    m_s.auth = authUseFromJson(o.value(QStringLiteral("credentials")));
    // Optional: a shard's block and a merged session's inputs (docs/distributed.md).
    if (o.value(QStringLiteral("shard")).isObject())
        m_s.shard = shardFromJson(o.value(QStringLiteral("shard")).toObject());
    if (o.value(QStringLiteral("merge")).isObject())
        m_s.merge = mergeFromJson(o.value(QStringLiteral("merge")).toObject());

    if (!o.value(QStringLiteral("stages")).isArray()) {
        err = QStringLiteral("\"stages\" is missing or not an array");
        return std::nullopt;
    }
    if (!m_stageError.isEmpty()) {
        err = m_stageError;
        return std::nullopt;
    }
    // Optional: absent with one replicate and in every session written before replicates.
    const QJsonArray reps = o.value(QStringLiteral("replicates")).toArray();
    for (int r = 0; r < reps.size() && reps.size() >= 2; ++r) {
        Replicate rep;
        if (!stagesFromJson(reps.at(r).toObject().value(QStringLiteral("stages")),
                            QStringLiteral("replicates[%1].stages").arg(r), &rep, &err))
            return std::nullopt;
        m_s.replicates.append(rep);
    }
    if (!m_seriesError.isEmpty()) {
        err = m_seriesError;
        return std::nullopt;
    }
    m_s.series = std::move(m_series);
    QString e;
    // Optional (issue 18, schema 2 without a schema change): absent in older sessions, whose
    // intervals are then unknown (noIntervalHistogramsReason()).
    if (!SecondHistograms::fromJson(o.value(QStringLiteral("second_histograms")),
                                    &m_s.secondHistograms, &e)) {
        err = e;
        return std::nullopt;
    }
    // Optional (added in schema 2 without a schema change): empty when absent.
    if (!serverTelemetryFromJson(o.value(QStringLiteral("server_telemetry")), &m_s.serverTelemetry,
                                 &e)) {
        err = e;
        return std::nullopt;
    }
    // The run plan: schema 2 stores it; schema 1 is migrated from its profile YAML.
    if (schema.toInt() >= 2) {
        QString planError;
        std::optional<Profile> plan = planFromJson(o.value(QStringLiteral("plan")).toObject(),
                                                   LoadModelRegistry::builtin(), &planError);
        if (!plan) {
            err = QStringLiteral("plan: %1").arg(planError);
            return std::nullopt;
        }
        m_s.plan = *plan;
    } else {
        m_s.plan = migrateV1Plan(o, m_s.stages, &m_s.readNotes);
    }
    // The analysis as saved; sessions written before it existed get it computed.
    const QJsonValue analysis = o.value(QStringLiteral("analysis"));
    m_s.analysis = analysis.isObject() ? SessionAnalysis::fromJson(analysis.toObject(), m_s.ops)
                                       : analyzeSession(m_s);
    return std::move(m_s);
}

/// How a text is parsed: JsonStreamReader::parse or parseFile with the reader's streams.
using StreamParse =
    std::function<bool(const JsonStreamReader &, QJsonValue *, QString *, qint64 *)>;

/// The session from a stream of its JSON: the stages, the series' columns and rows handed to a
/// SessionAssembler one at a time as they are read, never all of them as JSON values.
std::optional<Session> readSessionStream(const StreamParse &parse, QString *error)
{
    SessionAssembler a;
    JsonStreamReader reader;
    reader.streamArray({QStringLiteral("stages")}, [&a](const QJsonValue &v, int i, QString *) {
        a.stage(v, i);
        return true;
    });
    reader.streamArray({QStringLiteral("series"), QStringLiteral("columns")},
                       [&a](const QJsonValue &v, int, QString *) {
                           a.seriesColumn(v);
                           return true;
                       });
    reader.streamArray({QStringLiteral("series"), QStringLiteral("rows")},
                       [&a](const QJsonValue &v, int r, QString *) {
                           a.seriesRow(v, r);
                           return true;
                       });
    QJsonValue root;
    QString why;
    qint64 offset = 0;
    if (!parse(reader, &root, &why, &offset)) {
        if (error)
            *error = QStringLiteral("not JSON: %1").arg(why);
        return std::nullopt;
    }
    if (!root.isObject()) {
        if (error)
            *error = QStringLiteral("not a vault-workbench session (not a JSON object)");
        return std::nullopt;
    }
    return a.finish(root.toObject(), error);
}

} // namespace

std::optional<Session> sessionFromJson(const QJsonObject &o, QString *error)
{
    SessionAssembler a;
    const QJsonArray stages = o.value(QStringLiteral("stages")).toArray();
    for (int i = 0; i < stages.size(); ++i)
        a.stage(stages.at(i), i);
    const QJsonObject series = o.value(QStringLiteral("series")).toObject();
    for (const QJsonValue &c : series.value(QStringLiteral("columns")).toArray())
        a.seriesColumn(c);
    const QJsonArray rows = series.value(QStringLiteral("rows")).toArray();
    for (int r = 0; r < rows.size(); ++r)
        a.seriesRow(rows.at(r), r);
    return a.finish(o, error);
}

std::optional<Session> sessionFromJsonText(const QByteArray &text, QString *error)
{
    return readSessionStream([&text](const JsonStreamReader &r, QJsonValue *root, QString *e,
                                     qint64 *offset) { return r.parse(text, root, e, offset); },
                             error);
}

QString sessionPathProblem(const QString &path)
{
    if (path.isEmpty())
        return QStringLiteral("no file name");
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return QStringLiteral("its folder does not exist");
    struct stat st { };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return QString(); // a new file
    if (S_ISDIR(st.st_mode))
        return QStringLiteral("it is a folder");
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("not a regular file");
    return QString();
}

bool writeSession(const Session &s, const QString &path, QString *error, SessionWriteKind kind)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    if (const QString problem = sessionPathProblem(path); !problem.isEmpty()) {
        err = QStringLiteral("cannot write %1: %2").arg(path, problem);
        return false;
    }
    // Compact: histograms and the series are long arrays; use jq to read a session.
    const QByteArray bytes = QJsonDocument(sessionToJson(s, kind)).toJson(QJsonDocument::Compact);
    return writeFileAtomically(path, bytes, error);
}

std::function<bool(const RunRecord &, QString *)> checkpointWriter(const QString &path)
{
    return [path, folderMade = false](const RunRecord &record, QString *error) mutable {
        if (!folderMade) {
            const QString dir = QFileInfo(path).absolutePath();
            if (!QDir().mkpath(dir)) {
                if (error)
                    *error = QStringLiteral("cannot create %1").arg(dir);
                return false;
            }
            folderMade = true;
        }
        return writeSession(Session(record), path, error, SessionWriteKind::Checkpoint);
    };
}

qint64 maxSessionBytes(QString *error)
{
    if (!qEnvironmentVariableIsSet(kMaxSessionMbVariable))
        return kMaxSessionBytes;
    const QString text = qEnvironmentVariable(kMaxSessionMbVariable);
    bool ok = false;
    const qint64 mib = text.trimmed().toLongLong(&ok);
    // at most 2^43 MiB, so that the bytes fit in a qint64
    if (!ok || mib < 1 || mib > (qint64(1) << 43)) {
        if (error)
            *error = QStringLiteral("%1=\"%2\" is not a whole number of MiB (1 or more)")
                         .arg(QLatin1String(kMaxSessionMbVariable), text);
        return -1;
    }
    return mib * 1024 * 1024;
}

QString sessionSizeProblem(const QString &path, qint64 bytes)
{
    QString problem;
    const qint64 limit = maxSessionBytes(&problem);
    if (limit < 0)
        return QStringLiteral("%1: %2").arg(path, problem);
    if (bytes <= limit)
        return QString();
    const qint64 mib = 1024 * 1024;
    return QStringLiteral("%1: %2 GB (%3 bytes), over the %4 MiB limit on session files; "
                          "reading takes up to about 4 times the file in memory: set %5=%6 or more "
                          "to read it")
        .arg(path)
        .arg(double(bytes) / 1e9, 0, 'f', 2)
        .arg(bytes)
        .arg(limit / mib)
        .arg(QLatin1String(kMaxSessionMbVariable))
        .arg((bytes + mib - 1) / mib);
}

std::optional<Session> readSession(const QString &path, QString *error)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    if (!QFileInfo::exists(path)) {
        err = QStringLiteral("%1: no such file").arg(path);
        return std::nullopt;
    }
    // Checked as readBoundedFile() does (a regular file, at most maxSessionBytes()), then read
    // 64 KiB at a time by the streaming reader (util/jsonstreamreader.h).
    const QFileInfo info(path);
    if (!info.isFile()) {
        err = QStringLiteral("cannot read %1: not a regular file").arg(path);
        return std::nullopt;
    }
    if (const QString problem = sessionSizeProblem(path, info.size()); !problem.isEmpty()) {
        err = QStringLiteral("cannot read %1").arg(problem);
        return std::nullopt;
    }
    QString e;
    std::optional<Session> s =
        readSessionStream([&path](const JsonStreamReader &r, QJsonValue *root, QString *why,
                                  qint64 *offset) { return r.parseFile(path, root, why, offset); },
                          &e);
    if (!s)
        err = QStringLiteral("%1: %2").arg(path, e);
    return s;
}

QString writeRescuedSession(const Session &s, const QString &failedPath, const QStringList &folders,
                            QString *error)
{
    const QFileInfo failed(failedPath);
    const QString name = failed.fileName();
    const QString failedDir = QDir::cleanPath(failed.absolutePath());
    for (const QString &d : folders) {
        if (d.isEmpty() || QDir::cleanPath(QDir(d).absolutePath()) == failedDir
            || !QDir().mkpath(d))
            continue;
        QString path = QDir(d).filePath(name);
        if (QFileInfo::exists(path))
            path = QDir(d).filePath(
                QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz-"))
                + name);
        if (writeSession(s, path, error))
            return path;
    }
    if (error && error->isEmpty())
        *error = QStringLiteral("no other folder to write %1 to").arg(name);
    return QString();
}

} // namespace vw
