#include "report/svgrenderer.h"

#include "report/axisticks.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace vw {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

/// The id of the hatch pattern of band colour `color` ("#f28e2b" -> "vw-band-hatch-f28e2b"):
/// one per colour, so the same pattern defined again by another chart of one HTML page is
/// the same pattern.
QString bandHatchId(const QString &color)
{
    return QStringLiteral("vw-band-hatch-") + QString(color).remove(QLatin1Char('#'));
}

/// <defs> with the hatch of a band in `color`: diagonal lines 6 px apart.
QString bandHatch(const QString &color)
{
    return QStringLiteral("<defs><pattern id=\"%1\" patternUnits=\"userSpaceOnUse\" width=\"6\" "
                          "height=\"6\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" "
                          "x2=\"0\" y2=\"6\" stroke=\"%2\" stroke-width=\"2\" "
                          "stroke-opacity=\"0.5\"/></pattern></defs>")
        .arg(bandHatchId(color), color.toHtmlEscaped());
}

/// Pixel coordinates: one decimal is enough.
QString px1(double v)
{
    return QString::number(v, 'f', 1);
}

/// Data values: the shortest text that reads back as the same double.
QString exact(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString pointsAttr(const QList<QPointF> &pts)
{
    QStringList out;
    for (const QPointF &p : pts)
        out << exact(p.x()) + QLatin1Char(',') + exact(p.y());
    return out.join(QLatin1Char(' '));
}

QString dashArray(LineStyle s)
{
    switch (s) {
    case LineStyle::Solid:
        return QString();
    case LineStyle::Dashed:
        return QStringLiteral(" stroke-dasharray=\"6 4\"");
    case LineStyle::Dotted:
        return QStringLiteral(" stroke-dasharray=\"2 3\"");
    case LineStyle::DashDot:
        return QStringLiteral(" stroke-dasharray=\"6 3 2 3\"");
    }
    return QString();
}

/// A marker's outline: knee circle, saturation square, failure triangle (as the QtCharts view).
QString markerPath(const QString &kind, double cx, double cy)
{
    if (kind == QLatin1String("knee"))
        return QStringLiteral("M %1 %2 a 5.5 5.5 0 1 0 11 0 a 5.5 5.5 0 1 0 -11 0 z")
            .arg(px1(cx - 5.5), px1(cy));
    if (kind == QLatin1String("saturation"))
        return QStringLiteral("M %1 %2 h 11 v 11 h -11 z").arg(px1(cx - 5.5), px1(cy - 5.5));
    return QStringLiteral("M %1 %2 l 6 11 h -12 z").arg(px1(cx), px1(cy - 6));
}

} // namespace

