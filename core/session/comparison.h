// Side-by-side comparison of two or more sessions (issue 4, "Comparison"): their capacity
// analyses, their stages aligned by load (VUs, or offered rate for arrival-rate runs) with ratios to the first session (the baseline, "A"),
// what they compare (the operations a user varied) and warnings when they were not run the
// same way otherwise. Pure functions; any thread.
#pragma once

#include "analysis/opanalysis.h"
#include "analysis/verdict.h"
#include "session/session.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace vw {

/// A difference between the sessions' run plans (Session::plan) or their measurements, named
/// precisely. Every difference is one of two classes, by its kind alone (differenceIsCompared):
///  - *compared*: what a user varies on purpose to compare it, the operations: their labels
///    (and types), weights and params ("operations", "operation_params"). Shown as a neutral
///    line, "compared: ca_key_type rsa-2048 (A) vs ed25519 (B)".
///  - *warning*: what spoils the comparison, everything else: the target (address, namespace,
///    nodes, CA file, TLS verification, request timeout), server version and role (active or
///    standby), executor, ramp (stage loads, durations, warm-up), transport, the client (worker
///    nice value, client-bound stages) and the analysis settings (SLO, thresholds).
/// The rule is described in docs/measurement.md, "Comparing sessions".
struct ComparisonWarning {
    /// "target", "server_version", "server_role", "executor", "ramp", "transport", "client",
    /// "client_bound", "analysis" (warnings); "operations", "operation_params" (compared).
    /// Compared field by field: durations as milliseconds, operations by position, params by
    /// canonical value (a duration text as milliseconds: 5m == 300s).
    QString kind;
    /// e.g. "server version: openbao 2.7.2 (A) vs openbao 2.8.0 (B)"; compared:
    /// "ca_key_type rsa-2048 (A) vs ed25519 (B)" (the op label first when A has several ops:
    /// "ssh_sign#2 ca_key_type ..."), "operations differ: ...".
    QString text;
};
/// A difference of the compared class: the same shape as a warning.
using ComparedDifference = ComparisonWarning;

/// True for the kinds a user varies on purpose ("operations", "operation_params"): the
/// comparison names them as compared, never as a warning. The one source of the rule above.
bool differenceIsCompared(const QString &kind);

/// One stage of one session at a given VU level.
struct AlignedCell {
    int stage = 0;
    double throughputPerS = 0;
    std::optional<double> p99Ms; ///< null: no success in the stage (no latency)
    double errorRatio = 0;
    bool clientBound = false;
    QStringList clientBoundReasons; ///< StageStats::validity.reasons when clientBound
};

/// One VU level present in at least one session.
/// One load level of the per-stage table. Rows align on the load each session's load model
/// plans (LoadModel::isOpen, core/profile/loadmodels/loadmodel.h): closed stages by planned
/// VUs, arrival-rate stages by offered rate; a closed and an open stage never share a row.
struct AlignedRow {
    int vus = 0; ///< closed rows: planned VUs (0 in open rows)
    double rate = 0; ///< open rows: offered starts per second (0 in closed rows)
    bool open() const { return rate > 0; }
    /// "16" (VUs) or "2000/s" (offered rate): the load model's LoadModel::loadCell().
    QString loadText() const { return loadCell; }
    QString loadCell;
    /// For sentences: "16 VUs", "1 VU", or the offered rate "2000/s".
    QString loadWords() const
    {
        return open() ? loadCell
                      : QStringLiteral("%1 VU%2").arg(vus).arg(vus == 1 ? QString()
                                                                        : QStringLiteral("s"));
    }
    QList<std::optional<AlignedCell>> cells; ///< one per session
    QList<std::optional<double>> throughputRatio; ///< per session: X / X of session A
    QList<std::optional<double>> p99Ratio; ///< per session: p99 / p99 of session A
    /// Per session, its verdicts against A (index: CompareMetric; core/analysis/verdict.h);
    /// empty until assessComparison() (core/session/comparisonverdicts.h) fills it; A's own
    /// entry is all NotAssessed.
    QList<std::array<MetricVerdict, kCompareMetricCount>> verdicts;
};

struct OpComparison {
    QString op;
    QList<std::optional<OpAnalysis>> analyses; ///< per session; empty when it lacks the op
    QList<AlignedRow> rows; ///< closed rows by VUs, then open rows by rate
    /// What the rows align on, for headings: "VUs", "offered rate" or "load (VUs or offered
    /// rate)" when closed and open sessions are compared.
    QString alignedBy() const;
};

struct Comparison {
    QStringList labels; ///< per session: its label (made unique), "A", "B", ... in tables
    QStringList letters; ///< "A", "B", ...
    QList<ComparisonWarning> warnings; ///< differences that spoil the comparison
    QList<ComparedDifference> compared; ///< what the sessions compare (operation params, labels)
    QList<OpComparison> ops; ///< union of the sessions' ops, in first-seen order
    /// Set by assessComparison() (core/session/comparisonverdicts.h): the rows' verdicts are
    /// filled, with these settings, over `tests` assessed figures per session pair.
    bool assessed = false;
    VerdictSettings verdictSettings;
    QList<int> tests; ///< per session: assessed figures of its family (A: 0)
    /// Per session: what its intervals rest on ("3 runs, bootstrap over runs" or "one run,
    /// block bootstrap over seconds") and, with replicates, how the runs' spread compares
    /// with the seconds' spread (runSpreadWords(), core/stats/replicatebootstrap.h).
    QStringList intervalBasis;
    QStringList spreadNotes;
};

/// Needs at least one session; the first is the baseline of the ratios. For each session and
/// op the first stage at a VU level counts (a repeated level is ignored); stages without the
/// op or without requests are left out. Ratios are empty when a side is missing or zero.
Comparison compareSessions(const QList<Session> &sessions);

} // namespace vw
