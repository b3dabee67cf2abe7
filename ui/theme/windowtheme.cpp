#include "theme/windowtheme.h"

#include "charts/chartpalette.h"

#include <QApplication>
#include <QEvent>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace vw {

namespace {
/// What the application had before the first theme was applied (Follow System).
struct SystemLook {
    bool captured = false;
    QString style;
    QPalette palette;
};

SystemLook &systemLook()
{
    static SystemLook look;
    if (!look.captured && qApp) {
        look.captured = true;
        look.style = QApplication::style()->name();
        look.palette = QApplication::palette();
    }
    return look;
}

void setStyleByName(const QString &name)
{
    if (QApplication::style()->name().compare(name, Qt::CaseInsensitive) == 0)
        return;
    if (QStyle *style = QStyleFactory::create(name))
        QApplication::setStyle(style); // the application takes it over
}

void setApplicationPalette(const QPalette &palette)
{
    QApplication::setPalette(palette);
    // Qt sends the change to the child widgets, which take their window's palette; the
    // windows themselves are told here, so that they and their children take it now
    const auto windows = QApplication::topLevelWidgets();
    for (QWidget *w : windows) {
        QEvent changed(QEvent::ApplicationPaletteChange);
        QCoreApplication::sendEvent(w, &changed);
    }
}
} // namespace

NoteColours warningNoteColours(const QPalette &palette)
{
    if (paletteIsDark(palette)) // 10.9:1
        return {QColor(0x3a, 0x2a, 0x10), QColor(0xf3, 0xe3, 0xc8), QColor(0xc0, 0x7a, 0x10)};
    return {QColor(0xff, 0xf4, 0xe5), QColor(0x1f, 0x1f, 0x1f), QColor(0xf0, 0xa0, 0x30)};
}

NoteColours clientBoundCellColours(const QPalette &palette)
{
    if (paletteIsDark(palette)) // 8.4:1, apart from the dark base and its alternate rows
        return {QColor(0x45, 0x45, 0x45), QColor(0xf0, 0xf0, 0xf0), QColor()};
    return {QColor(QString::fromLatin1(kClientBoundCellBackground)),
            QColor(QString::fromLatin1(kClientBoundCellForeground)), QColor()};
}

double contrastRatio(const QColor &a, const QColor &b)
{
    auto luminance = [](const QColor &c) {
        auto lin = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QPalette darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe8, 0xea, 0xed),
        dim(0x80, 0x86, 0x8b), highlight(0x3d, 0x7e, 0xd6);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3c, 0x3f, 0x43));
    p.setColor(QPalette::Mid, QColor(0x9a, 0xa0, 0xa6)); // "palette(mid)" hints stay readable
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        p.setColor(QPalette::Disabled, role, dim);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x3c, 0x3f, 0x43));
    return p;
}

void applyWindowTheme(ChartTheme theme)
{
    if (!qApp)
        return;
    const SystemLook &system = systemLook();
    switch (theme) {
    case ChartTheme::Dark:
        setStyleByName(QStringLiteral("Fusion"));
        setApplicationPalette(darkPalette());
        return;
    case ChartTheme::Light:
        setStyleByName(QStringLiteral("Fusion"));
        setApplicationPalette(QApplication::style()->standardPalette());
        return;
    case ChartTheme::FollowSystem:
        break;
    }
    setStyleByName(system.style);
    setApplicationPalette(system.palette);
}

} // namespace vw
