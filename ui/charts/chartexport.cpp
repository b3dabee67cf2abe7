#include "charts/chartexport.h"

#include "charts/chartoverlay.h"
#include "charts/qtchartrenderer.h"
#include "charts/charttype.h"

#include "util/atomicfile.h"

#include <QBuffer>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QImageWriter>
#include <QJsonDocument>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QRegularExpression>
#include <QPdfWriter>
#include <QPicture>
#include <QSvgGenerator>

namespace vw {

namespace {

/// Lays the chart out at `logical` with text sized for a picture `deviceHeight` px tall,
/// renders it into `painter` over `target`, restores it.
void renderChart(QChart *chart, QPainter *painter, const QRectF &target, const QSizeF &logical,
                 double deviceHeight)
{
    const QRectF old = chart->geometry();
    ChartOverlay *overlay = ChartOverlay::of(chart);
    auto layOut = [&] {
        if (chart->layout())
            chart->layout()->activate();
        if (overlay)
            overlay->relayout();
        if (chart->layout())
            chart->layout()->activate();
    };
    chart->setGeometry(QRectF(QPointF(0, 0), logical));
    if (overlay)
        overlay->setOutputScale(deviceHeight, deviceHeight / logical.height());
    layOut();
    QGraphicsScene *scene = chart->scene();
    const QRectF source = chart->mapRectToScene(QRectF(QPointF(0, 0), logical));
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    if (scene)
        scene->render(painter, target, source, Qt::IgnoreAspectRatio);
    chart->setGeometry(old);
    if (overlay)
        overlay->setOutputScale(0, 1);
    layOut();
}

/// QSvgGenerator writes the QFont's family alone ("DejaVu Sans"): add the generic family so a
/// browser without that font falls back to a sans-serif, never to its default serif. It also
/// writes the size in mm at the dpi: give it in pixels, so a 1920x1080 slide is 1920 px wide
/// in a browser or a deck (the viewBox already is the pixel size).
/// Done on the UTF-8 bytes, without a UTF-16 copy of the document: an SVG of 120,000 stages is
/// about 40 MB, which as QStrings (two bytes a character, and a copy per pass) took four times
/// that (issue 23; docs/performance.md, "Reading large sessions").
QByteArray fixSvgForBrowsers(const QByteArray &bytes, QSize size)
{
    static const QByteArray attribute("font-family=\"");
    QByteArray out;
    out.reserve(bytes.size() + 4096);
    qsizetype last = 0;
    for (qsizetype at = bytes.indexOf(attribute); at >= 0; at = bytes.indexOf(attribute, last)) {
        const qsizetype from = at + attribute.size();
        const qsizetype to = bytes.indexOf('"', from);
        if (to < 0)
            break;
        out += QByteArrayView(bytes).sliced(last, at - last);
        QString fam = QString::fromUtf8(QByteArrayView(bytes).sliced(from, to - from)).trimmed();
        if (fam.isEmpty() || fam.contains(QLatin1String("Sans Serif"), Qt::CaseInsensitive))
            fam = QString::fromLatin1(kChartFontFamily);
        if (!fam.contains(QLatin1String("sans-serif")))
            fam += QStringLiteral(", sans-serif");
        out += attribute + fam.toUtf8() + '"';
        last = to + 1;
    }
    out += QByteArrayView(bytes).sliced(last);
    // The size in mm, on the <svg> element only (its start tag, a few hundred bytes).
    const qsizetype svgAt = out.indexOf("<svg ");
    const qsizetype svgEnd = svgAt < 0 ? -1 : out.indexOf('>', svgAt);
    if (svgEnd > svgAt) {
        static const QRegularExpression mmSize(
            QStringLiteral("<svg width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
        QString tag = QString::fromUtf8(QByteArrayView(out).sliced(svgAt, svgEnd - svgAt));
        tag.replace(
            mmSize,
            QStringLiteral("<svg width=\"%1\" height=\"%2\"").arg(size.width()).arg(size.height()));
        out.replace(svgAt, svgEnd - svgAt, tag.toUtf8());
    }
    return out;
}

/// Plays `picture` (recorded in device pixels) on `painter`'s device as it was recorded: a
/// QPicture is scaled by its resolution over the device's when played, which the recording
/// already is in (device pixels at the export's dpi).
void playPicture(QPainter *painter, const QPicture &picture)
{
    const QPaintDevice *device = painter->device();
    painter->save();
    painter->scale(double(picture.logicalDpiX()) / device->logicalDpiX(),
                   double(picture.logicalDpiY()) / device->logicalDpiY());
    painter->drawPicture(0, 0, picture);
    painter->restore();
}

/// `w` set up for a chart exported with `o`: resolution, title, one page (A4 / Letter
/// landscape, or the chart's size in points), no margins.
void setUpPdfWriter(QPdfWriter *w, const ChartExportOptions &o, const QString &title)
{
    w->setResolution(o.dpi);
    w->setTitle(title);
    w->setCreator(QStringLiteral("vault-workbench"));
    const QSizeF points(o.size.width() * 72.0 / o.dpi, o.size.height() * 72.0 / o.dpi);
    if (o.page == QLatin1String("a4") || o.page == QLatin1String("letter"))
        w->setPageLayout(QPageLayout(
            QPageSize(o.page == QLatin1String("a4") ? QPageSize::A4 : QPageSize::Letter),
            QPageLayout::Landscape, QMarginsF(0, 0, 0, 0)));
    else
        w->setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point), QPageLayout::Portrait,
                                     QMarginsF(0, 0, 0, 0)));
}

} // namespace

