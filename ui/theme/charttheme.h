// The window's light or dark look (View > Theme): follow the system, or force light or dark for
// the whole window (ui/theme/windowtheme.h: Fusion with a light or dark QPalette), the charts
// included. The charts' own colours (background, text, grid, axis lines, marker outlines) are
// the chart palette's (core/charts/chartpalette.h, chartInk()); the series keep their colours
// in both looks. The choice is kept in QSettings ("view/chartTheme": "system", "light",
// "dark"). GUI thread only.
#pragma once

#include <QColor>
#include <QObject>

QT_BEGIN_NAMESPACE
class QPalette;
QT_END_NAMESPACE

namespace vw {

enum class ChartTheme { FollowSystem, Light, Dark };

/// The chart colours of one look.
struct ChartColours {
    QColor background;
    QColor text; ///< title, legend, axis labels and titles
    QColor grid;
    QColor axisLine;
    QColor markerOutline; ///< knee/saturation/failure marks
};
ChartColours chartColours(bool dark);

/// A palette is dark when its window colour is darker than its text colour.
bool paletteIsDark(const QPalette &palette);

/// The application's chart theme; changed() when the choice or (for FollowSystem) the
/// application palette changes.
class ChartThemeSettings : public QObject {
    Q_OBJECT
public:
    static ChartThemeSettings *instance();

    ChartTheme theme() const { return m_theme; }
    /// Sets and saves the choice and applies it to the whole window (applyWindowTheme()).
    void setTheme(ChartTheme theme);
    /// Whether charts are drawn dark now.
    bool isDark() const;

signals:
    void changed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit ChartThemeSettings(QObject *parent);
    ChartTheme m_theme = ChartTheme::FollowSystem;
};

} // namespace vw
