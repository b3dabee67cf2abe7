// The main window's actions (name, shortcuts, tool tips) and the shortcut overview.
// Connections are made by MainWindow, except the percentile actions, which are bound to the
// SessionSet both ways here. GUI thread only.
#pragma once

#include <QList>

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
    QAction *run = nullptr; ///< Ctrl+R, F5
    QAction *stop = nullptr; ///< Ctrl+., Shift+Esc (never a bare Esc)
    QAction *addOverlay = nullptr; ///< Ctrl+Shift+O
    QAction *removeOverlay = nullptr; ///< Ctrl+Shift+Del
    QAction *quit = nullptr; ///< Ctrl+Q
    QAction *library = nullptr; ///< Ctrl+Shift+L: the session library (Ctrl+L edits the address)
};

/// Creates the actions as children of `owner` and adds them to it (window-wide shortcuts).
MainActions createMainActions(QWidget *owner);

/// "Show pNN" (Ctrl+1, Ctrl+2...), one checkable action per SessionSet::availablePercentiles(),
/// children of `owner` and added to it. Each shows and sets `set`'s percentile selection, so
/// the menu and the results page always agree (object names "showP50Action"...).
QList<QAction *> createPercentileActions(QWidget *owner, SessionSet *set);

/// A small non-modal tool window listing the shortcuts of `actions` (object name
/// "shortcutsWindow"), centred on `parent` and fully within its screen's available geometry.
/// Deleted when closed.
QWidget *showShortcutsWindow(QWidget *parent, const QList<QAction *> &actions);

} // namespace vw
