// Accessibility of the main window (issue 22, item 10): what a screen reader says for each
// control, chart and table, and a Tab that leaves tables and trees (QTableView's default
// tabKeyNavigation walks its cells and never lets the focus go on to the next pane). Controls named in their own files keep their names (the target
// panel's edits, the local target row, the editor, the palette, the problem list; the charts
// from their model's title and subtitle, ui/charts/qtchartrenderer.h). makeAccessible() names
// the rest from what a sighted user sees about them: the label whose buddy they are, their
// tool tip's first phrase (the whole tip becomes the description), their placeholder, the
// group box, tab or dock holding them. GUI thread only.
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

/// Widgets a user operates or reads as one thing: buttons, combo boxes, edits, spin boxes,
/// sliders, item views (tables, lists, trees), charts, tab bars, and anything else taking Tab
/// focus. Not the parts Qt builds inside them (scroll bars, header views, a combo's or spin
/// box's line edit, objects named "qt_...").
bool isInteractiveWidget(const QWidget *w);

/// What a screen reader says for `w`: QAccessibleInterface::text(QAccessible::Name). Empty
/// when it has no name.
QString accessibleNameOf(QWidget *w);

/// The name makeAccessible() would give `w` (see above); empty when nothing names it.
QString derivedAccessibleName(const QWidget *w);

/// Gives every interactive widget under `root` whose accessibleName() is empty (a button with
/// text already has one) a name from derivedAccessibleName(), and a description from its tool
/// tip, and turns off tabKeyNavigation of its item views (arrow keys move between cells, Tab
/// to the next control); now, and for widgets created later as they are first shown (an
/// event filter on the application, for `root`'s descendants only, removed with `root`).
void makeAccessible(QWidget *root);

} // namespace vw
