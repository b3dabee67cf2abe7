#include "engine/checkpointer.h"

#include "util/clock.h"

#include <QDebug>

#include <utility>

namespace vw {

Checkpointer::Checkpointer(Write write, int stageCount)
    : m_write(std::move(write))
    , m_stageCount(stageCount)
{
}

void Checkpointer::write(const QList<StageStats> &finished, const TimeSeries &series,
                         const SecondHistograms &secondHistograms)
{
    if (!m_write)
        return;
    if (m_written > 0 && steadyNowNs() < m_nextDueNs) {
        m_pending = true; // implicitly shared: no copy of the stages
        m_pendingStages = finished;
        m_pendingSeries = series;
        m_pendingSecondHistograms = secondHistograms;
        return;
    }
    writeNow(finished, series, secondHistograms);
}

void Checkpointer::flush()
{
    if (!m_pending)
        return;
    const QList<StageStats> stages = std::exchange(m_pendingStages, {});
    const TimeSeries series = std::exchange(m_pendingSeries, {});
    const SecondHistograms seconds = std::exchange(m_pendingSecondHistograms, {});
    writeNow(stages, series, seconds);
}

void Checkpointer::writeNow(const QList<StageStats> &finished, const TimeSeries &series,
                            const SecondHistograms &secondHistograms)
{
    m_pending = false;
    m_pendingStages.clear();
    m_pendingSeries.clear();
    m_pendingSecondHistograms = {};
    const int64_t startNs = steadyNowNs();
    RunRecord c = m_header;
    c.stages = finished;
    c.series = series;
    c.secondHistograms = secondHistograms;
    c.status = RunStatus::Incomplete;
    c.finishedAt = QDateTime::currentDateTimeUtc();
    c.splitReplicates();
    c.error = QStringLiteral("the run had not finished when this was written (%1 of %2 stages)")
                  .arg(finished.size())
                  .arg(m_stageCount);
    QString error;
    const bool ok = m_write(c, &error);
    const int64_t endNs = steadyNowNs();
    ++m_written;
    m_nextDueNs = endNs + kSpacingFactor * (endNs - startNs);
    if (ok || m_warned)
        return;
    m_warned = true; // once per run; the run goes on
    qWarning().noquote() << QStringLiteral("checkpoint not written: %1").arg(error);
}

} // namespace vw
