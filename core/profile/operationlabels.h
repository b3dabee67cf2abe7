// Operation labels: the name that tells a profile's operations apart in every table, chart
// and report (OpStats::op, RunRecord::ops, the session's "ops"). One source for the rule
// (docs/profile-format.md, "Operation labels"):
//   - an operation with `name:` is labelled by it;
//   - an operation without one is labelled by its type for the first operation of that type
//     in profile order and "<type>#<n>" for the n-th (n >= 2): kv2_read, kv2_read#2;
//   - labels are unique within a profile (the parser reports a duplicate at its `name`).
#pragma once

#include "profile/profile.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace vw {

/// The longest label, in characters.
constexpr int kMaxOperationLabelLength = 64;

/// The label of operations[index] by the rule above.
QString operationLabel(const QList<OperationSpec> &ops, int index);

/// Every operation's label, in profile order.
QStringList operationLabels(const QList<OperationSpec> &ops);

/// Why `name` cannot be an explicit label, or an empty string when it can: 1..64 UTF-16 code
/// units of letters and digits of any script (Unicode categories L and N), combining marks
/// (M), '_', '-' and '.', starting with a letter or digit; never a control, format (bidi,
/// zero-width), space or symbol character. The message names a bad character by its code
/// point (U+202E), never by the character itself ('#' is kept for the
/// default labels, so an explicit name never looks like one), and not "total" in any case
/// (the row of all operations together in tables and the total line of charts).
QString operationNameProblem(const QString &name);

} // namespace vw
