#include "analysis/stageuncertainty.h"

#include <QJsonArray>
#include <QSet>
#include <cmath>

namespace vw {

namespace {

uint64_t mixSeed(uint64_t seed, int stage, int op)
{
    // splitmix64 of the seed and the position: independent, reproducible streams.
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * uint64_t(stage + 1)
                 + 0xBF58476D1CE4E5B9ULL * uint64_t(op + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/// Stages on each side of a stage whose seconds are pooled for its autocorrelation
/// (BootstrapOptions::run): near in time, so under much the same conditions.
constexpr int kPooledNeighbours = 4;

/// The op's (index `at` in run.secondHistograms) per-second success counts and mean latency
/// (us; a second without success at the stage's mean) over the steady seconds of `stage`.
void stageSeries(const RunRecord &run, int stage, int at, QVector<double> *counts,
                 QVector<double> *latency)
{
    const QMap<qint64, LatencyHistogram> &byS = run.secondHistograms.byOp.at(at);
    double sum = 0, n = 0;
    for (qint64 k : steadySecondsOf(run, stage)) {
        const auto it = byS.constFind(k);
        const bool any = it != byS.cend() && it->count() > 0;
        counts->append(any ? double(it->count()) : 0.0);
        latency->append(any ? it->meanUs() : std::nan(""));
        if (any) {
            sum += it->meanUs() * double(it->count());
            n += double(it->count());
        }
    }
    for (double &v : *latency)
        if (std::isnan(v))
            v = n > 0 ? sum / n : 0.0;
}

/// The pooled lag-1 autocorrelation of the op over `stage` and its neighbours.
PooledAutocorrelation neighbourhoodAutocorrelation(const RunRecord &run, int stage, int op)
{
    const int at =
        op >= 0 && op < run.ops.size() ? int(run.secondHistograms.ops.indexOf(run.ops.at(op))) : -1;
    if (at < 0 || at >= run.secondHistograms.byOp.size())
        return {};
    QList<QVector<double>> counts, latency;
    const int from = std::max(0, stage - kPooledNeighbours);
    const int to = std::min(int(run.stages.size()) - 1, stage + kPooledNeighbours);
    for (int s = from; s <= to; ++s) {
        counts.append(QVector<double>());
        latency.append(QVector<double>());
        stageSeries(run, s, at, &counts.last(), &latency.last());
    }
    return pooledAutocorrelation(counts, latency);
}

QJsonValue bound(const Interval &i, bool hi, int decimals)
{
    if (!i.known)
        return QJsonValue();
    const double scale = std::pow(10.0, decimals);
    return std::round((hi ? i.hi : i.lo) * scale) / scale;
}

} // namespace

QString noIntervalHistogramsReason()
{
    return QStringLiteral("the session has no interval histograms (written before they were "
                          "kept); no interval");
}

QVector<qint64> steadySecondsOf(const RunRecord &run, int stage)
{
    QVector<qint64> out;
    if (stage < 0 || stage >= run.stages.size())
        return out;
    const StageStats &st = run.stages.at(stage);
    const double beginMs = double(st.startMs + st.warmupMs);
    const double endMs = beginMs + st.steadySeconds * 1000.0;
    QSet<qint64> inSeries;
    for (const SeriesPoint &p : run.series)
        inSeries.insert(qint64(std::llround(p.tS)) - 1);
    for (qint64 k = qint64(std::ceil(beginMs / 1000.0)); double(k + 1) * 1000.0 <= endMs + 1e-6;
         ++k)
        if (run.series.isEmpty() || inSeries.contains(k))
            out.append(k);
    return out;
}

QVector<LatencyHistogram> steadyHistogramsOf(const RunRecord &run, int stage, int op)
{
    QVector<LatencyHistogram> out;
    if (!run.secondHistograms.present())
        return out;
    const int at =
        op >= 0 && op < run.ops.size() ? int(run.secondHistograms.ops.indexOf(run.ops.at(op))) : -1;
    if (at < 0)
        return out;
    for (qint64 k : steadySecondsOf(run, stage))
        out.append(run.secondHistograms.at(at, k));
    return out;
}

QJsonObject OpUncertainty::ciJson() const
{
    QJsonObject o;
    QString reason;
    for (int m = 0; m < kBootMetricCount; ++m) {
        const Interval &i = intervals[m];
        const int decimals = m == int(BootMetric::Throughput) ? 2 : 3;
        o.insert(bootMetricKey(BootMetric(m)),
                 i.known
                     ? QJsonValue(QJsonArray{bound(i, false, decimals), bound(i, true, decimals)})
                     : QJsonValue());
        if (!i.known && reason.isEmpty())
            reason = i.reason;
    }
    o.insert(QStringLiteral("confidence"), sample.confidence);
    o.insert(QStringLiteral("method"), QStringLiteral("circular block bootstrap"));
    o.insert(QStringLiteral("seconds"), sample.seconds);
    o.insert(QStringLiteral("block_s"), sample.blockLength);
    o.insert(QStringLiteral("effective_seconds"), std::round(sample.effectiveSeconds * 10) / 10);
    o.insert(QStringLiteral("resamples"), sample.resamples);
    o.insert(QStringLiteral("seed"), QString::number(sample.seed));
    o.insert(QStringLiteral("reason"), reason);
    return o;
}

StageUncertainty stageUncertainty(const RunRecord &run, int stage, const BootstrapOptions &options)
{
    StageUncertainty su;
    su.stage = stage;
    for (int op = 0; op < run.ops.size(); ++op) {
        OpUncertainty u;
        u.op = run.ops.at(op);
        if (!run.secondHistograms.present()) {
            u.sample.reason = noIntervalHistogramsReason();
            u.steadiness.reason = noIntervalHistogramsReason();
        } else {
            const QVector<LatencyHistogram> seconds = steadyHistogramsOf(run, stage, op);
            BootstrapOptions opt = options;
            opt.seed = mixSeed(options.seed, stage, op);
            if (seconds.size() >= options.minSeconds) // the others get no interval anyway
                opt.run = neighbourhoodAutocorrelation(run, stage, op);
            u.sample = bootstrapSeconds(seconds, opt);
            QVector<double> tput, p50;
            for (const LatencyHistogram &h : seconds) {
                tput.append(double(h.count()));
                p50.append(h.count() > 0 ? double(h.valueAtPercentileUs(50)) / 1000.0
                                         : std::nan(""));
            }
            u.steadiness = assessSteadiness(tput, p50);
        }
        for (int m = 0; m < kBootMetricCount; ++m)
            u.intervals[m] = bootstrapInterval(u.sample, BootMetric(m));
        su.ops.append(u);
    }
    return su;
}

QList<StageUncertainty> runUncertainty(const RunRecord &run, const BootstrapOptions &options)
{
    QList<StageUncertainty> out;
    for (int i = 0; i < run.stages.size(); ++i)
        out.append(stageUncertainty(run, i, options));
    return out;
}

QString intervalCell(const Interval &i, int decimals)
{
    if (!i.known)
        return QStringLiteral("-");
    return QStringLiteral("%1-%2").arg(i.lo, 0, 'f', decimals).arg(i.hi, 0, 'f', decimals);
}

} // namespace vw
