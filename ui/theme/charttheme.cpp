#include "theme/charttheme.h"

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
    if (dark)
        return {QColor(0x1e, 0x1f, 0x22), QColor(0xe8, 0xea, 0xed), QColor(0x3c, 0x40, 0x43),
                QColor(0x9a, 0xa0, 0xa6)};
    return {QColor(0xff, 0xff, 0xff), QColor(0x20, 0x21, 0x24), QColor(0xe0, 0xe0, 0xe0),
            QColor(0x80, 0x86, 0x8b)};
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
