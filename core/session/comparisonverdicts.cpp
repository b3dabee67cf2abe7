#include "session/comparisonverdicts.h"

#include "analysis/stageuncertainty.h"
#include "stats/replicatebootstrap.h"

#include <algorithm>

namespace vw {

BootstrapSample sessionStageSample(const Session &s, int stage, const QString &op,
                                   const BootstrapOptions &options, QString *notSteady)
{
    if (s.replicateCount() >= kMinReplicates)
        return bootstrapReplicates(replicateUnits(s.replicates, stage, op), options);
    const StageUncertainty u = stageUncertainty(s, stage, options);
    for (const OpUncertainty &o : u.ops)
        if (o.op == op) {
            if (notSteady && o.steadiness.assessed && !o.steadiness.steady)
                *notSteady = o.steadiness.words;
            return o.sample;
        }
    BootstrapSample none;
    none.reason = QStringLiteral("the stage has no %1").arg(op);
    return none;
}

namespace {

uint64_t mixedSeed(uint64_t seed, int session)
{
    return seed ^ (uint64_t(session + 1) * 0x9E3779B97F4A7C15ULL);
}

QString basisOf(const Session &s)
{
    const int n = s.replicateCount();
    return n >= kMinReplicates ? QStringLiteral("%1 runs, bootstrap over the runs").arg(n)
                               : QStringLiteral("one run, block bootstrap over the steady seconds");
}

/// Median over the session's stages and ops of runSpreadOverSecondSpread(); 0 without
/// replicates or interval histograms.
double spreadRatio(const Session &s, const BootstrapOptions &options)
{
    if (s.replicateCount() < kMinReplicates || !s.secondHistograms.present())
        return 0;
    QList<double> ratios;
    for (int i = 0; i < s.stages.size(); ++i) {
        const StageUncertainty within = stageUncertainty(s, i, options);
        for (const OpUncertainty &o : within.ops) {
            const double r =
                runSpreadOverSecondSpread(replicateUnits(s.replicates, i, o.op), o.sample);
            if (r > 0)
                ratios.append(r);
        }
    }
    if (ratios.isEmpty())
        return 0;
    std::sort(ratios.begin(), ratios.end());
    return ratios.at(ratios.size() / 2);
}

/// The stage's own figure (as its table shows it) for a side whose bootstrap sample has none
/// (a session without interval histograms): a level without an interval still shows A and B.
std::optional<double> tableFigure(const Session &s, int stage, const QString &op, CompareMetric m)
{
    if (stage < 0 || stage >= s.stages.size())
        return std::nullopt;
    const StageStats &st = s.stages.at(stage);
    for (const OpStats &o : st.ops) {
        if (o.op != op)
            continue;
        if (m == CompareMetric::Throughput)
            return st.throughputPerS(o);
        if (o.latency.count() == 0)
            return std::nullopt;
        const double p = m == CompareMetric::P50 ? 50 : (m == CompareMetric::P95 ? 95 : 99);
        return double(o.latency.valueAtPercentileUs(p)) / 1000.0;
    }
    return std::nullopt;
}

QString clientBoundReason(const QString &letter, const AlignedCell &cell)
{
    QString why = QStringLiteral("%1's stage is client-bound").arg(letter);
    if (!cell.clientBoundReasons.isEmpty())
        why += QStringLiteral(" (%1)").arg(cell.clientBoundReasons.first());
    return why;
}

} // namespace

void assessComparison(Comparison *c, const QList<Session> &ss, const BootstrapOptions &options)
{
    if (ss.isEmpty())
        return;
    c->verdictSettings = VerdictSettings();
    c->verdictSettings.threshold = ss.first().plan.analysis.noiseThreshold;
    c->verdictSettings.confidence = options.confidence;
    c->tests = QList<int>(ss.size(), 0);
    c->intervalBasis.clear();
    c->spreadNotes.clear();
    QList<BootstrapOptions> seeded;
    for (int i = 0; i < ss.size(); ++i) {
        BootstrapOptions o = options;
        o.seed = mixedSeed(options.seed, i);
        seeded.append(o);
        c->intervalBasis.append(basisOf(ss[i]));
        c->spreadNotes.append(runSpreadWords(spreadRatio(ss[i], o)));
    }
    QList<QList<MetricVerdict *>> families(ss.size());
    for (OpComparison &oc : c->ops) {
        for (AlignedRow &r : oc.rows) {
            r.verdicts = QList<std::array<MetricVerdict, kCompareMetricCount>>(r.cells.size());
            const std::optional<AlignedCell> &base = r.cells.value(0);
            QString baseSteady;
            const BootstrapSample a =
                base ? sessionStageSample(ss[0], base->stage, oc.op, seeded[0], &baseSteady)
                     : BootstrapSample();
            for (int i = 1; i < r.cells.size() && i < ss.size(); ++i) {
                const std::optional<AlignedCell> &cell = r.cells[i];
                QString steady;
                const BootstrapSample b =
                    cell ? sessionStageSample(ss[i], cell->stage, oc.op, seeded[i], &steady)
                         : BootstrapSample();
                const int reps = std::min(ss[0].replicateCount(), ss[i].replicateCount());
                QString skip; // why the whole cell is not assessed
                if (!base)
                    skip = QStringLiteral("A has no stage at %1").arg(r.loadText());
                else if (!cell)
                    skip = QStringLiteral("%1 has no stage at %2").arg(c->letters[i], r.loadText());
                // with replicates a client-bound run's stage is left out of the interval
                // (replicateUnits()); too few left: the sample says so
                else if (base->clientBound && ss[0].replicateCount() < kMinReplicates)
                    skip = clientBoundReason(c->letters[0], *base);
                else if (cell->clientBound && ss[i].replicateCount() < kMinReplicates)
                    skip = clientBoundReason(c->letters[i], *cell);
                else if (!baseSteady.isEmpty())
                    skip = QStringLiteral("A's stage is not steady: %1").arg(baseSteady);
                else if (!steady.isEmpty())
                    skip =
                        QStringLiteral("%1's stage is not steady: %2").arg(c->letters[i], steady);
                for (int m = 0; m < kCompareMetricCount; ++m) {
                    MetricVerdict v =
                        assessMetric(CompareMetric(m), a, b, reps, c->verdictSettings);
                    if (!v.a && base)
                        v.a = tableFigure(ss[0], base->stage, oc.op, CompareMetric(m));
                    if (!v.b && cell)
                        v.b = tableFigure(ss[i], cell->stage, oc.op, CompareMetric(m));
                    if (!v.ratio && v.a && v.b && *v.a > 0)
                        v.ratio = *v.b / *v.a;
                    if (!skip.isEmpty()) {
                        v.verdict = Verdict::NotAssessed;
                        v.reason = skip;
                        v.moreRepeats = 0;
                    }
                    // Without an interval the figures are the stages' own, as the aligned
                    // table beside the verdicts shows them: the steady seconds' point
                    // estimate leaves out a stage's partial first and last seconds (a 3 s
                    // stage has 2 whole ones), which would give a short stage a second,
                    // different B/A (docs/measurement.md, "Verdicts").
                    if (v.verdict == Verdict::NotAssessed) {
                        if (base)
                            if (const auto t =
                                    tableFigure(ss[0], base->stage, oc.op, CompareMetric(m)))
                                v.a = t;
                        if (cell)
                            if (const auto t =
                                    tableFigure(ss[i], cell->stage, oc.op, CompareMetric(m)))
                                v.b = t;
                        v.ratio = v.a && v.b && *v.a > 0 ? std::optional<double>(*v.b / *v.a)
                                                         : std::nullopt;
                    }
                    r.verdicts[i][m] = v;
                }
            }
            for (int i = 1; i < r.verdicts.size(); ++i)
                for (int m = 0; m < kCompareMetricCount; ++m)
                    families[i].append(&r.verdicts[i][m]);
        }
    }
    for (int i = 1; i < ss.size(); ++i) {
        applyCorrection(families[i], c->verdictSettings);
        c->tests[i] =
            int(std::count_if(families[i].cbegin(), families[i].cend(), [](const MetricVerdict *v) {
                return v->verdict != Verdict::NotAssessed;
            }));
    }
    c->assessed = true;
}

bool anyWorse(const Comparison &c, const QList<CompareMetric> &metrics)
{
    for (const OpComparison &oc : c.ops)
        for (const AlignedRow &r : oc.rows)
            for (const auto &vs : r.verdicts)
                for (const MetricVerdict &v : vs)
                    if (v.verdict == Verdict::Worse
                        && (metrics.isEmpty() || metrics.contains(v.metric)))
                        return true;
    return false;
}

} // namespace vw
