// Renderings of a session for `vault-workbench report` and for the run's live table.
#pragma once

#include "analysis/stageuncertainty.h"
#include "session/session.h"
#include "util/jsonstreamwriter.h"

#include <QJsonObject>

namespace vw {

/// The report JSON of issue 2: {"profile", "status", "target": {"address","server_version"},
/// "stages": [{"index","vus","duration_s","complete","max_in_flight", "no_completions" (only
///             when true: StageStats::noCompletions),
///             "ops": [{"op","count","ok","errors":{class:n},"throughput_per_s",
///                      "latency_ms": {"mean","p50","p90","p95","p99","p999","max"},
///                      "ci": OpUncertainty::ciJson() (95 % intervals; null bounds when
///                            unknown, with "reason"), "steadiness": Steadiness::toJson()}]}]}
/// (core/analysis/stageuncertainty.h; docs/session-format.md).
/// Built whole in memory: for tests and small sessions; `report --format json` streams it
/// with writeReportJson().
QJsonObject reportJson(const Session &s);
/// The same report as text, byte for byte QJsonDocument(reportJson(s)).toJson(Indented),
/// handed to `sink` in chunks (util/jsonstreamwriter.h) one stage at a time: memory is one
/// stage's JSON and one chunk (about 64 KiB), never a DOM of every stage (issue 23;
/// docs/performance.md, "Large sessions"). False when the sink refused a chunk.
bool writeReportJson(const Session &s, const JsonStreamWriter::Sink &sink);

/// A fixed-width text table, one row per stage and operation; under each arrival-rate stage a
/// line with its offered and achieved rate, drops and schedule lateness p50/p99/max (us).
/// With interval histograms, under each op a "95%:" line (throughput, mean, p50, p95, p99
/// intervals, or "-" and why) and "~ not steady: ..." when the stage had a trend.
QString reportTable(const Session &s);
/// The "95%:" and "~ not steady" lines of one stage (as reportTable prints them).
QString uncertaintyLines(const StageUncertainty &u);
/// "logins (auth: approle, a token per VU; not in the stages): 10, ms mean 3.100 p50 2.900
/// p99 5.000 max 5.000; renewals 0\n" for a run with per-VU credentials (RunRecord::auth),
/// else empty.
QString credentialsLine(const RunRecord &r);
/// The header rows of reportTable; used to print stage rows as they complete. The load
/// column is "rate" for an open model (`model` given and LoadModel::isOpen), else "VUs".
/// `opWidth`: the op column's width in characters (at least 18): reportOpWidth() of what the
/// table will hold, so that every row lines up. Cells never run together, whatever the widths
/// (util/textcells.h).
QString reportTableHeader(const LoadModel *model = nullptr, int opWidth = 0);
/// The rows of one stage run by load model `model` (its load column: VUs or the offered rate),
/// the op column `opWidth` wide as in reportTableHeader(). With target.spread round_robin each
/// node's share follows the totals as "<op> @host:port" rows.
QString reportTableRows(const StageStats &stage, const LoadModel &model, int opWidth = 0);
/// The op column's width for the rows of a run of `plan`: its longest op label, or with
/// target.spread round_robin its longest "<op> @host:port", plus one space. Known before the
/// run (`run` prints rows as stages end).
int reportOpWidth(const Profile &plan);
/// The same for the rows of `stages` as measured.
int reportOpWidth(const QList<StageStats> &stages);

/// RFC 4180 CSV, one row per stage and operation, header first. The last two columns carry
/// what the text table flags under a stage: "client_bound" (true/false) and "warnings" (the
/// validity guard's reasons and notes, "no completed request", "stage cut short"; "; "
/// between them, empty for none).
QString reportCsv(const Session &s);
/// The rows of every session (each with its label in the "label" column) under one header:
/// the GUI's File > Export Report… as CSV. Empty list: empty text.
QString reportCsv(const QList<Session> &sessions);

} // namespace vw
