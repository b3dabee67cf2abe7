#include "analysis/serverbottleneck.h"

#include <QJsonArray>

namespace vw {

namespace {

QString num(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

QString mib(double bytes)
{
    return QStringLiteral("%1 MiB").arg(num(bytes / 1048576.0, 1));
}

/// "stage 4 (16 VUs)"
QString stageText(const StageStats &st)
{
    return QStringLiteral("stage %1 (%2 VUs)").arg(stageNumber(st.index)).arg(st.vus);
}

const StageStats *stageAt(const QList<StageStats> &stages, int index)
{
    for (const StageStats &st : stages)
        if (st.index == index)
            return &st;
    return nullptr;
}

} // namespace

QJsonObject ServerBottleneck::toJson() const
{
    return QJsonObject{{QStringLiteral("resource"), resource},
                       {QStringLiteral("stage"), stage ? QJsonValue(*stage) : QJsonValue()},
                       {QStringLiteral("evidence"), evidence.toJson()}};
}

ServerBottleneck assessServerBottleneck(const QList<StageStats> &stages,
                                        const ServerTelemetry &server, std::optional<int> kneeStage,
                                        int fallbackCores)
{
    ServerBottleneck out;
    // The stages with server data, in order.
    QList<const ServerStageStats *> have;
    for (const StageStats &st : stages) {
        const ServerStageStats *s = server.stage(st.index);
        if (s && s->samples > 0)
            have << s;
    }
    if (have.isEmpty()) {
        out.evidence.text = QStringLiteral("not assessed (no server metrics)");
        return out;
    }
    // The judged stage: the knee's, else the last with data that is not client-bound (a
    // client-bound stage measured the client, not the server), else the last with data.
    const ServerStageStats *at = have.last();
    QString why = QStringLiteral("the last measured stage (no knee)");
    for (qsizetype i = have.size() - 1; i >= 0; --i) {
        const StageStats *st = stageAt(stages, have.at(i)->stage);
        if (st && !st->validity.clientBound) {
            at = have.at(i);
            if (i != have.size() - 1)
                why = QStringLiteral("the last measured stage that is not client-bound (no knee)");
            break;
        }
    }
    if (kneeStage) {
        const ServerStageStats *k = server.stage(*kneeStage);
        if (k && k->samples > 0) {
            at = k;
            why = QStringLiteral("the knee");
        } else {
            why = QStringLiteral("the last measured stage (no server data at the knee)");
        }
    }
    const ServerStageStats *base = have.first();
    const StageStats *atStage = stageAt(stages, at->stage);
    const StageStats *baseStage = stageAt(stages, base->stage);
    out.stage = at->stage;
    out.evidence.stages = {base->stage, at->stage};
    const QString where = QStringLiteral("at %1, %2").arg(stageText(*atStage), why);

    QJsonObject data{{QStringLiteral("stage"), at->stage},
                     {QStringLiteral("base_stage"), base->stage}};
    auto put = [&data](const char *key, double v) {
        if (serverKnown(v))
            data.insert(QLatin1String(key), v);
    };

    // CPU: every core the server may use is busy.
    const double cores = serverKnown(server.serverCores) ? server.serverCores
                         : fallbackCores > 0             ? double(fallbackCores)
                                                         : kServerUnknown;
    const double busy = serverKnown(at->coresBusyMean) ? at->coresBusyMean : at->procCoresBusyMean;
    put("cores", cores);
    put("cores_busy", busy);
    if (serverKnown(cores) && serverKnown(busy) && busy >= kCpuSaturatedShare * cores) {
        out.resource = QStringLiteral("cpu");
        out.evidence.text = QStringLiteral("server CPU: %1 of %2 cores busy %3 (>= %4 %)")
                                .arg(num(busy), num(cores, 0), where)
                                .arg(int(kCpuSaturatedShare * 100));
        out.evidence.data = data;
        return out;
    }

    // Memory: resident memory climbing stage after stage up to the judged stage.
    const double rss0 =
        serverKnown(base->rssMeanBytes) ? base->rssMeanBytes : base->procRssMeanBytes;
    const double rss1 = serverKnown(at->rssMeanBytes) ? at->rssMeanBytes : at->procRssMeanBytes;
    put("rss_base_bytes", rss0);
    put("rss_bytes", rss1);
    if (serverKnown(rss0) && serverKnown(rss1) && rss0 > 0 && rss1 >= kMemoryClimbRatio * rss0) {
        bool rising = true;
        double prev = -1;
        for (const ServerStageStats *s : have) {
            const double r = serverKnown(s->rssMeanBytes) ? s->rssMeanBytes : s->procRssMeanBytes;
            if (serverKnown(r) && r < prev)
                rising = false;
            if (serverKnown(r))
                prev = r;
            if (s == at)
                break;
        }
        if (rising) {
            out.resource = QStringLiteral("memory");
            out.evidence.text =
                QStringLiteral("server memory climbing: resident memory %1 at %2, "
                               "%3 %4 (x%5)")
                    .arg(mib(rss0), stageText(*baseStage), mib(rss1), where, num(rss1 / rss0));
            out.evidence.data = data;
            return out;
        }
    }

    // Storage: the barrier's reads or writes slowed down.
    for (const auto &[name, b0, b1] :
         {std::tuple{QStringLiteral("get"), base->barrierGetMs, at->barrierGetMs},
          std::tuple{QStringLiteral("put"), base->barrierPutMs, at->barrierPutMs}}) {
        const bool share =
            !serverKnown(at->handleRequestMs) || b1 >= kStorageShare * at->handleRequestMs;
        if (serverKnown(b0) && serverKnown(b1) && b0 > 0 && b1 >= kServerTimeGrowth * b0 && share) {
            out.resource = QStringLiteral("storage");
            data.insert(QStringLiteral("barrier_%1_base_ms").arg(name), b0);
            data.insert(QStringLiteral("barrier_%1_ms").arg(name), b1);
            out.evidence.text =
                QStringLiteral("server storage: barrier %1 %2 ms at %3, %4 ms %5 "
                               "(x%6)")
                    .arg(name, num(b0, 3), stageText(*baseStage), num(b1, 3), where, num(b1 / b0));
            out.evidence.data = data;
            return out;
        }
    }

    // Server time flat while the client's time grows: the time goes outside the server.
    const double srv0 = base->handleRequestMs;
    const double srv1 = at->handleRequestMs;
    const double cli0 = baseStage->meanLatencyS() * 1000.0;
    const double cli1 = atStage->meanLatencyS() * 1000.0;
    put("server_ms_base", srv0);
    put("server_ms", srv1);
    data.insert(QStringLiteral("client_ms_base"), cli0);
    data.insert(QStringLiteral("client_ms"), cli1);
    if (serverKnown(srv0) && serverKnown(srv1) && srv0 > 0 && cli0 > 0
        && srv1 <= kServerTimeFlat * srv0 && cli1 >= kClientTimeGrowth * cli0) {
        out.resource = QStringLiteral("client_or_network");
        out.evidence.text =
            QStringLiteral("client or network bound: server-side request time %1 -> %2 ms "
                           "(x%3) while the client's mean latency went %4 -> %5 ms (x%6) from "
                           "%7 to %8")
                .arg(num(srv0, 3), num(srv1, 3), num(srv1 / srv0), num(cli0, 3), num(cli1, 3),
                     num(cli1 / cli0), stageText(*baseStage),
                     stageText(*atStage) + QStringLiteral(", ") + why);
        out.evidence.data = data;
        return out;
    }

    out.resource = QStringLiteral("none");
    QStringList seen;
    if (serverKnown(busy))
        seen << QStringLiteral("%1%2 cores busy")
                    .arg(num(busy),
                         serverKnown(cores) ? QStringLiteral(" of ") + num(cores, 0) : QString());
    if (serverKnown(rss1))
        seen << QStringLiteral("resident memory %1").arg(mib(rss1));
    if (serverKnown(srv1))
        seen << QStringLiteral("server-side request time %1 ms").arg(num(srv1, 3));
    out.evidence.text =
        QStringLiteral("no server resource saturated %1: %2")
            .arg(where, seen.isEmpty() ? QStringLiteral("-") : seen.join(QStringLiteral(", ")));
    out.evidence.data = data;
    return out;
}

} // namespace vw
