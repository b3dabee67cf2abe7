// Cells of the fixed-width text tables the CLI prints (`run`, `report`, `compare`): a cell
// padded to its column's width, and never touching its neighbour: a value as wide as its
// column or wider keeps one space before (right-aligned) or after (left-aligned) it, so
// "2 VUs http_403" and the next cell never run together. columnWidths() makes every column as
// wide as its widest cell plus that space, so rows stay aligned whatever their values.
// Widths are in characters (QChar). Pure functions; any thread.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace vw {

/// `text` right-aligned in `width` characters; a text of `width` or more gets one leading
/// space instead (the separator from the cell before).
QString rightCell(const QString &text, int width);
/// `text` left-aligned in `width` characters; a text of `width` or more gets one trailing
/// space instead (the separator from the cell after).
QString leftCell(const QString &text, int width);

/// Per column, the larger of minWidths[i] (0 past its end) and the longest cell of that
/// column in `rows` plus one (the separating space). Rows may have different lengths.
QList<int> columnWidths(const QList<QStringList> &rows, const QList<int> &minWidths = {});

} // namespace vw