QStringList chartSizePresetNames()
{
    return {QStringLiteral("slide"), QStringLiteral("a4"), QStringLiteral("letter")};
}

bool chartSizeFromName(const QString &name, int dpi, QSize *out, QString *page)
{
    const QString n = name.trimmed().toLower();
    if (page)
        page->clear();
    if (n == QLatin1String("slide")) {
        *out = QSize(1920, 1080);
        return true;
    }
    if (n == QLatin1String("a4") || n == QLatin1String("letter")) {
        const QSizeF inches =
            n == QLatin1String("a4") ? QSizeF(297 / 25.4, 210 / 25.4) : QSizeF(11, 8.5);
        *out = QSize(qRound(inches.width() * dpi), qRound(inches.height() * dpi));
        if (page)
            *page = n;
        return true;
    }
    // the range is checked on export ("size must be 16..20000 pixels each way")
    static const QRegularExpression wxh(QStringLiteral("^(\\d{1,9})x(\\d{1,9})$"));
    const QRegularExpressionMatch mt = wxh.match(n);
    if (!mt.hasMatch())
        return false;
    *out = QSize(mt.captured(1).toInt(), mt.captured(2).toInt());
    return true;
}

bool chartFormatFromName(const QString &name, ChartFormat *out)
{
    const QString n = name.toLower();
    if (n == QLatin1String("png"))
        *out = ChartFormat::Png;
    else if (n == QLatin1String("svg"))
        *out = ChartFormat::Svg;
    else if (n == QLatin1String("pdf"))
        *out = ChartFormat::Pdf;
    else
        return false;
    return true;
}

