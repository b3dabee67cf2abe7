#include "report/svgchart.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vw {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString num(double v)
{
    return QString::number(v, 'f', 1);
}

/// A "nice" step (1, 2, 5 x 10^k) giving about `ticks` ticks over [0, maxY].
double niceStep(double maxY, int ticks)
{
    const double raw = maxY / ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10 * mag;
}

QString tickText(double v)
{
    if (std::fabs(v) >= 1000 || v == std::floor(v))
        return QString::number(v, 'f', 0);
    return QString::number(v, 'g', 3);
}

} // namespace

QString svgChart(const SvgChartSpec &spec)
{
    const int w = spec.width, h = spec.height;
    const double left = 70, right = 20, top = 36, bottom = 90;
    const double pw = w - left - right, ph = h - top - bottom;

    double minX = std::numeric_limits<double>::max(), maxX = 0, maxY = 0;
    auto seeX = [&](double x) {
        if (spec.logX && x <= 0)
            return;
        minX = std::min(minX, x);
        maxX = std::max(maxX, x);
    };
    for (const SvgSeries &s : spec.series)
        for (const QPointF &p : s.points) {
            seeX(p.x());
            maxY = std::max(maxY, p.y());
        }
    for (const SvgMarker &m : spec.markers) {
        seeX(m.x);
        maxY = std::max(maxY, m.y);
    }
    if (spec.hLine)
        maxY = std::max(maxY, *spec.hLine);
    const bool empty = maxX <= 0 && minX == std::numeric_limits<double>::max();
    if (empty) {
        minX = 1;
        maxX = 2;
    }
    double x0 = minX, x1 = maxX;
    if (spec.logX) {
        x0 = std::pow(2.0, std::floor(std::log2(minX)));
        x1 = std::pow(2.0, std::ceil(std::log2(maxX)));
        if (x1 <= x0)
            x1 = x0 * 2;
    } else if (x1 <= x0) {
        x1 = x0 + 1;
    }
    const double step = niceStep(maxY > 0 ? maxY * 1.05 : 1.0, 5);
    const double y1 = std::ceil((maxY > 0 ? maxY * 1.05 : 1.0) / step) * step;

    auto px = [&](double x) {
        if (spec.logX) {
            const double lx = std::log2(std::max(x, x0 / 1.2));
            return left + (lx - std::log2(x0)) / (std::log2(x1) - std::log2(x0)) * pw;
        }
        return left + (x - x0) / (x1 - x0) * pw;
    };
    auto py = [&](double y) { return top + ph - std::clamp(y / y1, 0.0, 1.02) * ph; };

    QString o;
    o += QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                        "viewBox=\"0 0 %1 %2\" font-family=\"sans-serif\" font-size=\"12\" "
                        "role=\"img\">\n")
             .arg(w)
             .arg(h);
    o += QStringLiteral("<title>%1</title>\n").arg(esc(spec.title));
    o += QStringLiteral("<rect x=\"0\" y=\"0\" width=\"%1\" height=\"%2\" fill=\"#ffffff\"/>\n")
             .arg(w)
             .arg(h);
    o += QStringLiteral("<text x=\"%1\" y=\"22\" text-anchor=\"middle\" font-weight=\"bold\" "
                        "font-size=\"14\">%2</text>\n")
             .arg(num(w / 2.0), esc(spec.title));

    // shaded bands (behind everything)
    for (const auto &band : spec.shadedX) {
        const double a = px(band.first), b = px(band.second);
        o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"#999999\" "
                            "fill-opacity=\"0.18\"/>\n")
                 .arg(num(std::min(a, b)), num(top), num(std::fabs(b - a)), num(ph));
    }
    // grid and axes
    for (double y = 0; y <= y1 + step / 2; y += step) {
        o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#e0e0e0\"/>"
                            "<text x=\"%4\" y=\"%5\" text-anchor=\"end\">%6</text>\n")
                 .arg(num(left), num(py(y)), num(left + pw), num(left - 6), num(py(y) + 4),
                      tickText(y));
    }
    if (spec.logX) {
        for (double x = x0; x <= x1 * 1.0001; x *= 2)
            o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#e0e0e0\"/>"
                                "<text x=\"%1\" y=\"%4\" text-anchor=\"middle\">%5</text>\n")
                     .arg(num(px(x)), num(top), num(top + ph), num(top + ph + 16), tickText(x));
    } else {
        const double xs = niceStep(x1 - x0, 6);
        for (double x = std::ceil(x0 / xs) * xs; x <= x1 + xs / 2; x += xs)
            o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#e0e0e0\"/>"
                                "<text x=\"%1\" y=\"%4\" text-anchor=\"middle\">%5</text>\n")
                     .arg(num(px(x)), num(top), num(top + ph), num(top + ph + 16), tickText(x));
    }
    o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" "
                        "stroke=\"#666666\"/>\n")
             .arg(num(left), num(top), num(pw), num(ph));
    o += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
             .arg(num(left + pw / 2), num(top + ph + 34), esc(spec.xLabel));
    o += QStringLiteral("<text x=\"16\" y=\"%1\" text-anchor=\"middle\" "
                        "transform=\"rotate(-90 16 %1)\">%2</text>\n")
             .arg(num(top + ph / 2), esc(spec.yLabel));
    if (empty)
        o += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\" fill=\"#888888\">"
                            "no data</text>\n")
                 .arg(num(left + pw / 2), num(top + ph / 2));

    if (spec.hLine) {
        o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#d62728\" "
                            "stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>"
                            "<text x=\"%4\" y=\"%5\" text-anchor=\"end\" fill=\"#d62728\">%6</text>\n")
                 .arg(num(left), num(py(*spec.hLine)), num(left + pw), num(left + pw - 4),
                      num(py(*spec.hLine) - 4), esc(spec.hLineLabel));
    }
    // curves
    for (const SvgSeries &s : spec.series) {
        QStringList pts;
        for (const QPointF &p : s.points)
            if (!spec.logX || p.x() > 0)
                pts << num(px(p.x())) + QLatin1Char(',') + num(py(p.y()));
        if (pts.isEmpty())
            continue;
        o += QStringLiteral("<polyline fill=\"none\" stroke=\"%1\" stroke-width=\"2\"%2 "
                            "points=\"%3\"><title>%4</title></polyline>\n")
                 .arg(esc(s.color),
                      s.dashed ? QStringLiteral(" stroke-dasharray=\"6 4\"") : QString(),
                      pts.join(QLatin1Char(' ')), esc(s.name));
        if (s.dots)
            for (const QString &p : std::as_const(pts)) {
                const QStringList xy = p.split(QLatin1Char(','));
                o += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"2.5\" fill=\"%3\"/>")
                         .arg(xy[0], xy[1], esc(s.color));
            }
        o += QLatin1Char('\n');
    }
    // markers
    for (const SvgMarker &m : spec.markers) {
        const double cx = px(m.x), cy = py(m.y);
        o += QStringLiteral("<path d=\"M %1 %2 l 6 6 l -6 6 l -6 -6 z\" fill=\"%3\" stroke=\"#000000\" "
                            "stroke-width=\"0.8\"/><text x=\"%4\" y=\"%5\" font-size=\"11\" "
                            "fill=\"#222222\">%6</text>\n")
                 .arg(num(cx), num(cy - 6), esc(m.color), num(cx + 8), num(cy - 8), esc(m.label));
    }
    // legend, below the plot
    double lx = left, ly = top + ph + 54;
    auto legendItem = [&](const QString &color, const QString &text, bool dashed, bool band) {
        const double itemW = 34 + text.size() * 6.5;
        if (lx + itemW > w - right && lx > left) {
            lx = left;
            ly += 16;
        }
        if (band)
            o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"24\" height=\"10\" fill=\"#999999\" "
                                "fill-opacity=\"0.3\"/>")
                     .arg(num(lx), num(ly - 9));
        else
            o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" "
                                "stroke-width=\"2\"%5/>")
                     .arg(num(lx), num(ly - 4), num(lx + 24), esc(color),
                          dashed ? QStringLiteral(" stroke-dasharray=\"6 4\"") : QString());
        o += QStringLiteral("<text x=\"%1\" y=\"%2\">%3</text>\n")
                 .arg(num(lx + 28), num(ly), esc(text));
        lx += itemW;
    };
    for (const SvgSeries &s : spec.series)
        legendItem(s.color, s.name, s.dashed, false);
    if (spec.hLine)
        legendItem(QStringLiteral("#d62728"), spec.hLineLabel, true, false);
    if (!spec.shadedX.isEmpty())
        legendItem(QString(), spec.shadedLabel, false, true);
    o += QStringLiteral("</svg>\n");
    return o;
}

} // namespace vw
