// The main window's "Sessions" dock: the session library (sessionlibraryview.h) docked at the
// bottom, hidden at first. `toggle` (the library action, Ctrl+Shift+L) shows and hides it and
// stays checked while it is shown; when shown it takes a third of the window's height, floats
// when the pages leave no room for a few rows, and puts the focus in the search box. GUI
// thread only.
#pragma once

#include <QDockWidget>

QT_BEGIN_NAMESPACE
class QAction;
class QMainWindow;
QT_END_NAMESPACE

namespace vw {

class SessionLibraryView;

class SessionLibraryDock : public QDockWidget {
    Q_OBJECT
public:
    /// Adds itself to `window`'s bottom dock area; `toggle` becomes checkable.
    SessionLibraryDock(QMainWindow *window, QAction *toggle);
    SessionLibraryView *view() const { return m_view; }

private:
    void showInRoom();

    QMainWindow *m_window = nullptr;
    SessionLibraryView *m_view = nullptr;
};

} // namespace vw
