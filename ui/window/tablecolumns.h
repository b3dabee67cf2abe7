// Stable column widths for tables that a run updates (issue 22, item 9): QHeaderView's
// ResizeToContents sizes every column again on each live update, so the columns jump while a
// run goes and are cut when a session with wider numbers opens. keepColumnsStable() sizes
// the columns itself: to fit header and cells when the model is reset (another session
// shown), then only wider (never narrower) when new rows or values need it; the user may
// resize them. GUI thread only.
#pragma once

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace vw {

/// Makes `view`'s columns Interactive and keeps them as above; `stretchColumn` (or -1)
/// takes the width that is left. Call after the model is set; follows that model.
void keepColumnsStable(QTableView *view, int stretchColumn = -1);

/// The width `view`'s column `column` needs now: its header and its widest cell (px).
int neededColumnWidth(const QTableView *view, int column);

} // namespace vw
