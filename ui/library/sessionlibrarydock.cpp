#include "sessionlibrarydock.h"

#include "sessionlibraryview.h"

#include <QAction>
#include <QMainWindow>
#include <QTimer>

namespace vw {

SessionLibraryDock::SessionLibraryDock(QMainWindow *window, QAction *toggle)
    : QDockWidget(tr("Sessions"), window)
    , m_window(window)
{
    setObjectName(QStringLiteral("sessionLibraryDock"));
    m_view = new SessionLibraryView(this);
    setWidget(m_view);
    window->addDockWidget(Qt::BottomDockWidgetArea, this);
    hide();
    toggle->setCheckable(true);
    connect(toggle, &QAction::toggled, this, [this](bool on) {
        setVisible(on);
        if (on) {
            QTimer::singleShot(0, this, &SessionLibraryDock::showInRoom); // once laid out
            raise();
            m_view->focusSearch();
        }
    });
    connect(this, &QDockWidget::visibilityChanged, toggle,
            [this, toggle](bool) { toggle->setChecked(!isHidden()); });
}

void SessionLibraryDock::showInRoom()
{
    // room for a few rows
    const int height = m_window->height();
    if (isFloating() || this->height() >= height / 3)
        return;
    m_window->resizeDocks({this}, {height / 3}, Qt::Vertical);
    if (this->height() < 220) { // the pages leave no room: float it
        setFloating(true);
        resize(m_window->width() * 4 / 5, height / 2);
        move(m_window->mapToGlobal(QPoint(m_window->width() / 10, height / 3)));
    }
}

} // namespace vw
