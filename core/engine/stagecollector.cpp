#include "engine/stagecollector.h"

#include <algorithm>

namespace vw {

namespace {

constexpr int64_t kNsPerS = 1'000'000'000LL;

void addAll(QVector<OpStats> &into, const QVector<OpStats> &from)
{
    for (int i = 0; i < from.size() && i < into.size(); ++i)
        into[i].add(from.at(i));
}

double ms(int64_t us)
{
    return double(us) / 1000.0;
}

} // namespace

StageCollector::StageCollector(const RampSpec &ramp, const QStringList &opNames)
    : m_names(opNames)
{
    m_secondHistograms.ops = opNames;
    m_secondHistograms.byOp.resize(opNames.size());
    for (int i = 0; i < ramp.stages.size(); ++i)
        m_plannedVus.append(ramp.plannedVus(i));
}

void StageCollector::stageStarted(int index, int64_t startNs, int64_t warmupEndNs)
{
    m_stageStartNs.resize(std::max<qsizetype>(m_stageStartNs.size(), index + 1));
    m_warmupEndNs.resize(std::max<qsizetype>(m_warmupEndNs.size(), index + 1));
    m_stageStartNs[index] = startNs;
    m_warmupEndNs[index] = warmupEndNs;
}

void StageCollector::merge(WorkerDelta &&delta, WorkerSpares *spent)
{
    auto spend = [spent](QVector<OpStats> &v) {
        if (spent)
            spent->ops.append(std::move(v));
    };
    if (m_nodes.size() > 1) { // a copy per node before the totals take the containers
        QMap<int, QVector<OpStats>> &node = m_nodeStageOps[delta.node];
        for (auto it = delta.stages.cbegin(); it != delta.stages.cend(); ++it) {
            auto mine = node.find(it.key());
            if (mine == node.end())
                node.insert(it.key(), it.value());
            else
                addAll(*mine, it.value());
        }
    }
    for (auto it = delta.stages.begin(); it != delta.stages.end(); ++it) {
        auto mine = m_stageOps.find(it.key());
        if (mine == m_stageOps.end()) {
            m_stageOps.insert(it.key(), std::move(it.value()));
        } else {
            addAll(*mine, it.value());
            spend(it.value());
        }
    }
    auto mergeHistograms = [spent](QMap<int, LatencyHistogram> &into,
                                   QMap<int, LatencyHistogram> &from) {
        for (auto it = from.begin(); it != from.end(); ++it) {
            auto mine = into.find(it.key());
            if (mine == into.end()) {
                into.insert(it.key(), std::move(it.value()));
            } else {
                mine->add(it.value());
                if (spent)
                    spent->loopLag.append(std::move(it.value()));
            }
        }
    };
    mergeHistograms(m_loopLag, delta.loopLag);
    mergeHistograms(m_lateness, delta.scheduleLateness);
    for (auto it = delta.seconds.begin(); it != delta.seconds.end(); ++it) {
        if (it.key() < m_nextSecond) {
            addLate(it.key(), it.value());
            spend(it.value());
            continue;
        }
        auto mine = m_openSeconds.find(it.key());
        if (mine == m_openSeconds.end()) {
            m_openSeconds.insert(it.key(), std::move(it.value()));
        } else {
            addAll(*mine, it.value());
            spend(it.value());
        }
    }
}

QList<OpStats> StageCollector::stageOps(int index) const
{
    QList<OpStats> out;
    const auto it = m_stageOps.constFind(index);
    for (int i = 0; i < m_names.size(); ++i) {
        if (it != m_stageOps.cend() && i < it->size()) {
            out.append(it->at(i));
        } else {
            OpStats s;
            s.op = m_names.at(i);
            out.append(s);
        }
    }
    return out;
}

QList<NodeStageStats> StageCollector::nodeStageOps(int index) const
{
    QList<NodeStageStats> out;
    if (m_nodes.size() < 2)
        return out;
    for (int n = 0; n < m_nodes.size(); ++n) {
        NodeStageStats node;
        node.address = m_nodes.at(n);
        const QVector<OpStats> ops = m_nodeStageOps.value(n).value(index);
        for (int i = 0; i < m_names.size(); ++i) {
            if (i < ops.size()) {
                node.ops.append(ops.at(i));
            } else {
                OpStats s;
                s.op = m_names.at(i);
                node.ops.append(s);
            }
        }
        out.append(node);
    }
    return out;
}

void StageCollector::noteGaugeAtSecondEnd(qint64 second, int inFlight)
{
    m_gaugeAtEnd.insert(second, inFlight);
}

int StageCollector::stageAt(int64_t ns) const
{
    int stage = 0;
    for (int i = 0; i < m_stageStartNs.size(); ++i)
        if (m_stageStartNs.at(i) > 0 && m_stageStartNs.at(i) <= ns)
            stage = i;
    return stage;
}

void StageCollector::finalizeSecondsBefore(qint64 endSecond)
{
    for (; m_nextSecond < endSecond; ++m_nextSecond) {
        const qint64 sec = m_nextSecond;
        const int64_t startNs = m_windowStartNs + sec * kNsPerS;
        const int stage = stageAt(startNs);
        const bool warmup = stage < m_warmupEndNs.size() && startNs < m_warmupEndNs.at(stage);
        const QVector<OpStats> ops = m_openSeconds.take(sec);
        m_pointIndex.insert(sec, int(m_series.size()));
        for (int i = 0; i < m_names.size(); ++i) {
            SeriesPoint p;
            p.tS = double(sec + 1);
            p.stage = stage;
            p.vus = m_plannedVus.value(stage, 0);
            p.op = m_names.at(i);
            p.warmup = warmup;
            p.inFlight = m_gaugeAtEnd.value(sec, 0);
            if (i < ops.size()) {
                const OpStats &s = ops.at(i);
                p.count = s.count;
                p.ok = s.ok;
                p.errors = s.errorCount();
                p.errorClasses = s.errors;
                p.p50Ms = ms(s.latency.valueAtPercentileUs(50));
                p.p99Ms = ms(s.latency.valueAtPercentileUs(99));
                if (s.latency.count() > 0)
                    m_secondHistograms.byOp[i].insert(sec, s.latency.compactCopy());
            }
            m_series.append(p);
        }
        m_gaugeAtEnd.remove(sec);
    }
}

void StageCollector::addLate(qint64 second, const QVector<OpStats> &ops)
{
    // Percentiles of a finalised second stay as they were; its counts stay exact.
    const auto it = m_pointIndex.constFind(second);
    if (it == m_pointIndex.cend())
        return;
    m_changedFrom = std::min<qsizetype>(m_changedFrom, *it);
    for (int i = 0; i < ops.size() && i < m_names.size(); ++i) {
        SeriesPoint &p = m_series[*it + i];
        p.count += ops.at(i).count;
        p.ok += ops.at(i).ok;
        p.errors += ops.at(i).errorCount();
        m_secondHistograms.add(i, second, ops.at(i).latency);
        for (auto e = ops.at(i).errors.cbegin(); e != ops.at(i).errors.cend(); ++e)
            p.errorClasses[e.key()] += e.value();
    }
}

TimeSeries StageCollector::takeSeriesChanges(qsizetype *from)
{
    *from = std::min(m_changedFrom, m_series.size());
    m_changedFrom = m_series.size();
    return m_series.mid(*from);
}

} // namespace vw
