// The words above a chart (chartmodel.h): a title naming the operation(s) and what is charted
// ("kv2_read latency vs VUs"), and a subtitle naming the target, the date and the sessions
// ("http://127.0.0.1:8200 · 2026-11-30 18:02 UTC · rsa-2048"; an overlay lists each session
// with its date, and each target when they differ). Pure functions; any thread.
#pragma once

#include "charts/curvesource.h"

#include <QStringList>

namespace vw {

/// "kv2_read", "kv2_read, kv2_write", "4 operations" (more than three), "" (none).
QString chartOpsText(const QStringList &ops);

/// The longest session label a chart shows, in characters; longer ones end in "…".
inline constexpr int kMaxShownLabel = 48;
/// `label` as charts show it (legends, marker labels, subtitles): whole up to kMaxShownLabel
/// characters, else cut there with "…" (a 10,000-character label ran off the picture).
QString shownLabel(const QString &label);

/// `what` ("latency") of `ops` against `against` ("VUs"): "kv2_read latency vs VUs";
/// without ops: "Latency vs VUs".
QString chartTitleText(const QStringList &ops, const QString &what, const QString &against);

/// The subtitle of a chart over `sources`: their target(s), dates ("yyyy-MM-dd HH:mm UTC")
/// and labels, joined by " · " (an overlay: "target · A 2026-.. UTC, B 2026-.. UTC").
/// Empty when the sources carry none of them.
QString chartSubtitle(const QList<CurveSource> &sources);

} // namespace vw
