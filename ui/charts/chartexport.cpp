#include "charts/chartexport.h"

#include "charts/qtchartrenderer.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QImageWriter>
#include <QJsonDocument>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace vw {

namespace {

/// Lays the chart out at `logical`, renders it into `painter` over `target`, restores it.
void renderChart(QChart *chart, QPainter *painter, const QRectF &target, const QSizeF &logical)
{
    const QRectF old = chart->geometry();
    chart->setGeometry(QRectF(QPointF(0, 0), logical));
    if (chart->layout())
        chart->layout()->activate();
    QGraphicsScene *scene = chart->scene();
    const QRectF source = chart->mapRectToScene(QRectF(QPointF(0, 0), logical));
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    if (scene)
        scene->render(painter, target, source, Qt::IgnoreAspectRatio);
    chart->setGeometry(old);
    if (chart->layout())
        chart->layout()->activate();
}

} // namespace

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

bool exportChart(QChart *chart, const QString &path, const ChartExportOptions &o, QString *error)
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

    switch (o.format) {
    case ChartFormat::Png: {
        QImage img(o.size, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        const int dpm = qRound(o.dpi / 0.0254);
        img.setDotsPerMeterX(dpm);
        img.setDotsPerMeterY(dpm);
        {
            QPainter p(&img);
            renderChart(chart, &p, target, logical);
        }
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return fail(QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
        QImageWriter w(&f, "png");
        if (!w.write(img))
            return fail(QStringLiteral("cannot write %1: %2").arg(path, w.errorString()));
        if (!f.commit())
            return fail(QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
        return true;
    }
    case ChartFormat::Svg: {
        QSvgGenerator gen;
        gen.setFileName(path);
        gen.setSize(o.size);
        gen.setViewBox(QRect(QPoint(0, 0), o.size));
        gen.setResolution(o.dpi);
        // QSvgGenerator writes both as they are: escape them for XML
        gen.setTitle(chart->property("vwTitle").toString().toHtmlEscaped());
        // the chart's data as drawn (qtchartrenderer.h, drawnChartData): tools and tests read
        // the points, markers and bands back from here instead of from pixels
        gen.setDescription(QString::fromUtf8(QJsonDocument(drawnChartData(chart))
                                                 .toJson(QJsonDocument::Compact))
                               .toHtmlEscaped());
        QPainter p;
        if (!p.begin(&gen))
            return fail(QStringLiteral("cannot write %1").arg(path));
        renderChart(chart, &p, target, logical);
        p.end();
        return true;
    }
    case ChartFormat::Pdf: {
        QPdfWriter w(path);
        w.setResolution(o.dpi);
        w.setTitle(chart->property("vwTitle").toString());
        w.setCreator(QStringLiteral("vault-workbench"));
        const QSizeF points(o.size.width() * 72.0 / o.dpi, o.size.height() * 72.0 / o.dpi);
        w.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point), QPageLayout::Portrait,
                                    QMarginsF(0, 0, 0, 0)));
        QPainter p;
        if (!p.begin(&w))
            return fail(QStringLiteral("cannot write %1").arg(path));
        renderChart(chart, &p, QRectF(QPointF(0, 0), QSizeF(w.width(), w.height())), logical);
        p.end();
        return true;
    }
    }
    return fail(QStringLiteral("unknown format"));
}

} // namespace vw
