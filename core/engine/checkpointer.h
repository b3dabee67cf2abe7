// Checkpointing of a running benchmark: after finalised stages, builds the run so far as a
// RunRecord with status "incomplete" (the run's header, its finished stages, series and
// interval histograms)
// and hands it to RunOptions::checkpoint (core/engine/benchmarkrun.h), which writes it; a
// failure is logged once per run and never stops the run. Control thread only.
//
// At a bounded rate (issue 23): a checkpoint rewrites the whole session, so writing one after
// every stage of 10,000 short stages is quadratic. After a write that took w, the next is
// written at the first stage that finishes kSpacingFactor x w later (so checkpoints take at
// most about 1 / (1 + kSpacingFactor) of the run); flush() writes what is left at the end.
// Stages of a second or more, whose sessions take milliseconds to write, are each written.
// docs/session-format.md, "Checkpoints".
#pragma once

#include "engine/runrecord.h"

#include <cstdint>
#include <functional>

namespace vw {

class Checkpointer {
public:
    using Write = std::function<bool(const RunRecord &record, QString *error)>;
    /// The wait after a write, in multiples of the time that write took.
    static constexpr int kSpacingFactor = 10;

    /// `write` may be empty (no checkpoints). `stageCount`: stages planned, for the message.
    Checkpointer(Write write, int stageCount);

    /// The session's header (id, target, server, client, profile) as of the measured window.
    void setHeader(const RunRecord &header) { m_header = header; }
    /// The run so far: `finished` stages and the `series` so far. Written now when it is the
    /// first checkpoint or the spacing since the last write has passed; otherwise kept for
    /// the next write or flush().
    void write(const QList<StageStats> &finished, const TimeSeries &series,
               const SecondHistograms &secondHistograms);
    /// Writes the last run so far handed to write() when it was not written yet.
    void flush();
    /// Checkpoints written (or tried) so far.
    int written() const { return m_written; }

private:
    void writeNow(const QList<StageStats> &finished, const TimeSeries &series,
                  const SecondHistograms &secondHistograms);

    Write m_write;
    int m_stageCount = 0;
    RunRecord m_header;
    bool m_warned = false;
    int m_written = 0;
    int64_t m_nextDueNs = 0;
    bool m_pending = false;
    QList<StageStats> m_pendingStages;
    TimeSeries m_pendingSeries;
    SecondHistograms m_pendingSecondHistograms;
};

} // namespace vw
