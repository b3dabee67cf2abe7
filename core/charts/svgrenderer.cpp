#include "charts/svgrenderer.h"

#include "charts/axisticks.h"
#include "charts/charttype.h"
#include "charts/curvethinning.h"
#include "charts/labelplacement.h"

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
    const ChartTypeScale ts = chartTypeScale(h);
    const double pad = ts.tick * 0.6;

    // y ticks first: the left margin is as wide as their labels (axisticks.h)
    const QList<AxisTick> yticks = axisTicks(m.y);
    double yTickW = 0;
    for (const AxisTick &t : yticks)
        yTickW = std::max(yTickW, estimateTextWidth(t.label, ts.tick));
    // the legend under the plot, in rows (labelplacement.h): every entry whole
    const QList<LegendEntry> legend = m.legend();
    const double swatchW = ts.legend * 2.0, swatchGap = ts.legend * 0.4;
    const double legendRowH = ts.legend * 1.5;
    const double left = pad + ts.axisTitle * 1.4 + yTickW + ts.tick * 0.5;
    const double right = std::max(20.0, ts.tick * 1.5);
    QList<double> itemW;
    for (const LegendEntry &e : legend)
        itemW << swatchW + swatchGap + estimateTextWidth(e.text, ts.legend);
    const LegendLayout ll = layoutLegendRows(itemW, w - left - right, legendRowH, ts.legend * 1.2);

    double top = pad + ts.title;
    const double titleY = top;
    double subtitleY = 0;
    if (!m.subtitle.isEmpty()) {
        top += ts.subtitle * 1.35;
        subtitleY = top;
    }
    QList<double> noteY;
    for (int i = 0; i < m.notes.size(); ++i) {
        top += ts.note * 1.35;
        noteY << top;
    }
    top += ts.tick * 1.2;
    const double bottom = ts.tick * 1.5 + ts.axisTitle * 1.6 + ll.height + pad;
    const double pw = w - left - right, ph = h - top - bottom;

    // the one mapping from data to the plot (chartaxes.h), as the QtCharts renderer thins by
    auto px = [&](double x) { return left + axisFraction(m.x, x) * pw; };
    auto py = [&](double y) { return top + ph - std::clamp(axisFraction(m.y, y), 0.0, 1.02) * ph; };

    QString o;
    o += QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                        "viewBox=\"0 0 %1 %2\" font-family=\"%7\" font-size=\"%8\" "
                        "role=\"img\" class=\"chart\" data-chart=\"%3\" data-title=\"%4\" "
                        "data-subtitle=\"%9\" data-x-title=\"%5\" data-y-title=\"%6\">\n")
             .arg(w)
             .arg(h)
             .arg(chartKindName(m.kind), esc(m.title), esc(m.x.title), esc(m.y.title),
                  QString::fromLatin1(kChartFontFamilyCss), px1(ts.tick), esc(m.subtitle));
    o += QStringLiteral("<title>%1</title>\n").arg(esc(m.title));
    o += QStringLiteral("<rect x=\"0\" y=\"0\" width=\"%1\" height=\"%2\" fill=\"#ffffff\"/>\n")
             .arg(w)
             .arg(h);
    o += QStringLiteral("<text class=\"title\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" "
                        "font-weight=\"bold\" font-size=\"%3\">%4</text>\n")
             .arg(px1(w / 2.0), px1(titleY), px1(ts.title), esc(m.title));
    if (!m.subtitle.isEmpty())
        o += QStringLiteral("<text class=\"subtitle\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" "
                            "font-size=\"%3\" fill=\"#444444\">%4</text>\n")
                 .arg(px1(w / 2.0), px1(subtitleY), px1(ts.subtitle), esc(m.subtitle));
    for (int i = 0; i < m.notes.size(); ++i)
        o += QStringLiteral("<text class=\"note\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" "
                            "font-size=\"%4\" fill=\"#b05000\">%3</text>\n")
                 .arg(px1(w / 2.0), px1(noteY.at(i)), esc(m.notes.at(i)), px1(ts.note));

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
            o += bandHatch(b.color)
                 + QStringLiteral("<rect class=\"band-hatch\" x=\"%1\" y=\"%2\" "
                                  "width=\"%3\" height=\"%4\" fill=\"url(#%5)\">"
                                  "<title>%6</title></rect>\n")
                       .arg(px1(std::min(a, c)), px1(top), px1(std::fabs(c - a)), px1(ph),
                            bandHatchId(b.color), esc(b.description));
    }
    // grid and axes: ticks and their labels from axisTicks() (the QtCharts view uses the same)
    for (const AxisTick &t : yticks)
        o += QStringLiteral(
                 "<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#e0e0e0\"/>"
                 "<text class=\"tick y\" x=\"%4\" y=\"%5\" text-anchor=\"end\">%6</text>\n")
                 .arg(px1(left), px1(py(t.value)), px1(left + pw), px1(left - ts.tick * 0.5),
                      px1(py(t.value) + ts.tick * 0.35), esc(t.label));
    const QList<AxisTick> xticks = axisTicks(m.x);
    for (const AxisTick &t : xticks)
        o += QStringLiteral(
                 "<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#e0e0e0\"/>"
                 "<text class=\"tick x\" x=\"%1\" y=\"%4\" text-anchor=\"middle\">%5</text>\n")
                 .arg(px1(px(t.value)), px1(top), px1(top + ph), px1(top + ph + ts.tick * 1.2),
                      esc(t.label));
    o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" "
                        "stroke=\"#666666\"/>\n")
             .arg(px1(left), px1(top), px1(pw), px1(ph));
    const double xTitleY = top + ph + ts.tick * 1.5 + ts.axisTitle * 1.1;
    o += QStringLiteral("<text class=\"axis-title\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" "
                        "font-size=\"%4\">%3</text>\n")
             .arg(px1(left + pw / 2), px1(xTitleY), esc(m.x.title), px1(ts.axisTitle));
    const double yTitleX = pad + ts.axisTitle;
    o += QStringLiteral("<text class=\"axis-title\" x=\"%3\" y=\"%1\" text-anchor=\"middle\" "
                        "font-size=\"%4\" transform=\"rotate(-90 %3 %1)\">%2</text>\n")
             .arg(px1(top + ph / 2), esc(m.y.title), px1(yTitleX), px1(ts.axisTitle));
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
    // reference lines (SLO, USL, stage boundaries standing apart: drawnLines())
    for (const int li : drawnLines(m, std::max(1, int(pw)))) {
        const ChartLine &l = m.lines.at(li);
        polyline(QStringLiteral("class=\"line %1\" data-name=\"%2\"")
                     .arg(l.role == ChartLine::Role::Usl             ? QStringLiteral("usl")
                          : l.role == ChartLine::Role::Limit         ? QStringLiteral("limit")
                          : l.role == ChartLine::Role::StageBoundary ? QStringLiteral("stage")
                                                                     : QStringLiteral("slo"),
                          esc(l.name)),
                 l.points, l.color, l.style, l.width, l.name);
    }
    // intervals: a light band in the curve's colour (upper bounds, then the lower ones back),
    // its <title> naming the interval; the replicates' figures as faint dots
    for (const ChartSeries &s : m.series) {
        if (s.intervals.size() >= 2) {
            QStringList pix;
            for (const ChartInterval &ci : s.intervals)
                pix << px1(px(ci.x)) + QLatin1Char(',') + px1(py(ci.hi));
            for (auto it = s.intervals.crbegin(); it != s.intervals.crend(); ++it)
                pix << px1(px(it->x)) + QLatin1Char(',') + px1(py(it->lo));
            o += QStringLiteral("<polygon class=\"interval\" data-series=\"%1\" fill=\"%2\" "
                                "fill-opacity=\"0.18\" stroke=\"none\" points=\"%3\">"
                                "<title>%4</title></polygon>\n")
                     .arg(esc(s.name), esc(s.color), pix.join(QLatin1Char(' ')),
                          esc(s.intervalTitle + QStringLiteral(": ") + s.name));
        }
        for (const ChartInterval &ci : s.intervals) // whiskers: also a lone interval shows
            o += QStringLiteral("<line class=\"interval-bar\" x1=\"%1\" x2=\"%1\" y1=\"%2\" "
                                "y2=\"%3\" stroke=\"%4\" stroke-opacity=\"0.6\" "
                                "stroke-width=\"1.2\"><title>%5</title></line>")
                     .arg(px1(px(ci.x)), px1(py(ci.lo)), px1(py(ci.hi)), esc(s.color),
                          esc(s.intervalTitle));
        for (const QPointF &p : s.replicatePoints)
            o += QStringLiteral("<circle class=\"replicate\" cx=\"%1\" cy=\"%2\" r=\"2\" "
                                "fill=\"%3\" fill-opacity=\"0.35\"/>")
                     .arg(px1(px(p.x())), px1(py(p.y())), esc(s.color));
        if (!s.intervals.isEmpty() || !s.replicatePoints.isEmpty())
            o += QLatin1Char('\n');
    }
    // data curves, one polyline per piece (a gap between pieces: ChartSeries::breaks), thinned
    // to the plot's pixel columns when longer (curvethinning.h), a dot at each point while
    // the points stand apart
    const int columns = std::max(1, int(pw));
    const auto columnOf = [&](double x) { return axisColumn(m.x, x, columns); };
    const auto rowOf = [&](double y) { return axisColumn(m.y, y, std::max(1, int(ph))); };
    for (const ChartSeries &s : m.series) {
        QList<QList<QPointF>> pieces = thinForPlot(s.segments(), columns, columnOf, rowOf);
        if (pieces.isEmpty())
            pieces.append(QList<QPointF>()); // the curve is there, without points
        QStringList pix;
        bool dots = true;
        for (int i = 0; i < pieces.size(); ++i) {
            const QList<QPointF> &drawn = pieces.at(i);
            dots = dots && drawsPointDots(drawn.size(), columns);
            pix << polyline(QStringLiteral("class=\"series\" data-series=\"%1\" data-piece=\"%2\"")
                                .arg(esc(s.name))
                                .arg(i),
                            drawn, s.color, s.style, s.width, s.name);
        }
        if (!dots)
            pix.clear();
        for (const QString &p : std::as_const(pix)) {
            const QStringList xy = p.split(QLatin1Char(','));
            o += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"2.5\" fill=\"%3\"/>")
                     .arg(xy[0], xy[1], esc(s.color));
        }
        if (!pix.isEmpty())
            o += QLatin1Char('\n');
    }
    // capacity points; their labels placed without overlaps (labelplacement.h)
    QList<LabelRequest> requests;
    for (const ChartMarker &mk : m.markers)
        requests << LabelRequest{QPointF(px(mk.at.x()), py(mk.at.y())),
                                 QSizeF(estimateTextWidth(mk.label, ts.marker), ts.marker * 1.25)};
    const QRectF plot(left, top, pw, ph);
    QList<QRectF> markerBoxes;
    for (const LabelRequest &r : std::as_const(requests))
        markerBoxes << markerBox(r.anchor);
    const QList<QRectF> boxes = placeLabels(requests, plot, 8, 2, markerBoxes);
    for (int i = 0; i < m.markers.size(); ++i) {
        const ChartMarker &mk = m.markers.at(i);
        const double cx = requests.at(i).anchor.x(), cy = requests.at(i).anchor.y();
        o += QStringLiteral("<path class=\"marker %1\" data-kind=\"%1\" data-kinds=\"%2\" "
                            "data-label=\"%3\" data-x=\"%4\" data-y=\"%5\" d=\"%6\" fill=\"%7\" "
                            "stroke=\"%8\" stroke-width=\"0.8\"><title>%9</title></path>")
                 .arg(esc(mk.kind), esc(mk.kinds.join(QLatin1Char(' '))), esc(mk.label),
                      exact(mk.at.x()), exact(mk.at.y()), markerPath(mk.kind, cx, cy),
                      esc(mk.color), QString::fromLatin1(kMarkerOutline), esc(mk.evidence));
        const QRectF &b = boxes.at(i);
        if (labelNeedsLeader(requests.at(i), b, plot)) {
            const double lx = std::clamp(cx, b.left(), b.right());
            const double ly = cy < b.top() ? b.top() : b.bottom();
            o += QStringLiteral("<line class=\"leader\" x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\" "
                                "stroke=\"%5\" stroke-width=\"1\"/>")
                     .arg(px1(cx), px1(cy), px1(lx), px1(ly), esc(mk.color));
        }
        o += QStringLiteral("<text class=\"marker-label\" x=\"%1\" y=\"%2\" font-size=\"%4\" "
                            "fill=\"#222222\">%3</text>\n")
                 .arg(px1(b.left()), px1(b.bottom() - ts.marker * 0.3), esc(mk.label),
                      px1(ts.marker));
    }
    // legend, below the plot
    const double legendTop = h - pad - ll.height;
    for (int i = 0; i < legend.size(); ++i) {
        const LegendEntry &e = legend.at(i);
        const double lx = left + ll.origins.at(i).x();
        const double mid = legendTop + ll.origins.at(i).y() + legendRowH / 2;
        if (e.kind == LegendEntry::Kind::Band) {
            o += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%5\" height=\"%6\" fill=\"%3\" "
                                "fill-opacity=\"%4\"/>")
                     .arg(px1(lx), px1(mid - ts.legend * 0.35), esc(e.color),
                          QString::number(kBandOpacity * 1.5), px1(swatchW), px1(ts.legend * 0.7));
            if (e.hatched)
                o += bandHatch(e.color)
                     + QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" "
                                      "fill=\"url(#%5)\"/>")
                           .arg(px1(lx), px1(mid - ts.legend * 0.35), px1(swatchW),
                                px1(ts.legend * 0.7), bandHatchId(e.color));
        } else
            o += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" "
                                "stroke-width=\"2\"%5/>")
                     .arg(px1(lx), px1(mid), px1(lx + swatchW), esc(e.color), dashArray(e.style));
        o += QStringLiteral("<text class=\"legend\" x=\"%1\" y=\"%2\" font-size=\"%4\">%3</text>\n")
                 .arg(px1(lx + swatchW + swatchGap), px1(mid + ts.legend * 0.35), esc(e.text),
                      px1(ts.legend));
    }
    o += QStringLiteral("</svg>\n");
    return o;
}

} // namespace vw
