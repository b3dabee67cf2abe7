#include "vault/servermetrics.h"

#include <QJsonArray>

namespace vw {

namespace {

/// The first of `names` the text has, NaN when none.
double firstOf(const PromText &t, const QStringList &names)
{
    for (const QString &n : names) {
        const double v = t.value(n);
        if (serverKnown(v))
            return v;
    }
    return kServerUnknown;
}

// Storage backends' get timers: raft, file, consul (the dev server's in-memory storage has none).
const QStringList kPromStorageGet{QStringLiteral("vault_raft_storage_get"),
                                  QStringLiteral("vault_file_get"),
                                  QStringLiteral("vault_consul_get")};
const QStringList kJsonStorageGet{
    QStringLiteral("vault.raft-storage.get"), QStringLiteral("vault.raft_storage.get"),
    QStringLiteral("vault.file.get"), QStringLiteral("vault.consul.get")};

QJsonObject findNamed(const QJsonArray &a, const QString &name)
{
    for (const QJsonValue &v : a) {
        const QJsonObject o = v.toObject();
        if (o.value(QLatin1String("Name")).toString() == name)
            return o;
    }
    return QJsonObject();
}

double jsonNumber(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : kServerUnknown;
}

} // namespace

ServerReading serverReadingFromPrometheus(const PromText &t)
{
    ServerReading r;
    r.rssBytes = t.value(QStringLiteral("process_resident_memory_bytes"));
    r.heapInUseBytes = firstOf(t, {QStringLiteral("go_memstats_heap_inuse_bytes"),
                                   QStringLiteral("vault_runtime_alloc_bytes")});
    r.cpuSeconds = t.value(QStringLiteral("process_cpu_seconds_total"));
    r.goroutines = firstOf(
        t, {QStringLiteral("go_goroutines"), QStringLiteral("vault_runtime_num_goroutines")});
    r.openFds = t.value(QStringLiteral("process_open_fds"));
    r.cores = t.value(QStringLiteral("go_sched_gomaxprocs_threads"));
    r.leases = t.value(QStringLiteral("vault_expire_num_leases"));
    r.handleRequestSumMs = t.value(QStringLiteral("vault_core_handle_request_sum"));
    r.handleRequestCount = t.value(QStringLiteral("vault_core_handle_request_count"));
    r.handleRequestP50Ms = t.value(QStringLiteral("vault_core_handle_request"),
                                   {{QStringLiteral("quantile"), QStringLiteral("0.5")}});
    r.handleRequestP99Ms = t.value(QStringLiteral("vault_core_handle_request"),
                                   {{QStringLiteral("quantile"), QStringLiteral("0.99")}});
    r.barrierGetSumMs = t.value(QStringLiteral("vault_barrier_get_sum"));
    r.barrierGetCount = t.value(QStringLiteral("vault_barrier_get_count"));
    r.barrierPutSumMs = t.value(QStringLiteral("vault_barrier_put_sum"));
    r.barrierPutCount = t.value(QStringLiteral("vault_barrier_put_count"));
    for (const QString &n : kPromStorageGet) {
        if (t.has(n + QStringLiteral("_count"))) {
            r.storageGetSumMs = t.value(n + QStringLiteral("_sum"));
            r.storageGetCount = t.value(n + QStringLiteral("_count"));
            break;
        }
    }
    return r;
}

ServerReading serverReadingFromMetricsJson(const QJsonObject &json)
{
    ServerReading r;
    r.intervalTimers = true;
    const QJsonArray gauges = json.value(QLatin1String("Gauges")).toArray();
    const QJsonArray samples = json.value(QLatin1String("Samples")).toArray();
    r.heapInUseBytes =
        jsonNumber(findNamed(gauges, QStringLiteral("vault.runtime.alloc_bytes")), "Value");
    r.goroutines =
        jsonNumber(findNamed(gauges, QStringLiteral("vault.runtime.num_goroutines")), "Value");
    r.leases = jsonNumber(findNamed(gauges, QStringLiteral("vault.expire.num_leases")), "Value");
    auto timer = [&](const QString &name, double *sum, double *count) {
        const QJsonObject o = findNamed(samples, name);
        if (o.isEmpty())
            return false;
        *sum = jsonNumber(o, "Sum");
        *count = jsonNumber(o, "Count");
        return true;
    };
    timer(QStringLiteral("vault.core.handle_request"), &r.handleRequestSumMs,
          &r.handleRequestCount);
    timer(QStringLiteral("vault.barrier.get"), &r.barrierGetSumMs, &r.barrierGetCount);
    timer(QStringLiteral("vault.barrier.put"), &r.barrierPutSumMs, &r.barrierPutCount);
    for (const QString &n : kJsonStorageGet)
        if (timer(n, &r.storageGetSumMs, &r.storageGetCount))
            break;
    return r;
}

} // namespace vw
