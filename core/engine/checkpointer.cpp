#include "engine/checkpointer.h"

#include <QDebug>

namespace vw {

Checkpointer::Checkpointer(Write write, int stageCount)
    : m_write(std::move(write)), m_stageCount(stageCount)
{
}

void Checkpointer::write(const QList<StageStats> &finished, const TimeSeries &series,
                         const SecondHistograms &secondHistograms)
{
    if (!m_write)
        return;
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
    if (m_write(c, &error) || m_warned)
        return;
    m_warned = true;   // once per run; the run goes on
    qWarning().noquote() << QStringLiteral("checkpoint not written: %1").arg(error);
}

} // namespace vw
