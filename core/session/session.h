// A run, as saved: one file per run (docs/session-format.md). Never holds the token.
#pragma once

#include "analysis/opanalysis.h"
#include "engine/runrecord.h"

namespace vw {

/// A RunRecord with its capacity analysis (core/analysis/).
struct Session : RunRecord {
    static constexpr int kSchemaVersion = 1;

    Session() = default;
    explicit Session(const RunRecord &run) : RunRecord(run) {}

    /// Capacity analysis per op (core/analysis/). Filled when a session is read (from the file,
    /// or computed when the file has none); use sessionAnalysis() (capacityanalyzer.h) to get
    /// it whether or not it is filled. sessionToJson() writes a freshly computed one.
    SessionAnalysis analysis;
};

} // namespace vw
