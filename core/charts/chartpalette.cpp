#include "charts/chartpalette.h"

#include <algorithm>
#include <cmath>

namespace vw {

QString paletteColor(int i)
{
    static const char *kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                     "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    constexpr int n = int(sizeof(kPalette) / sizeof(kPalette[0]));
    return QString::fromLatin1(kPalette[((i % n) + n) % n]);
}

ChartInk chartInk(bool dark)
{
    if (dark)
        return {"#1e1f22", "#e8eaed", "#3c4043", "#9aa0a6", "#e8eaed"};
    return {"#ffffff", "#202124", "#e0e0e0", "#80868b", kMarkerOutline};
}

QString shadeColor(const QString &color, double factor)
{
    bool ok = false;
    const uint rgb = color.mid(1).toUInt(&ok, 16);
    if (!ok || color.size() != 7 || factor <= 0)
        return color;
    auto mix = [factor](int c) {
        const double v = factor < 1 ? c * factor : c + (255 - c) * std::min(1.0, factor - 1.0);
        return std::clamp(int(std::lround(v)), 0, 255);
    };
    const int r = mix(int((rgb >> 16) & 0xff)), g = mix(int((rgb >> 8) & 0xff)),
              b = mix(int(rgb & 0xff));
    return QStringLiteral("#%1%2%3")
        .arg(r, 2, 16, QLatin1Char('0'))
        .arg(g, 2, 16, QLatin1Char('0'))
        .arg(b, 2, 16, QLatin1Char('0'));
}

QString seriesColor(int source, int op, bool overlay)
{
    if (!overlay)
        return paletteColor(op);
    const QString base = paletteColor(source);
    if (op == 0)
        return base;
    // odd ops darker, even ops lighter, further from the base the higher the op
    const int step = op / 2;
    return (op % 2) ? shadeColor(base, std::max(0.25, 0.66 - 0.1 * step))
                    : shadeColor(base, 1.35 + 0.15 * step);
}

LineStyle percentileStyle(int percentile)
{
    if (percentile >= 99)
        return LineStyle::Solid;
    if (percentile >= 95)
        return LineStyle::Dashed;
    if (percentile >= 50)
        return LineStyle::Dotted;
    return LineStyle::DashDot;
}

double percentileWidth(int percentile)
{
    return percentile >= 99 ? 2.4 : 2.0;
}

QString lineStyleName(LineStyle s)
{
    switch (s) {
    case LineStyle::Solid:
        return QStringLiteral("solid");
    case LineStyle::Dashed:
        return QStringLiteral("dashed");
    case LineStyle::Dotted:
        return QStringLiteral("dotted");
    case LineStyle::DashDot:
        return QStringLiteral("dashdot");
    }
    return QStringLiteral("solid");
}

QString verdictBackground(Verdict v)
{
    switch (v) {
    case Verdict::Better:
        return QStringLiteral("#d9f2dd");
    case Verdict::Worse:
        return QStringLiteral("#fbdcdc");
    case Verdict::Inconclusive:
        return QStringLiteral("#fff3cd");
    default:
        return QString();
    }
}

QString verdictForeground(Verdict v)
{
    switch (v) {
    case Verdict::Better:
        return QStringLiteral("#0b4d1a");
    case Verdict::Worse:
        return QStringLiteral("#7a0a0a");
    case Verdict::Inconclusive:
        return QStringLiteral("#5c4400");
    default:
        return QString();
    }
}

} // namespace vw
