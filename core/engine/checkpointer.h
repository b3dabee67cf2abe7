// Checkpointing of a running benchmark: after each finalised stage, builds the run so far as
// a RunRecord with status "incomplete" (the run's header, its finished stages, series and
// interval histograms)
// and hands it to RunOptions::checkpoint (core/engine/benchmarkrun.h), which writes it; a
// failure is logged once per run and never stops the run. Control thread only.
#pragma once

#include "engine/runrecord.h"

#include <functional>

namespace vw {

class Checkpointer {
public:
    using Write = std::function<bool(const RunRecord &record, QString *error)>;

    /// `write` may be empty (no checkpoints). `stageCount`: stages planned, for the message.
    Checkpointer(Write write, int stageCount);

    /// The session's header (id, target, server, client, profile) as of the measured window.
    void setHeader(const RunRecord &header) { m_header = header; }
    /// Writes the run so far: `finished` stages and the `series` so far.
    void write(const QList<StageStats> &finished, const TimeSeries &series,
               const SecondHistograms &secondHistograms);

private:
    Write m_write;
    int m_stageCount = 0;
    RunRecord m_header;
    bool m_warned = false;
};

} // namespace vw