bool renderChartForExport(QChart *chart, const ChartExportOptions &o, RenderedChart *out,
                          QString *error)
{
    auto fail = [error](const QString &e) {
        if (error)
            *error = e;
        return false;
    };
    if (!chart || !chart->scene())
        return fail(QStringLiteral("no chart to export"));
    if (o.size.width() < 16 || o.size.height() < 16 || o.size.width() > 20000
        || o.size.height() > 20000)
        return fail(QStringLiteral("size must be 16..20000 pixels each way"));
    if (o.dpi < 72 || o.dpi > 1200)
        return fail(QStringLiteral("dpi must be 72..1200"));
    const double scale = o.dpi / 96.0;
    const QSizeF logical(o.size.width() / scale, o.size.height() / scale);
    const QRectF target(QPointF(0, 0), QSizeF(o.size));

    *out = RenderedChart();
    out->format = o.format;
    out->options = o;
    out->title = chart->property("vwTitle").toString();
    const QString path = QStringLiteral("the chart");
    // Every format is recorded the same way, here on the GUI thread: the scene's paint
    // commands into a QPicture at the output's device pixels. writeRenderedChart() plays it
    // into the image, the SVG generator or the PDF page on any thread.
    QSizeF device(o.size);
    if (o.format == ChartFormat::Pdf) {
        // the page in device pixels at dpi (its writer's), the chart laid out at that /
        // (dpi / 96)
        QBuffer buf;
        buf.open(QIODevice::WriteOnly);
        QPdfWriter w(&buf);
        setUpPdfWriter(&w, o, out->title);
        device = QSizeF(w.width(), w.height());
    } else if (o.format == ChartFormat::Svg) {
        // the chart's data as drawn (qtchartrenderer.h, drawnChartData): tools and tests read
        // the points, markers and bands back from the SVG's <desc> instead of from pixels
        out->data = drawnChartData(chart);
    }
    QPainter p(&out->picture);
    renderChart(chart, &p, QRectF(QPointF(0, 0), device), device / scale, device.height());
    return true;
}
QImage renderedChartImage(const RenderedChart &r)
{
    if (r.format != ChartFormat::Png)
        return QImage();
    QImage img(r.options.size, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    const int dpm = qRound(r.options.dpi / 0.0254);
    img.setDotsPerMeterX(dpm);
    img.setDotsPerMeterY(dpm);
    QPainter p(&img);
    playPicture(&p, r.picture);
    p.end();
    return img;
}

bool writeRenderedChart(const RenderedChart &r, const QString &path, QString *error)
{
    switch (r.format) {
    case ChartFormat::Png: {
        QBuffer buf;
        buf.open(QIODevice::WriteOnly);
        QImageWriter w(&buf, "png");
        if (!w.write(renderedChartImage(r))) {
            if (error)
                *error = QStringLiteral("cannot write %1: %2").arg(path, w.errorString());
            return false;
        }
        return writeFileAtomically(path, buf.data(), error);
    }
    case ChartFormat::Svg: {
        QBuffer buf;
        buf.open(QIODevice::WriteOnly);
        {
            QSvgGenerator gen;
            gen.setOutputDevice(&buf);
            gen.setSize(r.options.size);
            gen.setViewBox(QRect(QPoint(0, 0), r.options.size));
            gen.setResolution(r.options.dpi);
            // QSvgGenerator writes both as they are: escape them for XML
            gen.setTitle(r.title.toHtmlEscaped());
            gen.setDescription(
                QString::fromUtf8(QJsonDocument(r.data).toJson(QJsonDocument::Compact))
                    .toHtmlEscaped());
            QPainter p;
            if (!p.begin(&gen)) {
                if (error)
                    *error = QStringLiteral("cannot write %1").arg(path);
                return false;
            }
            playPicture(&p, r.picture);
        }
        return writeFileAtomically(path, fixSvgForBrowsers(buf.data(), r.options.size), error);
    }
    case ChartFormat::Pdf: {
        QBuffer buf;
        buf.open(QIODevice::WriteOnly);
        {
            QPdfWriter w(&buf);
            setUpPdfWriter(&w, r.options, r.title);
            QPainter p;
            if (!p.begin(&w)) {
                if (error)
                    *error = QStringLiteral("cannot write %1").arg(path);
                return false;
            }
            playPicture(&p, r.picture);
        }
        return writeFileAtomically(path, buf.data(), error);
    }
    }
    if (error)
        *error = QStringLiteral("unknown format");
    return false;
}

bool exportChart(QChart *chart, const QString &path, const ChartExportOptions &o, QString *error)
{
    RenderedChart r;
    return renderChartForExport(chart, o, &r, error) && writeRenderedChart(r, path, error);
}

} // namespace vw
