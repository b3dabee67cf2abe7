#include "charts/charttype.h"

#include <algorithm>

namespace vw {

ChartTypeScale chartTypeScale(double heightPx)
{
    // px at the slide height (1080), scaled with the chart; each with a floor for small charts
    const double f = heightPx / 1080.0;
    ChartTypeScale s;
    s.title = std::max(15.0, 36.0 * f);
    s.subtitle = std::max(12.0, 24.0 * f);
    s.axisTitle = std::max(11.5, 22.0 * f);
    s.tick = std::max(11.0, 20.0 * f);
    s.legend = std::max(11.0, 20.0 * f);
    s.marker = std::max(10.5, 18.0 * f);
    s.note = std::max(10.5, 18.0 * f);
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
            em += 1.0; // anything else: as wide as the widest Latin letter
    }
    return em * sizePx;
}

} // namespace vw
