// The main window's actions (name, shortcuts, tool tips) and the shortcut overview.
// Connections are made by MainWindow, except the percentile actions, which are bound to the
// SessionSet both ways here. GUI thread only.
#pragma once

#include <QList>
#include <QString>

QT_BEGIN_NAMESPACE
class QAction;
class QWidget;
QT_END_NAMESPACE

namespace vw {

class SessionSet;

struct MainActions {
    QAction *newProfile = nullptr; ///< Ctrl+N
    QAction *open = nullptr; ///< Ctrl+O: profiles and sessions
    QAction *save = nullptr; ///< Ctrl+S
    QAction *saveAs = nullptr; ///< Ctrl+Shift+S
    /// The session shown (or a run's results only on screen) to a file; no shortcut
    QAction *saveSessionAs = nullptr;
    QAction *run = nullptr; ///< Ctrl+R, F5
    QAction *stop = nullptr; ///< Ctrl+., Shift+Esc (never a bare Esc)
    QAction *addOverlay = nullptr; ///< Ctrl+Shift+O
    QAction *removeOverlay = nullptr; ///< Ctrl+Shift+Del
    QAction *quit = nullptr; ///< Ctrl+Q
    QAction *library = nullptr; ///< Ctrl+Shift+L: the session library (Ctrl+L edits the address)
    /// Ctrl+M (as in Qt Creator), checkable: Tab in the profile editor moves focus instead of
    /// inserting spaces; kept in QSettings ("editor/tabMovesFocus", default off).
    QAction *tabMovesFocus = nullptr;
};

/// Creates the actions as children of `owner` and adds them to it (window-wide shortcuts).
MainActions createMainActions(QWidget *owner);

/// "Show pNN" (Ctrl+1, Ctrl+2...), one checkable action per SessionSet::availablePercentiles(),
/// children of `owner` and added to it. Each shows and sets `set`'s percentile selection, so
/// the menu and the results page always agree (object names "showP50Action"...).
QList<QAction *> createPercentileActions(QWidget *owner, SessionSet *set);

/// One row of the shortcut overview: every key sequence of an action ("Ctrl+R, F5") and
/// what it does.
struct ShortcutRow {
    QString keys;
    QString what;
};
/// The rows of the shortcut overview: each of `actions` that has a shortcut (all of its
/// shortcuts, its text without '&'; the same text once), then the keys Qt's widgets handle
/// themselves and no action carries (Tab, Shift+Tab, Ctrl+Tab, Esc, Ctrl+Z...).
QList<ShortcutRow> shortcutRows(const QList<QAction *> &actions);

/// A small non-modal tool window listing shortcutRows(actions) (object name
/// "shortcutsWindow"), centred on `parent` and fully within its screen's available geometry.
/// Deleted when closed. The window passes every action it holds (menus, toolbar, the editor's
/// own), so the list is made from the actions themselves.
QWidget *showShortcutsWindow(QWidget *parent, const QList<QAction *> &actions);

} // namespace vw
