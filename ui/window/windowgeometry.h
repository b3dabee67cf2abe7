// Where windows go: the main window's default size for the screen it opens on, whether a saved
// geometry is still on a present screen, and placing a tool window fully on-screen. Sizes are
// in device-independent pixels (Qt scales them for HiDPI). GUI thread only.
#pragma once

#include <QByteArray>
#include <QRect>
#include <QSize>

QT_BEGIN_NAMESPACE
class QMainWindow;
class QSplitter;
class QWidget;
QT_END_NAMESPACE

namespace vw {

/// The largest default size of the main window, device-independent pixels.
inline constexpr QSize kMaxDefaultWindowSize{1400, 900};
/// The share of the available screen area the main window takes by default.
inline constexpr double kDefaultScreenShare = 0.85;

/// 85 % of `available` (QScreen::availableGeometry()) in each direction, at most 1400x900.
QSize defaultWindowSize(const QRect &available);

/// True when the top strip of `frame` (where the title bar is, 40 px, or the frame's height
/// if less) overlaps a present screen's available geometry by at least 100x20 px: the window
/// can be seen and moved.
bool isOnPresentScreen(const QRect &frame);

/// `size` centred on `anchor`, then moved (and shrunk if needed) to lie within `available`.
QRect centredWithin(const QSize &size, const QRect &anchor, const QRect &available);

/// Moves a top-level `window` (shown or not, at its current size) so it is centred on
/// `anchor`'s frame and lies fully within the available geometry of the screen `anchor` is on
/// (the primary screen when `anchor` is null); shrinks it when it is larger than that.
void placeOnScreen(QWidget *window, const QWidget *anchor);

/// The main window's size and place: `saved` (QWidget::saveGeometry()) if it is on a present
/// screen (kept within that screen's available geometry), else defaultWindowSize() of the
/// screen's available geometry, centred.
void restoreMainWindowGeometry(QWidget *window, const QByteArray &saved);

/// The main window's layout in QSettings ("window/geometry", "window/state" of its docks and
/// toolbars, "window/splitter" of `splitter`, "window/splitters/<objectName>" of every other
/// QSplitter in it that has an object name, e.g. the editor's text | palette split): restored
/// (the geometry through restoreMainWindowGeometry()) when the window is built, saved when it
/// closes.
void restoreMainWindowLayout(QMainWindow *window, QSplitter *splitter);
void saveMainWindowLayout(const QMainWindow *window, const QSplitter *splitter);

} // namespace vw
