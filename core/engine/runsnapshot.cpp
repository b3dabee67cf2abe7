#include "engine/runsnapshot.h"

#include <algorithm>

namespace vw {

namespace {

/// Takes `part`'s seconds into `all` (a second held already is replaced); ops by label.
void mergeSeconds(SecondHistograms *all, const SecondHistograms &part)
{
    for (int i = 0; i < part.ops.size() && i < part.byOp.size(); ++i) {
        int at = int(all->ops.indexOf(part.ops.at(i)));
        if (at < 0) {
            all->ops.append(part.ops.at(i));
            at = int(all->ops.size()) - 1;
        }
        if (all->byOp.size() <= at)
            all->byOp.resize(at + 1);
        for (auto it = part.byOp.at(i).cbegin(); it != part.byOp.at(i).cend(); ++it)
            all->byOp[at].insert(it.key(), it.value());
    }
}

} // namespace

QString runPhaseName(RunPhase p)
{
    switch (p) {
    case RunPhase::Idle:
        return QStringLiteral("idle");
    case RunPhase::Connecting:
        return QStringLiteral("connecting");
    case RunPhase::SettingUp:
        return QStringLiteral("setting up");
    case RunPhase::Running:
        return QStringLiteral("running");
    case RunPhase::CleaningUp:
        return QStringLiteral("cleaning up");
    case RunPhase::Finished:
        return QStringLiteral("finished");
    }
    return QString();
}

void RunSnapshotAccumulator::add(const RunSnapshot &delta)
{
    m_stages.append(delta.newStages);
    const qsizetype from = std::clamp<qsizetype>(delta.seriesFrom, 0, m_series.size());
    if (from < m_series.size())
        m_series.resize(from); // points sent before and changed since
    if (!delta.seriesTail.isEmpty())
        m_series.append(delta.seriesTail);
    if (delta.newSecondHistograms.present())
        mergeSeconds(&m_secondHistograms, delta.newSecondHistograms);
    const ServerTelemetry &st = delta.serverTail;
    if (!st.source.isEmpty() || !st.notes.isEmpty() || !st.samples.isEmpty()) {
        m_server.source = st.source;
        m_server.serverPid = st.serverPid;
        m_server.serverCores = st.serverCores;
        m_server.notes = st.notes;
        m_server.samples.append(st.samples);
    }
    m_latest = delta;
}

RunSnapshot RunSnapshotAccumulator::current() const
{
    RunSnapshot out = m_latest;
    out.stages = m_stages;
    out.series = m_series;
    out.secondHistograms = m_secondHistograms;
    out.server = m_server;
    out.server.stages = summariseServerStages(m_server.samples, int(m_stages.size()));
    return out;
}

void RunSnapshotAccumulator::reset()
{
    m_latest = RunSnapshot();
    m_stages.clear();
    m_series.clear();
    m_secondHistograms = SecondHistograms();
    m_server = ServerTelemetry();
}

} // namespace vw
