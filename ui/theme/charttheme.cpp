#include "theme/charttheme.h"

#include "charts/chartpalette.h"
#include "theme/windowtheme.h"

#include <QApplication>
#include <QEvent>
#include <QPalette>
#include <QSettings>

namespace vw {

namespace {
const char kKey[] = "view/chartTheme";

QString keyOf(ChartTheme t)
{
    switch (t) {
    case ChartTheme::Light:
        return QStringLiteral("light");
    case ChartTheme::Dark:
        return QStringLiteral("dark");
    case ChartTheme::FollowSystem:
        break;
    }
    return QStringLiteral("system");
}
} // namespace

ChartColours chartColours(bool dark)
{
    const ChartInk ink = chartInk(dark); // core/charts/chartpalette.h
    auto c = [](const char *hex) { return QColor::fromString(QLatin1String(hex)); };
    return {c(ink.background), c(ink.text), c(ink.grid), c(ink.axisLine), c(ink.markerOutline)};
}

bool paletteIsDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness()
           < palette.color(QPalette::WindowText).lightness();
}

ChartThemeSettings *ChartThemeSettings::instance()
{
    static ChartThemeSettings *self = new ChartThemeSettings(qApp);
    return self;
}

ChartThemeSettings::ChartThemeSettings(QObject *parent)
    : QObject(parent)
{
    const QString key = QSettings().value(QLatin1String(kKey)).toString();
    if (key == QLatin1String("light"))
        m_theme = ChartTheme::Light;
    else if (key == QLatin1String("dark"))
        m_theme = ChartTheme::Dark;
    if (qApp)
        qApp->installEventFilter(this);
}

void ChartThemeSettings::setTheme(ChartTheme theme)
{
    QSettings().setValue(QLatin1String(kKey), keyOf(theme));
    if (theme == m_theme)
        return;
    m_theme = theme;
    applyWindowTheme(theme); // the whole window, not only the charts
    emit changed();
}

bool ChartThemeSettings::isDark() const
{
    switch (m_theme) {
    case ChartTheme::Light:
        return false;
    case ChartTheme::Dark:
        return true;
    case ChartTheme::FollowSystem:
        break;
    }
    return paletteIsDark(QApplication::palette());
}

bool ChartThemeSettings::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange
        && m_theme == ChartTheme::FollowSystem)
        emit changed();
    return QObject::eventFilter(watched, event);
}

} // namespace vw
