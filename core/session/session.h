// A run, as saved: one file per run (docs/session-format.md). Never holds the token.
#pragma once

#include "analysis/opanalysis.h"
#include "engine/runrecord.h"

namespace vw {

/// A RunRecord with its capacity analysis (core/analysis/). Its run plan is RunRecord::plan
/// (the typed profile as run): read the SLO, thresholds, load model, stages and operations
/// there (e.g. loadModel(), plan.slo), never from profileYaml.
struct Session : RunRecord {
    /// 2: the run plan (`plan`); 1: the profile as YAML only (migrated when read,
    /// core/session/sessionmigration.h).
    static constexpr int kSchemaVersion = 2;

    Session() = default;
    explicit Session(const RunRecord &run)
        : RunRecord(run)
    {
    }

    /// Capacity analysis per op (core/analysis/). Filled when a session is read (from the file,
    /// or computed when the file has none); use sessionAnalysis() (capacityanalyzer.h) to get
    /// it whether or not it is filled. sessionToJson() writes a freshly computed one.
    SessionAnalysis analysis;
    /// What reading the file noted, e.g. a schema-1 profile that could not be parsed into the
    /// plan. Not written; the analysis computed for the session carries them in its notes.
    QStringList readNotes;

    /// The load model the session was run with (closed for a session built without a plan).
    const LoadModel &loadModel() const { return *plan.ramp.model; }
};

} // namespace vw
