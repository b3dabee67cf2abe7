// Side-by-side comparison of two or more sessions (issue 4, "Comparison"): their capacity
// analyses, their stages aligned by load (VUs, or offered rate for arrival-rate runs) with ratios to the first session (the baseline, "A"),
// and warnings when they were not run the same way. Pure functions; any thread.
#pragma once

#include "analysis/opanalysis.h"
#include "session/session.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace vw {

/// Something that makes two sessions not directly comparable, named precisely.
struct ComparisonWarning {
    /// "target", "server_version", "ramp", "operations", "operation_params", "executor",
    /// "transport", "client", "analysis" (SLO, thresholds). From the run plans
    /// (Session::plan), compared field by field: durations as milliseconds, operations by
    /// position, params by canonical value (a duration text as milliseconds: 5m == 300s).
    /// "transport"
    QString kind;
    QString text;    ///< e.g. "ssh_sign params differ: ca_key_type rsa-2048 (A) vs ed25519 (B)"
};

/// One stage of one session at a given VU level.
struct AlignedCell {
    int stage = 0;
    double throughputPerS = 0;
    std::optional<double> p99Ms;   ///< null: no success in the stage (no latency)
    double errorRatio = 0;
    bool clientBound = false;
};

/// One VU level present in at least one session.
/// One load level of the per-stage table. Rows align on the load each session's load model
/// plans (LoadModel::isOpen, core/profile/loadmodels/loadmodel.h): closed stages by planned
/// VUs, arrival-rate stages by offered rate; a closed and an open stage never share a row.
struct AlignedRow {
    int vus = 0;        ///< closed rows: planned VUs (0 in open rows)
    double rate = 0;    ///< open rows: offered starts per second (0 in closed rows)
    bool open() const { return rate > 0; }
    /// "16" (VUs) or "2000/s" (offered rate): the load model's LoadModel::loadCell().
    QString loadText() const { return loadCell; }
    QString loadCell;
    QList<std::optional<AlignedCell>> cells;           ///< one per session
    QList<std::optional<double>> throughputRatio;      ///< per session: X / X of session A
    QList<std::optional<double>> p99Ratio;             ///< per session: p99 / p99 of session A
};

struct OpComparison {
    QString op;
    QList<std::optional<OpAnalysis>> analyses;         ///< per session; empty when it lacks the op
    QList<AlignedRow> rows;                            ///< closed rows by VUs, then open rows by rate
    /// What the rows align on, for headings: "VUs", "offered rate" or "load (VUs or offered
    /// rate)" when closed and open sessions are compared.
    QString alignedBy() const;
};

struct Comparison {
    QStringList labels;      ///< per session: its label (made unique), "A", "B", ... in tables
    QStringList letters;     ///< "A", "B", ...
    QList<ComparisonWarning> warnings;
    QList<OpComparison> ops; ///< union of the sessions' ops, in first-seen order
};

/// Needs at least one session; the first is the baseline of the ratios. For each session and
/// op the first stage at a VU level counts (a repeated level is ignored); stages without the
/// op or without requests are left out. Ratios are empty when a side is missing or zero.
Comparison compareSessions(const QList<Session> &sessions);

} // namespace vw
