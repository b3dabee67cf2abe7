// The capacity points of one operation of a session as table rows: the one list that
// `vault-workbench compare` prints under "capacity points", the GUI's comparison table and
// the results page's capacity card show (ui/comparisonview.h, ui/capacitycard.h), so that
// the two never disagree (issue 22, "Capacity points always say which stages they used and
// why others were excluded"). Each point comes from the session's capacity analysis
// (core/analysis/opanalysis.h, docs/measurement.md "Capacity analysis") except the raw peak,
// the highest throughput of any stage of the op, client-bound ones included (the analysis
// leaves those out: the load generator, not the server, limited them). Throughputs are
// successes per second, latencies milliseconds. Pure functions; any thread.
#pragma once

#include "analysis/opanalysis.h"
#include "session/session.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace vw {

/// One row of the capacity points: `key` names it for code and tests, `name` is its heading in
/// the tables ("max throughput/s @VUs").
struct CapacityRow {
    QString key;
    QString name;
};

/// The rows, in the order shown:
///   knee        "knee VUs"                   the knee's VUs
///   saturation  "saturation VUs"
///   failure     "failure VUs (class)"        "2 VUs http_403" (or the offered rate)
///   max         "max throughput/s @VUs"      the analysis' maximum over the stages it used
///   raw         "peak raw/s @VUs"            any stage with the op, client-bound included;
///                                            "1395.9 @16 !" when that stage was client-bound
///   slo         "max in SLO/s @VUs"          "-" without an SLO or when no stage met it
///   p99_slo     "p99 at max in SLO ms"       p99 of the op in that stage
///   p99         "p99 at knee ms"
///   nstar       "USL N* VUs"                 "-" not fitted, "none" fitted without a peak
///   used        "stages used"                "1-3,5 of 6" (1-based stage numbers)
QList<CapacityRow> capacityRows();

/// The cell of row `key` (capacityRows()) for `a`, the analysis of op `a.op` of session `s`;
/// "-" for a point not reached, "" for an unknown key.
QString capacityCell(const OpAnalysis &a, const Session &s, const QString &key);

/// The highest throughput (successes per second) of op `op` in any stage of `s` with
/// requests of it, client-bound stages included; empty when none. `stage` is its index.
ThroughputPoint rawPeakThroughput(const Session &s, const QString &op);

/// One line per stage the analysis left out, in stage order, with its reason:
/// "stage 4 (16 VUs): client-bound: client_cpu: 97 % of 2 cores". Empty when none was. An
/// op not assessed at all (OpAnalysis::notAssessed) gives the one line "every stage: not
/// assessed: <why>".
QStringList excludedStageLines(const OpAnalysis &a);

/// The 1-based numbers of the stages of `s` with requests of `a.op` that the analysis used
/// (not in a.excluded), as ranges: "1-3,5"; "none" when it used none.
QString usedStagesText(const OpAnalysis &a, const Session &s);

} // namespace vw
