#include "report/charttype.h"

#include <algorithm>

namespace vw {

ChartTypeScale chartTypeScale(double heightPx)
{
    const double tick = std::max(12.0, 20.0 * heightPx / 1080.0);
    ChartTypeScale s;
    s.tick = tick;
    s.title = tick * 1.8;
    s.subtitle = tick * 1.2;
    s.axisTitle = tick * 1.1;
    s.legend = tick;
    s.marker = tick * 0.9;
    s.note = tick * 0.9;
    return s;
}

double estimateTextWidth(const QString &text, double sizePx)
{
    // em fractions rounded up from DejaVu Sans' advance widths
    double em = 0;
    for (const QChar c : text) {
        const ushort u = c.unicode();
        if (QStringLiteral("mwMW@%").contains(c))
            em += 1.0;
        else if (QStringLiteral("il.,:;'|!·()[] ").contains(c))
            em += 0.4;
        else if (QStringLiteral("ftrj").contains(c))
            em += 0.45;
        else if (c.isUpper())
            em += 0.8;
        else if (u < 0x80)
            em += 0.66;
        else
            em += 1.0;   // anything else: as wide as the widest Latin letter
    }
    return em * sizePx;
}

} // namespace vw
