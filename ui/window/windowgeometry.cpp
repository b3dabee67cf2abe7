#include "window/windowgeometry.h"

#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QWidget>

#include <algorithm>

namespace vw {

QSize defaultWindowSize(const QRect &available)
{
    const int w = int(available.width() * kDefaultScreenShare);
    const int h = int(available.height() * kDefaultScreenShare);
    return QSize(std::min(w, kMaxDefaultWindowSize.width()),
                 std::min(h, kMaxDefaultWindowSize.height()));
}

bool isOnPresentScreen(const QRect &frame)
{
    if (!frame.isValid())
        return false;
    const QRect titleStrip(frame.topLeft(), QSize(frame.width(), std::min(frame.height(), 40)));
    const auto screens = QGuiApplication::screens();
    for (const QScreen *s : screens) {
        const QRect seen = titleStrip.intersected(s->availableGeometry());
        if (seen.width() >= std::min(100, frame.width())
            && seen.height() >= std::min(20, titleStrip.height()))
            return true;
    }
    return false;
}

QRect centredWithin(const QSize &size, const QRect &anchor, const QRect &available)
{
    const QSize s = size.boundedTo(available.size());
    QRect r(QPoint(0, 0), s);
    r.moveCenter(anchor.center());
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - s.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - s.height() + 1));
    return r;
}

void placeOnScreen(QWidget *window, const QWidget *anchor)
{
    const QScreen *screen = anchor ? anchor->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1024, 768);
    const QRect anchorRect = anchor ? anchor->frameGeometry() : available;
    // The frame adds the title bar and borders to the client size; keep room for them.
    // Before it is shown a window has no frame yet: take the anchor window's decorations.
    const QWidget *decorated = window->isVisible() || !anchor ? window : anchor->window();
    const QSize frameExtra = decorated->frameGeometry().size() - decorated->geometry().size();
    const QRect frame = centredWithin(window->size() + frameExtra, anchorRect, available);
    window->resize(frame.size() - frameExtra);
    window->move(frame.topLeft());
}

void restoreMainWindowGeometry(QWidget *window, const QByteArray &saved)
{
    if (!saved.isEmpty() && window->restoreGeometry(saved)
        && isOnPresentScreen(window->frameGeometry())) {
        // on a present screen, but maybe saved on a larger one: kept within this one
        const QScreen *on = QGuiApplication::screenAt(window->frameGeometry().center());
        const QRect available = (on ? on : window->screen())->availableGeometry();
        if (!window->isMaximized() && !window->isFullScreen()
            && !available.contains(window->geometry()))
            window->setGeometry(
                centredWithin(window->geometry().size(), window->geometry(), available));
        return;
    }
    const QScreen *s = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    const QRect available = s ? s->availableGeometry() : QRect(0, 0, 1400, 900);
    window->setGeometry(centredWithin(defaultWindowSize(available), available, available));
}

void restoreMainWindowLayout(QMainWindow *window, QSplitter *splitter)
{
    QSettings settings;
    restoreMainWindowGeometry(window,
                              settings.value(QStringLiteral("window/geometry")).toByteArray());
    window->restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    const auto inner = window->findChildren<QSplitter *>();
    for (QSplitter *s : inner)
        if (s != splitter && !s->objectName().isEmpty())
            s->restoreState(settings.value(QStringLiteral("window/splitters/") + s->objectName())
                                .toByteArray());
}

void saveMainWindowLayout(const QMainWindow *window, const QSplitter *splitter)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), window->saveGeometry());
    settings.setValue(QStringLiteral("window/state"), window->saveState());
    settings.setValue(QStringLiteral("window/splitter"), splitter->saveState());
    const auto inner = window->findChildren<QSplitter *>();
    for (const QSplitter *s : inner)
        if (s != splitter && !s->objectName().isEmpty())
            settings.setValue(QStringLiteral("window/splitters/") + s->objectName(),
                              s->saveState());
}

} // namespace vw