QString renderSvg(const ChartModel &m, const SvgSize &size)
{
    const int w = size.width, h = size.height;
    const double left = 70, right = 20, top = m.notes.isEmpty() ? 36 : 36 + 14.0 * m.notes.size();
    const double bottom = 90;
    const double pw = w - left - right, ph = h - top - bottom;
    const bool logX = m.x.scale != AxisScale::Linear && m.x.min > 0;

    auto px = [&](double x) {
        if (logX) {
            const double l0 = std::log2(m.x.min), l1 = std::log2(m.x.max);
            const double lx = std::log2(std::max(x, m.x.min));
            return left + (lx - l0) / (l1 - l0) * pw;
        }
        return left + (x - m.x.min) / (m.x.max - m.x.min) * pw;
    };
    const bool logY = m.y.scale != AxisScale::Linear && m.y.min > 0;
    auto py = [&](double y) {
        double f;
        if (logY) {
            const double l0 = std::log10(m.y.min), l1 = std::log10(m.y.max);
            f = (std::log10(std::max(y, m.y.min)) - l0) / (l1 - l0);
        } else {
            f = (y - m.y.min) / (m.y.max - m.y.min);
        }
        return top + ph - std::clamp(f, 0.0, 1.02) * ph;
    };

    QString o;
    o += QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                        "viewBox=\"0 0 %1 %2\" font-family=\"sans-serif\" font-size=\"12\" "
                        "role=\"img\" class=\"chart\" data-chart=\"%3\" data-title=\"%4\" "
                        "data-x-title=\"%5\" data-y-title=\"%6\">\n")
             .arg(w)
             .arg(h)
             .arg(chartKindName(m.kind), esc(m.title), esc(m.x.title), esc(m.y.title));
    o += QStringLiteral("<title>%1</title>\n").arg(esc(m.title));
    o += QStringLiteral("<rect x=\"0\" y=\"0\" width=\"%1\" height=\"%2\" fill=\"#ffffff\"/>\n")
             .arg(w)
             .arg(h);
    o += QStringLiteral("<text x=\"%1\" y=\"22\" text-anchor=\"middle\" font-weight=\"bold\" "
                        "font-size=\"14\">%2</text>\n")
             .arg(px1(w / 2.0), esc(m.title));
    for (int i = 0; i < m.notes.size(); ++i)
        o += QStringLiteral("<text class=\"note\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" "
                            "fill=\"#b05000\">%3</text>\n")
                 .arg(px1(w / 2.0), px1(38 + 14.0 * i), esc(m.notes.at(i)));

    // client-bound bands, behind everything: each in its session's colour, its reasons in a
    // <title> (the hover text of browsers)
    for (const ChartBand &b : m.bands) {
        const double a = px(b.x0), c = px(b.x1);
        o += QStringLiteral("<rect class=\"band client-bound\" data-x0=\"%1\" data-x1=\"%2\" "
                            "data-stage=\"%3\" data-source=\"%4\" x=\"%5\" y=\"%6\" "
                            "width=\"%7\" height=\"%8\" fill=\"%9\" ")
                 .arg(exact(b.x0), exact(b.x1), QString::number(b.stage), QString::number(b.source),
                      px1(std::min(a, c)), px1(top), px1(std::fabs(c - a)), px1(ph), esc(b.color))
             + QStringLiteral("fill-opacity=\"%1\"><title>%2</title></rect>\n")
                   .arg(QString::number(kBandOpacity), esc(b.description));
        if (b.hatched)
            o += bandHatch(b.color) + QStringLiteral("<rect class=\"band-hatch\" x=\"%1\" y=\"%2\" "
                                                     "width=\"%3\" height=\"%4\" fill=\"url(#%5)\">"
                                                     "<title>%6</title></rect>\n")
                                          .arg(px1(std::min(a, c)), px1(top), px1(std::fabs(c - a)),
                                               px1(ph), bandHatchId(b.color), esc(b.description));
    }
    // grid and axes: ticks and their labels from axisTicks() (the QtCharts view uses the same)
    const QList<AxisTick> yticks = axisTicks(m.y);
    for (const AxisTick &t : yticks)
        o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#e0e0e0\"/>"
                            "<text class=\"tick y\" x=\"%4\" y=\"%5\" text-anchor=\"end\">%6</text>\n")
                 .arg(px1(left), px1(py(t.value)), px1(left + pw), px1(left - 6),
                      px1(py(t.value) + 4), esc(t.label));
    const QList<AxisTick> xticks = axisTicks(m.x);
    for (const AxisTick &t : xticks)
        o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#e0e0e0\"/>"
                            "<text class=\"tick x\" x=\"%1\" y=\"%4\" text-anchor=\"middle\">%5</text>\n")
                 .arg(px1(px(t.value)), px1(top), px1(top + ph), px1(top + ph + 16), esc(t.label));
    o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" "
                        "stroke=\"#666666\"/>\n")
             .arg(px1(left), px1(top), px1(pw), px1(ph));
    o += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
             .arg(px1(left + pw / 2), px1(top + ph + 34), esc(m.x.title));
    o += QStringLiteral("<text x=\"16\" y=\"%1\" text-anchor=\"middle\" "
                        "transform=\"rotate(-90 16 %1)\">%2</text>\n")
             .arg(px1(top + ph / 2), esc(m.y.title));
    if (m.isEmpty())
        o += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\" fill=\"#888888\">"
                            "no data</text>\n")
                 .arg(px1(left + pw / 2), px1(top + ph / 2));

    auto polyline = [&](const QString &attrs, const QList<QPointF> &pts, const QString &color,
                        LineStyle style, double width, const QString &name) {
        QStringList pix;
        for (const QPointF &p : pts)
            pix << px1(px(p.x())) + QLatin1Char(',') + px1(py(p.y()));
        o += QStringLiteral("<polyline %1 data-points=\"%2\" fill=\"none\" stroke=\"%3\" "
                            "stroke-width=\"%4\"%5 points=\"%6\"><title>%7</title></polyline>\n")
                 .arg(attrs, pointsAttr(pts), esc(color), QString::number(width), dashArray(style),
                      pix.join(QLatin1Char(' ')), esc(name));
        return pix;
    };
    // reference lines (SLO, USL)
    for (const ChartLine &l : m.lines)
        polyline(QStringLiteral("class=\"line %1\" data-name=\"%2\"")
                     .arg(l.role == ChartLine::Role::Usl     ? QStringLiteral("usl")
                          : l.role == ChartLine::Role::Limit ? QStringLiteral("limit")
                          : l.role == ChartLine::Role::StageBoundary ? QStringLiteral("stage")
                                                             : QStringLiteral("slo"),
                          esc(l.name)),
                 l.points, l.color, l.style, l.width, l.name);
    // data curves, a dot at each point
    for (const ChartSeries &s : m.series) {
        const QStringList pix =
            polyline(QStringLiteral("class=\"series\" data-series=\"%1\"").arg(esc(s.name)),
                     s.points, s.color, s.style, s.width, s.name);
        for (const QString &p : pix) {
            const QStringList xy = p.split(QLatin1Char(','));
            o += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"2.5\" fill=\"%3\"/>")
                     .arg(xy[0], xy[1], esc(s.color));
        }
        if (!pix.isEmpty())
            o += QLatin1Char('\n');
    }
    // capacity points
    for (const ChartMarker &mk : m.markers) {
        const double cx = px(mk.at.x()), cy = py(mk.at.y());
        o += QStringLiteral("<path class=\"marker %1\" data-kind=\"%1\" data-kinds=\"%2\" "
                            "data-label=\"%3\" data-x=\"%4\" data-y=\"%5\" d=\"%6\" fill=\"%7\" "
                            "stroke=\"%8\" stroke-width=\"0.8\"><title>%9</title></path>")
                 .arg(esc(mk.kind), esc(mk.kinds.join(QLatin1Char(' '))), esc(mk.label),
                      exact(mk.at.x()), exact(mk.at.y()), markerPath(mk.kind, cx, cy), esc(mk.color),
                      QString::fromLatin1(kMarkerOutline), esc(mk.evidence));
        o += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"11\" fill=\"#222222\">%3</text>\n")
                 .arg(px1(cx + 8), px1(cy - 8), esc(mk.label));
    }
    // legend, below the plot
    double lx = left, ly = top + ph + 54;
    const QList<LegendEntry> legend = m.legend();
    for (const LegendEntry &e : legend) {
        const double itemW = 44 + e.text.size() * 7.0;
        if (lx + itemW > w - right && lx > left) {
            lx = left;
            ly += 16;
        }
        if (e.kind == LegendEntry::Kind::Band) {
            o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"24\" height=\"10\" fill=\"%3\" "
                                "fill-opacity=\"%4\"/>")
                     .arg(px1(lx), px1(ly - 9), esc(e.color), QString::number(kBandOpacity * 1.5));
            if (e.hatched)
                o += bandHatch(e.color)
                     + QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"24\" height=\"10\" "
                                      "fill=\"url(#%3)\"/>")
                           .arg(px1(lx), px1(ly - 9), bandHatchId(e.color));
        } else
            o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" "
                                "stroke-width=\"2\"%5/>")
                     .arg(px1(lx), px1(ly - 4), px1(lx + 24), esc(e.color), dashArray(e.style));
        o += QStringLiteral("<text class=\"legend\" x=\"%1\" y=\"%2\">%3</text>\n")
                 .arg(px1(lx + 30), px1(ly), esc(e.text));
        lx += itemW;
    }
    o += QStringLiteral("</svg>\n");
    return o;
}

} // namespace vw
