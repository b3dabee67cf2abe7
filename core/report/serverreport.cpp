#include "report/serverreport.h"

#include "charts/chartmodel.h"
#include "charts/svgrenderer.h"
#include "session/sessionanalysis.h"

namespace vw {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

double either(double fromMetrics, double fromProc)
{
    return serverKnown(fromMetrics) ? fromMetrics : fromProc;
}

QString cell(double v, double scale, int decimals)
{
    const QString text =
        serverKnown(v) ? QString::number(v / scale, 'f', decimals) : QStringLiteral("-");
    return QStringLiteral("<td class=\"n\">%1</td>").arg(text);
}

} // namespace

QString serverChartsHtml(const QList<CurveSource> &sources)
{
    QString o = QStringLiteral("<h2>Server</h2>\n");
    bool any = false;
    for (const CurveSource &s : sources)
        any = any || s.server.collected();
    if (!any)
        return o + QStringLiteral("<p>Not assessed (no server metrics).</p>\n");
    o += QStringLiteral("<div class=\"charts\">\n");
    for (ChartKind kind : {ChartKind::ServerMemoryVsLoad, ChartKind::ServerCpuVsLoad,
                           ChartKind::ServerLatencyVsLoad})
        o += renderSvg(buildChartModel(kind, sources));
    for (const CurveSource &s : sources) {
        if (!s.server.collected())
            continue;
        for (ChartKind kind : {ChartKind::ServerMemoryOverTime, ChartKind::ServerCpuOverTime,
                               ChartKind::ServerLatencyOverTime}) {
            ChartModel m = buildChartModel(kind, {s});
            if (sources.size() > 1)
                m.title = s.label + QStringLiteral(" · ") + m.title;
            o += renderSvg(m);
        }
    }
    return o + QStringLiteral("</div>\n");
}

QString serverSessionHtml(const Session &s)
{
    const ServerTelemetry &t = s.serverTelemetry;
    QString o = QStringLiteral("<h3>Server</h3>\n");
    const ServerBottleneck b = sessionServerBottleneck(s, sessionAnalysis(s));
    o +=
        QStringLiteral("<p><b>Saturating resource:</b> %1 <span class=\"evidence\">%2</span></p>\n")
            .arg(esc(b.resource), esc(b.evidence.text));
    if (t.collected()) {
        o += QStringLiteral("<p>Source: %1%2%3.</p>\n")
                 .arg(esc(t.source == QLatin1String("prometheus")
                              ? QStringLiteral("GET sys/metrics?format=prometheus")
                          : t.source == QLatin1String("json")
                              ? QStringLiteral("GET sys/metrics (JSON)")
                              : QStringLiteral("/proc only")),
                      t.serverPid > 0 ? QStringLiteral(", /proc/%1").arg(t.serverPid) : QString(),
                      serverKnown(t.serverCores)
                          ? QStringLiteral("; the server may use %1 cores").arg(t.serverCores)
                          : QString());
        o +=
            QStringLiteral(
                "<table><tr><th>stage</th><th>VUs</th><th>samples</th><th>RSS (MiB)</th>"
                "<th>RSS max (MiB)</th><th>Go heap (MiB)</th><th>cores busy</th><th>goroutines</th>"
                "<th>open fds</th><th>server time (ms)</th><th>client mean (ms)</th>"
                "<th>barrier get (ms)</th><th>barrier put (ms)</th><th>/proc RSS (MiB)</th>"
                "<th>/proc cores busy</th><th>leases held (end)</th>%1</tr>\n")
                .arg(t.service.isEmpty()
                         ? QString()
                         : QStringLiteral("<th>%1 connections</th><th>%1 %2 (end)</th><th>%1 "
                                          "cores busy</th><th>%1 ops/s</th>")
                               .arg(esc(t.service), esc(t.serviceUsersName)));
        constexpr double kMiB = 1048576.0;
        for (const StageStats &st : s.stages) {
            const ServerStageStats *x = t.stage(st.index);
            ServerStageStats none;
            if (!x)
                x = &none;
            const double client =
                st.meanLatencyS() > 0 ? st.meanLatencyS() * 1000.0 : kServerUnknown;
            o += QStringLiteral(
                     "<tr><td class=\"n\">%1</td><td class=\"n\">%2</td><td class=\"n\">%3</td>")
                     .arg(stageNumber(st.index))
                     .arg(st.vus)
                     .arg(x->samples)
                 + cell(x->rssMeanBytes, kMiB, 1) + cell(x->rssMaxBytes, kMiB, 1)
                 + cell(x->heapInUseMeanBytes, kMiB, 1) + cell(x->coresBusyMean, 1, 2)
                 + cell(x->goroutinesMean, 1, 0) + cell(x->openFdsMax, 1, 0)
                 + cell(x->handleRequestMs, 1, 3) + cell(client, 1, 3) + cell(x->barrierGetMs, 1, 3)
                 + cell(x->barrierPutMs, 1, 3) + cell(x->procRssMeanBytes, kMiB, 1)
                 + cell(x->procCoresBusyMean, 1, 2) + cell(x->leasesEnd, 1, 0)
                 + (t.service.isEmpty()
                        ? QString()
                        : cell(x->serviceConnectionsMean, 1, 1) + cell(x->serviceUsersEnd, 1, 0)
                              + cell(x->serviceCoresBusyMean, 1, 2)
                              + cell(x->serviceOpsPerSecondMean, 1, 0))
                 + QStringLiteral("</tr>\n");
        }
        o += QStringLiteral("</table>\n");
    }
    for (const QString &n : t.notes)
        o += QStringLiteral("<p class=\"evidence\">%1</p>\n").arg(esc(n));
    return o;
}

