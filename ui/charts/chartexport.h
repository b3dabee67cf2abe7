// Export of a chart to PNG (pixel size and DPI chosen), SVG (QSvgGenerator) or PDF
// (QPdfWriter, one page the size of the chart). The chart is laid out at width x height
// device pixels / (dpi / 96) logical pixels, so text keeps its physical size at any DPI.
// GUI thread only (QChart), but for renderedChartImage() and writeRenderedChart(); needs a
// QGuiApplication (offscreen is fine). Each format is
// rendered into memory and written with writeFileAtomically() (util/atomicfile.h). An SVG's <desc> holds the
// chart's data as drawn, JSON in the shape of chartData() (core/charts/chartmodel.h).
// Text is sized for the picture (core/charts/charttype.h via chartoverlay.h): at 1920x1080 a
// tick label is 20 px and the title 36 px, whatever the dpi. SVG text names its font as
// "DejaVu Sans, sans-serif" (a generic family, so a browser without DejaVu stays sans-serif).
#pragma once

#include <QByteArray>
#include <QImage>
#include <QJsonObject>
#include <QPicture>
#include <QSize>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace vw {

enum class ChartFormat { Png, Svg, Pdf };

/// "png", "svg", "pdf" (case-insensitive) -> format; false for anything else.
bool chartFormatFromName(const QString &name, ChartFormat *out);

/// The named sizes a chart is exported at: "slide" (16:9, 1920x1080 px, for a deck), "a4" and
/// "letter" (landscape pages at the chosen dpi: 297x210 mm, 11x8.5 in).
QStringList chartSizePresetNames();
/// "slide", "a4", "letter" or "WxH" (pixels, e.g. "1600x1000") -> device pixels at `dpi`;
/// false for anything else. *page is set to "a4"/"letter" for a page preset, else cleared.
bool chartSizeFromName(const QString &name, int dpi, QSize *out, QString *page = nullptr);

struct ChartExportOptions {
    ChartFormat format = ChartFormat::Png;
    QSize size{1600, 1000}; ///< device pixels (PNG image size; SVG size; PDF page at dpi)
    int dpi = 144; ///< dots per inch, 72..1200
    /// "a4" or "letter": a PDF gets exactly that page (landscape); empty: a page of `size`.
    QString page;
};

/// A chart rendered for export, in memory: the chart's scene recorded as paint commands (a
/// QPicture, at the output's device pixels: the image, the SVG's size, the PDF page at the
/// dpi), played into the image, the SVG generator or the PDF page by writeRenderedChart() on
/// any thread, so a long session's curves are painted off the GUI thread for every format
/// (docs/performance.md, "Exports off the GUI thread"). Implicitly shared Qt values: safe to
/// hand to another thread.
struct RenderedChart {
    ChartFormat format = ChartFormat::Png;
    ChartExportOptions options; ///< size, dpi and page it was recorded for
    QString title; ///< the chart's title (the PDF's and the SVG's <title>)
    QPicture picture; ///< what to paint, in device pixels of options.size / the page
    QJsonObject data; ///< SVG: the chart's data as drawn (drawnChartData()), its <desc>
};

/// The GUI-thread part of an export: lays `chart` out for the export and records its scene
/// (QtCharts lives on the GUI thread), as exportChart() would. false
/// with *error for out-of-range options. The chart's geometry is restored afterwards.
bool renderChartForExport(QChart *chart, const ChartExportOptions &options, RenderedChart *out,
                          QString *error);
/// A PNG's picture painted at its size and dpi (white behind), on any thread; a null image
/// for another format.
QImage renderedChartImage(const RenderedChart &rendered);
/// The rest, on any thread (ui/exportwriter.h runs it off the GUI thread): plays the picture
/// into the image, the SVG generator or the PDF page, encodes the PNG, finishes the SVG (font
/// families, pixel size), and writes
/// the file atomically and durably (util/atomicfile.h). false with *error ("cannot write
/// PATH: ...").
bool writeRenderedChart(const RenderedChart &rendered, const QString &path, QString *error);

/// Renders `chart` (its scene) to `path`: renderChartForExport() then writeRenderedChart(). The chart's geometry is restored afterwards.
/// Returns false with *error set (may be null) when the options are out of range or the
/// file cannot be written ("cannot write PATH: No space left on device"). Rendered in memory,
/// then written atomically and durably (util/atomicfile.h): a failed export leaves no file.
bool exportChart(QChart *chart, const QString &path, const ChartExportOptions &options,
                 QString *error);

} // namespace vw
