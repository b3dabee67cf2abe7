#include "engine/telemetrysampler.h"

#include "ops/serviceprobe.h"
#include "util/procstat.h"
#include "vault/servermetrics.h"
#include "vault/vaultclient.h"

namespace vw {

namespace {

constexpr int64_t kNsPerS = 1'000'000'000LL;
/// After this many failed reads in a row the endpoint is given up for the run (noted).
constexpr int kMaxFailuresInRow = 5;
/// A reading closer than this to the previous one is skipped (mark()).
constexpr int64_t kMinIntervalNs = kNsPerS / 4;

HttpRequest metricsRequest(bool prometheus)
{
    HttpRequest r;
    r.method = "GET";
    r.path = prometheus ? QByteArrayLiteral("/v1/sys/metrics?format=prometheus")
                        : QByteArrayLiteral("/v1/sys/metrics");
    r.rootNamespace = true; // sys/metrics is served by the root namespace only
    return r;
}

} // namespace

TelemetrySampler::TelemetrySampler(const TargetSpec &target, const QByteArray &token,
                                   qint64 serverPid, std::shared_ptr<ServiceProbe> service)
    : m_service(std::move(service))
    , m_pid(serverPid)
{
    TargetSpec t = target;
    t.requestTimeoutMs = std::min(t.requestTimeoutMs, kTelemetryTimeoutMs);
    m_client = std::make_unique<VaultClient>(t, token);
}

TelemetrySampler::~TelemetrySampler() = default;

void TelemetrySampler::start()
{
    m_out = ServerTelemetry();
    m_out.serverPid = m_pid;
    // Which form: Prometheus text when telemetry enables it (400 otherwise), else JSON.
    VaultResponse r = m_client->send(metricsRequest(true));
    PromText text;
    QString error;
    if (r.ok() && parsePrometheusText(r.body, &text, &error) && !text.samples.isEmpty()) {
        m_metrics = m_prometheus = true;
    } else if (r.status == 403 || r.status == 401) {
        m_out.notes << QStringLiteral("sys/metrics: %1 (the token cannot read sys/metrics)")
                           .arg(r.describe());
    } else {
        if (r.ok())
            m_out.notes << QStringLiteral("sys/metrics?format=prometheus: unreadable (%1); "
                                          "using the JSON form")
                               .arg(error);
        VaultResponse j = m_client->send(metricsRequest(false));
        if (j.ok() && !j.json.isEmpty()) {
            m_metrics = true;
            m_out.notes << QStringLiteral("sys/metrics has no Prometheus form (telemetry "
                                          "prometheus_retention_time unset): JSON only, no "
                                          "process memory, CPU or open files from the server");
        } else {
            m_out.notes << QStringLiteral("sys/metrics: %1; no server metrics").arg(j.describe());
        }
    }
    if (m_pid > 0) {
        ProcUsage u;
        if (!readProcUsage(m_pid, &u, &error)) {
            m_out.notes << QStringLiteral("server process: %1").arg(error);
            m_pid = 0;
        }
    }
    if (m_service) {
        m_out.service = m_service->name();
        m_out.serviceUsersName = m_service->usersName();
    }
    if (m_metrics)
        m_out.source = m_prometheus ? QStringLiteral("prometheus") : QStringLiteral("json");
    else if (m_pid > 0)
        m_out.source = QStringLiteral("proc");
    m_haveLast = false; // the first mark() takes the baseline reading
}

bool TelemetrySampler::read(ServerReading *out)
{
    *out = ServerReading();
    bool any = false;
    if (m_metrics) {
        VaultResponse r = m_client->send(metricsRequest(m_prometheus));
        PromText text;
        QString error;
        if (r.ok() && m_prometheus && parsePrometheusText(r.body, &text, &error)) {
            *out = serverReadingFromPrometheus(text);
            any = true;
        } else if (r.ok() && !m_prometheus && !r.json.isEmpty()) {
            *out = serverReadingFromMetricsJson(r.json);
            any = true;
        }
        if (any) {
            m_failures = 0;
        } else if (++m_failures >= kMaxFailuresInRow) {
            m_metrics = false;
            m_out.notes << QStringLiteral("sys/metrics: %1 reads in a row failed (last: %2); "
                                          "not read for the rest of the run")
                               .arg(m_failures)
                               .arg(r.ok() ? error : r.describe());
        }
    }
    if (m_pid > 0) {
        ProcUsage u;
        QString error;
        if (readProcUsage(m_pid, &u, &error)) {
            out->procRssBytes = u.rssBytes >= 0 ? double(u.rssBytes) : kServerUnknown;
            out->procCpuSeconds = u.cpuSeconds >= 0 ? u.cpuSeconds : kServerUnknown;
            out->procThreads = u.threads >= 0 ? double(u.threads) : kServerUnknown;
            any = true;
        } else {
            m_out.notes << QStringLiteral("server process: %1 during the run").arg(error);
            m_pid = 0;
        }
    }
    if (m_service) {
        QString error;
        if (m_service->read(out, &error)) {
            m_serviceFailures = 0;
            any = true;
        } else if (++m_serviceFailures >= kMaxFailuresInRow) {
            m_out.notes << QStringLiteral("%1: %2 reads in a row failed (last: %3); not read "
                                          "for the rest of the run")
                               .arg(m_service->name())
                               .arg(m_serviceFailures)
                               .arg(error);
            m_service.reset();
        }
    }
    return any;
}

void TelemetrySampler::poll(int64_t nowNs)
{
    if (nowNs - m_lastNs >= kNsPerS)
        sampleNow(nowNs);
}

void TelemetrySampler::mark(int64_t nowNs, int stage, bool steady)
{
    // The interval so far closes under the state before; a skipped or failed reading leaves
    // an interval across the change, which is not steady.
    const bool closed = (!m_haveLast || nowNs - m_lastNs >= kMinIntervalNs) && sampleNow(nowNs);
    m_stage = stage;
    m_steady = steady;
    m_intervalSteady = closed && steady;
}

bool TelemetrySampler::sampleNow(int64_t nowNs)
{
    if (!m_metrics && m_pid <= 0 && !m_service)
        return false;
    ServerReading cur;
    if (!read(&cur))
        return false;
    if (serverKnown(cur.cores))
        m_out.serverCores = cur.cores;
    if (m_haveLast) {
        ServerSample s = serverSampleBetween(m_last, double(m_lastNs - m_windowStartNs) / kNsPerS,
                                             cur, double(nowNs - m_windowStartNs) / kNsPerS);
        s.tS = double(nowNs - m_windowStartNs) / kNsPerS;
        s.stage = m_stage;
        s.steady = m_intervalSteady && m_stage >= 0;
        m_out.samples.append(s);
    }
    m_last = cur;
    m_lastNs = nowNs;
    m_haveLast = true;
    m_intervalSteady = m_steady; // the next interval starts under the current state
    return true;
}

ServerTelemetry TelemetrySampler::finish(int stageCount)
{
    m_out.stages = summariseServerStages(m_out.samples, stageCount);
    return m_out;
}

} // namespace vw