QString serverText(const Session &s)
{
    const ServerTelemetry &t = s.serverTelemetry;
    const ServerBottleneck b = sessionServerBottleneck(s, sessionAnalysis(s));
    QString o = b.resource == QLatin1String("not_assessed")
                    ? QStringLiteral("server: %1\n").arg(b.evidence.text)
                    : QStringLiteral("server: %1: %2\n").arg(b.resource, b.evidence.text);
    auto part = [](double v, double scale, int decimals, const QString &text) {
        return serverKnown(v) ? text.arg(QString::number(v / scale, 'f', decimals)) : QString();
    };
    for (const StageStats &st : s.stages) {
        const ServerStageStats *x = t.stage(st.index);
        if (!x || x->samples == 0)
            continue;
        QStringList parts{part(either(x->rssMeanBytes, x->procRssMeanBytes), 1048576.0, 1,
                               QStringLiteral("RSS %1 MiB")),
                          part(x->heapInUseMeanBytes, 1048576.0, 1, QStringLiteral("heap %1 MiB")),
                          part(either(x->coresBusyMean, x->procCoresBusyMean), 1, 2,
                               QStringLiteral("%1 cores busy")),
                          part(x->handleRequestMs, 1, 3, QStringLiteral("server time %1 ms")),
                          part(st.meanLatencyS() > 0 ? st.meanLatencyS() * 1000.0 : kServerUnknown,
                               1, 3, QStringLiteral("client mean %1 ms")),
                          part(x->leasesEnd, 1, 0, QStringLiteral("%1 leases held"))};
        if (!t.service.isEmpty()) {
            QStringList svc{
                part(x->serviceConnectionsMean, 1, 1, QStringLiteral("%1 connections")),
                part(x->serviceUsersEnd, 1, 0, QStringLiteral("%1 ") + t.serviceUsersName),
                part(x->serviceCoresBusyMean, 1, 2, QStringLiteral("%1 cores busy")),
                part(x->serviceOpsPerSecondMean, 1, 0, QStringLiteral("%1 operations/s"))};
            svc.removeAll(QString());
            if (!svc.isEmpty())
                parts << QStringLiteral("%1: %2").arg(t.service, svc.join(QStringLiteral(", ")));
        }
        parts.removeAll(QString());
        o += QStringLiteral("  stage %1 (%2 VUs): %3\n")
                 .arg(stageNumber(st.index))
                 .arg(st.vus)
                 .arg(parts.join(QStringLiteral(", ")));
    }
    for (const QString &n : t.notes)
        o += QStringLiteral("  note: %1\n").arg(n);
    return o;
}

} // namespace vw
