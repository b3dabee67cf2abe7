#include "report/capacitypoints.h"

#include "analysis/analysistext.h"

namespace vw {

namespace {

QString atVus(const ThroughputPoint &p)
{
    return p.perS ? QStringLiteral("%1 @%2").arg(*p.perS, 0, 'f', 1).arg(vusCell(p.vus))
                  : QStringLiteral("-");
}

const StageStats *stageByIndex(const Session &s, const std::optional<int> &index)
{
    if (!index)
        return nullptr;
    for (const StageStats &st : s.stages)
        if (st.index == *index)
            return &st;
    return nullptr;
}

/// The p99 of `op` in stage `index` of `s`, ms; "-" when there is no such stage or no success.
QString p99Cell(const Session &s, const QString &op, const std::optional<int> &index)
{
    const StageStats *st = stageByIndex(s, index);
    const OpStats *o = st ? st->find(op) : nullptr;
    return o ? latencyCellMs(o->latency, 99, 3) : QStringLiteral("-");
}

/// "1-3,5" from ascending numbers.
QString ranges(const QList<int> &numbers)
{
    QStringList parts;
    for (int i = 0; i < numbers.size();) {
        int j = i;
        while (j + 1 < numbers.size() && numbers.at(j + 1) == numbers.at(j) + 1)
            ++j;
        parts << (j == i ? QString::number(numbers.at(i))
                         : QStringLiteral("%1-%2").arg(numbers.at(i)).arg(numbers.at(j)));
        i = j + 1;
    }
    return parts.join(QLatin1Char(','));
}

} // namespace

QList<CapacityRow> capacityRows()
{
    return {
        {QStringLiteral("knee"), QStringLiteral("knee VUs")},
        {QStringLiteral("saturation"), QStringLiteral("saturation VUs")},
        {QStringLiteral("failure"), QStringLiteral("failure VUs (class)")},
        {QStringLiteral("max"), QStringLiteral("max throughput/s @VUs")},
        {QStringLiteral("raw"), QStringLiteral("peak raw/s @VUs")},
        {QStringLiteral("slo"), QStringLiteral("max in SLO/s @VUs")},
        {QStringLiteral("p99_slo"), QStringLiteral("p99 at max in SLO ms")},
        {QStringLiteral("p99"), QStringLiteral("p99 at knee ms")},
        {QStringLiteral("nstar"), QStringLiteral("USL N* VUs")},
        {QStringLiteral("used"), QStringLiteral("stages used")},
    };
}

ThroughputPoint rawPeakThroughput(const Session &s, const QString &op)
{
    ThroughputPoint best;
    for (const StageStats &st : s.stages) {
        const OpStats *o = st.find(op);
        if (!o || o->count == 0)
            continue;
        const double x = st.throughputPerS(*o);
        if (!best.perS || x > *best.perS) {
            best.perS = x;
            best.vus = st.vus;
            best.stage = st.index;
        }
    }
    if (best.stage)
        best.evidence.stages = {*best.stage};
    return best;
}

QString capacityCell(const OpAnalysis &a, const Session &s, const QString &key)
{
    if (key == QLatin1String("knee"))
        return vusCell(a.knee.vus);
    if (key == QLatin1String("saturation"))
        return vusCell(a.saturation.vus);
    if (key == QLatin1String("failure"))
        return a.failure.stage ? QStringLiteral("%1 %2").arg(a.failure.at(), a.failure.errorClass)
                               : QStringLiteral("-");
    if (key == QLatin1String("max"))
        return atVus(a.maxThroughput);
    if (key == QLatin1String("raw")) {
        const ThroughputPoint p = rawPeakThroughput(s, a.op);
        if (!p.perS)
            return QStringLiteral("-");
        const StageStats *st = stageByIndex(s, p.stage);
        const QString at = st ? s.loadModel().loadCell(st->vus, st->rate) : vusCell(p.vus);
        return QStringLiteral("%1 @%2%3")
            .arg(*p.perS, 0, 'f', 1)
            .arg(at, st && st->validity.clientBound ? QStringLiteral(" !") : QString());
    }
    if (key == QLatin1String("slo"))
        return atVus(a.maxThroughputAtSlo);
    if (key == QLatin1String("p99_slo"))
        return a.maxThroughputAtSlo.perS ? p99Cell(s, a.op, a.maxThroughputAtSlo.stage)
                                         : QStringLiteral("-");
    if (key == QLatin1String("p99"))
        return numberCell(a.knee.p99Ms, 3);
    if (key == QLatin1String("nstar"))
        return !a.usl.fitted ? QStringLiteral("-")
               : a.usl.nStar ? QString::number(*a.usl.nStar, 'f', 1)
                             : QStringLiteral("none");
    if (key == QLatin1String("used")) {
        int withOp = 0;
        for (const StageStats &st : s.stages)
            if (const OpStats *o = st.find(a.op); o && o->count > 0)
                ++withOp;
        return QStringLiteral("%1 of %2").arg(usedStagesText(a, s)).arg(withOp);
    }
    return QString();
}

QStringList excludedStageLines(const OpAnalysis &a)
{
    if (!a.notAssessed.isEmpty()) // e.g. an arrival-rate run: every stage, for one reason
        return {QStringLiteral("every stage: not assessed: %1").arg(a.notAssessed)};
    QList<ExcludedStage> sorted = a.excluded;
    std::stable_sort(
        sorted.begin(), sorted.end(),
        [](const ExcludedStage &x, const ExcludedStage &y) { return x.stage < y.stage; });
    QStringList lines;
    for (const ExcludedStage &e : std::as_const(sorted))
        lines << QStringLiteral("stage %1 (%2 VU%3): %4")
                     .arg(stageNumber(e.stage))
                     .arg(e.vus)
                     .arg(e.vus == 1 ? QString() : QStringLiteral("s"), e.reason);
    return lines;
}

QString usedStagesText(const OpAnalysis &a, const Session &s)
{
    QList<int> used;
    for (const StageStats &st : s.stages) {
        const OpStats *o = st.find(a.op);
        if (!o || o->count == 0)
            continue;
        const bool excluded =
            std::any_of(a.excluded.cbegin(), a.excluded.cend(),
                        [&](const ExcludedStage &e) { return e.stage == st.index; });
        if (!excluded)
            used << stageNumber(st.index);
    }
    return used.isEmpty() ? QStringLiteral("none") : ranges(used);
}

} // namespace vw
