#include "session/servertelemetryjson.h"

#include <QJsonArray>

namespace vw {

namespace {

template <typename T> struct Field {
    const char *key;
    double T::*member;
};

// One table per shape: the JSON names and the fields they hold (units in the names).
const QList<Field<ServerSample>> &sampleFields()
{
    static const QList<Field<ServerSample>> f{
        {"rss_bytes", &ServerSample::rssBytes},
        {"heap_inuse_bytes", &ServerSample::heapInUseBytes},
        {"cores_busy", &ServerSample::coresBusy},
        {"goroutines", &ServerSample::goroutines},
        {"open_fds", &ServerSample::openFds},
        {"handle_request_ms", &ServerSample::handleRequestMs},
        {"handle_request_p99_ms", &ServerSample::handleRequestP99Ms},
        {"barrier_get_ms", &ServerSample::barrierGetMs},
        {"barrier_put_ms", &ServerSample::barrierPutMs},
        {"storage_get_ms", &ServerSample::storageGetMs},
        {"proc_rss_bytes", &ServerSample::procRssBytes},
        {"proc_cores_busy", &ServerSample::procCoresBusy},
        {"proc_threads", &ServerSample::procThreads},
        {"leases", &ServerSample::leases},
        {"service_connections", &ServerSample::serviceConnections},
        {"service_users", &ServerSample::serviceUsers},
        {"service_cores_busy", &ServerSample::serviceCoresBusy},
        {"service_ops_per_second", &ServerSample::serviceOpsPerSecond},
    };
    return f;
}

const QList<Field<ServerStageStats>> &stageFields()
{
    static const QList<Field<ServerStageStats>> f{
        {"rss_mean_bytes", &ServerStageStats::rssMeanBytes},
        {"rss_max_bytes", &ServerStageStats::rssMaxBytes},
        {"heap_inuse_mean_bytes", &ServerStageStats::heapInUseMeanBytes},
        {"cores_busy_mean", &ServerStageStats::coresBusyMean},
        {"cores_busy_max", &ServerStageStats::coresBusyMax},
        {"goroutines_mean", &ServerStageStats::goroutinesMean},
        {"open_fds_max", &ServerStageStats::openFdsMax},
        {"handle_request_ms", &ServerStageStats::handleRequestMs},
        {"handle_request_p99_ms", &ServerStageStats::handleRequestP99Ms},
        {"barrier_get_ms", &ServerStageStats::barrierGetMs},
        {"barrier_put_ms", &ServerStageStats::barrierPutMs},
        {"storage_get_ms", &ServerStageStats::storageGetMs},
        {"proc_rss_mean_bytes", &ServerStageStats::procRssMeanBytes},
        {"proc_cores_busy_mean", &ServerStageStats::procCoresBusyMean},
        {"leases_max", &ServerStageStats::leasesMax},
        {"leases_end", &ServerStageStats::leasesEnd},
        {"service_connections_mean", &ServerStageStats::serviceConnectionsMean},
        {"service_users_end", &ServerStageStats::serviceUsersEnd},
        {"service_cores_busy_mean", &ServerStageStats::serviceCoresBusyMean},
        {"service_ops_per_second_mean", &ServerStageStats::serviceOpsPerSecondMean},
    };
    return f;
}

QJsonValue number(double v)
{
    return serverKnown(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

double fromNumber(const QJsonValue &v)
{
    return v.isDouble() ? v.toDouble() : kServerUnknown;
}

} // namespace

QJsonObject serverTelemetryToJson(const ServerTelemetry &t)
{
    QStringList columns{QStringLiteral("t_s"), QStringLiteral("stage"), QStringLiteral("steady")};
    for (const auto &f : sampleFields())
        columns << QLatin1String(f.key);
    QJsonArray rows;
    for (const ServerSample &s : t.samples) {
        QJsonArray row{s.tS, s.stage, s.steady};
        for (const auto &f : sampleFields())
            row.append(number(s.*f.member));
        rows.append(row);
    }
    QJsonArray stages;
    for (const ServerStageStats &st : t.stages) {
        QJsonObject o{{QStringLiteral("index"), st.stage}, {QStringLiteral("samples"), st.samples}};
        for (const auto &f : stageFields())
            o.insert(QLatin1String(f.key), number(st.*f.member));
        stages.append(o);
    }
    return QJsonObject{
        {QStringLiteral("source"), t.source},
        {QStringLiteral("server_pid"), t.serverPid},
        {QStringLiteral("server_cores"), number(t.serverCores)},
        {QStringLiteral("service"), t.service},
        {QStringLiteral("service_users_name"), t.serviceUsersName},
        {QStringLiteral("notes"), QJsonArray::fromStringList(t.notes)},
        {QStringLiteral("samples"),
         QJsonObject{{QStringLiteral("columns"), QJsonArray::fromStringList(columns)},
                     {QStringLiteral("rows"), rows}}},
        {QStringLiteral("stages"), stages},
    };
}

bool serverTelemetryFromJson(const QJsonValue &v, ServerTelemetry *out, QString *error)
{
    *out = ServerTelemetry();
    if (v.isUndefined() || v.isNull())
        return true; // a session from before server telemetry
    if (!v.isObject()) {
        *error = QStringLiteral("server_telemetry: not an object");
        return false;
    }
    const QJsonObject o = v.toObject();
    out->source = o.value(QStringLiteral("source")).toString();
    out->serverPid = o.value(QStringLiteral("server_pid")).toInteger();
    out->serverCores = fromNumber(o.value(QStringLiteral("server_cores")));
    out->service = o.value(QStringLiteral("service")).toString(); // "" in older files
    out->serviceUsersName = o.value(QStringLiteral("service_users_name")).toString();
    for (const QJsonValue &n : o.value(QStringLiteral("notes")).toArray())
        out->notes << n.toString();

    // Columns by name, so that later versions may add or reorder them.
    const QJsonObject samples = o.value(QStringLiteral("samples")).toObject();
    const QJsonArray columns = samples.value(QStringLiteral("columns")).toArray();
    QHash<QString, int> at;
    for (int i = 0; i < columns.size(); ++i)
        at.insert(columns.at(i).toString(), i);
    for (const char *required : {"t_s", "stage", "steady"}) {
        if (!samples.isEmpty() && !at.contains(QLatin1String(required))) {
            *error = QStringLiteral("server_telemetry.samples: no column \"%1\"")
                         .arg(QLatin1String(required));
            return false;
        }
    }
    const QJsonArray rows = samples.value(QStringLiteral("rows")).toArray();
    for (int r = 0; r < rows.size(); ++r) {
        if (!rows.at(r).isArray()) {
            *error = QStringLiteral("server_telemetry.samples.rows[%1]: not an array").arg(r);
            return false;
        }
        const QJsonArray row = rows.at(r).toArray();
        ServerSample s;
        s.tS = row.at(at.value(QStringLiteral("t_s"))).toDouble();
        s.stage = row.at(at.value(QStringLiteral("stage"))).toInt(-1);
        s.steady = row.at(at.value(QStringLiteral("steady"))).toBool();
        for (const auto &f : sampleFields()) {
            const auto it = at.constFind(QLatin1String(f.key));
            if (it != at.cend())
                s.*f.member = fromNumber(row.at(*it));
        }
        out->samples.append(s);
    }
    const QJsonArray stages = o.value(QStringLiteral("stages")).toArray();
    for (int i = 0; i < stages.size(); ++i) {
        if (!stages.at(i).isObject()) {
            *error = QStringLiteral("server_telemetry.stages[%1]: not an object").arg(i);
            return false;
        }
        const QJsonObject so = stages.at(i).toObject();
        ServerStageStats st;
        st.stage = so.value(QStringLiteral("index")).toInt();
        st.samples = so.value(QStringLiteral("samples")).toInt();
        for (const auto &f : stageFields())
            st.*f.member = fromNumber(so.value(QLatin1String(f.key)));
        out->stages.append(st);
    }
    return true;
}

} // namespace vw
