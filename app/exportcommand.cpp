#include "exportcommand.h"

#include "cli.h"
#include "commandline.h"
#include "report/hdrlog.h"
#include "session/sessionio.h"
#include "util/atomicfile.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <cstring>

#ifdef VW_HAVE_GUI
#include "charts/chartexport.h"
#include "charts/stagecurvechart.h"
#endif

namespace vw::cli {

bool isExportCommand(int argc, char **argv)
{
    return argc >= 2 && std::strcmp(argv[1], "export") == 0;
}

void prepareExportPlatform()
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

CommandHelp exportHelp()
{
    return {
        QStringLiteral("export"),
        QStringLiteral(
            "  vault-workbench export SESSION... --chart latency|throughput|errors|time|\n"
            "                  time-throughput|server-memory|server-cpu|server-latency|\n"
            "                  time-server-memory|time-server-cpu|time-server-latency|\n"
            "                  time-errors [--log-y]\n"
            "                  [--format png|svg|pdf] --out FILE [--width 1600 --height 1000 --dpi "
            "144]\n"
            "                  [--size slide|a4|letter|WxH]\n"
            "  vault-workbench export SESSION --format hlog --out FILE.hlog\n"),
        QStringLiteral(
            "export: draws a chart of saved sessions (the first is the main one, the others\n"
            "overlaid) with the knee, saturation and failure markers, the USL fit, the SLO line\n"
            "and client-bound stages shaded, and writes it as PNG, SVG or PDF (--format, default\n"
            "from the --out suffix). --width/--height in pixels, --dpi for the PNG/PDF\n"
            "resolution; or --size slide (16:9, 1920x1080), a4 or letter (landscape pages at\n"
            "--dpi) or WxH. Text is sized for the picture: at slide size tick labels are 20 px,\n"
            "the title 36 px. --log-y draws latency on a log10 axis (ticks at 1, 2, 5 x 10^k).\n"
            "time and time-throughput: latency (p50, p99) and successes per second over time of\n"
            "every session, with the stage boundaries; time-errors: errors per second by class\n"
            "(connection, timeout, 5xx, 429, ...). Runs without a display (offscreen).\n"
            "--format hlog writes one session's latency histograms as an HdrHistogram interval\n"
            "log instead (tag = operation/stage-N; HistogramLogProcessor and the hdrhistogram\n"
            "Python package read it; docs/session-format.md).\n")};
}

namespace {

// --format hlog: one session's histograms as an HdrHistogram interval log (report/hdrlog.h).
// Unused in the headless executable, which hands export to vault-workbench-gui (main.cpp).
[[maybe_unused]] int exportHdrLog(const QStringList &files, const QString &out)
{
    if (files.size() != 1) {
        printErr(QStringLiteral("vault-workbench export: --format hlog takes one session (%1 "
                                "given)\n")
                     .arg(files.size()));
        return ExitUsage;
    }
    QString error;
    const std::optional<Session> s = readSession(files.first(), &error);
    if (!s) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    if (!writeFileAtomically(out, hdrIntervalLog(*s), &error)) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    printOut(out + QLatin1Char('\n'));
    return ExitOk;
}

} // namespace

int exportCommand(const QStringList &args)
{
#ifndef VW_HAVE_GUI
    Q_UNUSED(args);
    printErr(QStringLiteral("vault-workbench export: built without charts (VW_BUILD_GUI=OFF)\n"));
    return ExitUsage;
#else
    CommandLine cl(exportHelp());
    const QCommandLineOption chartOpt(
        QStringLiteral("chart"), QStringLiteral("latency, throughput, errors or a server chart"),
        QStringLiteral("C"), QStringLiteral("latency"));
    const QCommandLineOption formatOpt(
        QStringLiteral("format"),
        QStringLiteral("png, svg, pdf or hlog (HdrHistogram interval log)"), QStringLiteral("F"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("file to write"),
                                    QStringLiteral("FILE"));
    const QCommandLineOption widthOpt(QStringLiteral("width"), QStringLiteral("pixels"),
                                      QStringLiteral("N"), QStringLiteral("1600"));
    const QCommandLineOption heightOpt(QStringLiteral("height"), QStringLiteral("pixels"),
                                       QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption sizeOpt(QStringLiteral("size"),
                                     QStringLiteral("slide (1920x1080), a4, letter (landscape "
                                                    "pages at --dpi) or WxH pixels; instead of "
                                                    "--width/--height"),
                                     QStringLiteral("SIZE"));
    const QCommandLineOption dpiOpt(QStringLiteral("dpi"), QStringLiteral("dots per inch"),
                                    QStringLiteral("N"), QStringLiteral("144"));
    const QCommandLineOption logYOpt(QStringLiteral("log-y"),
                                     QStringLiteral("latency charts on a log10 axis"));
    cl.addOptions({chartOpt, formatOpt, outOpt, widthOpt, heightOpt, sizeOpt, dpiOpt, logYOpt});
    const QString expected = QStringLiteral("SESSION... and --out FILE");
    if (const std::optional<int> done = cl.parse(args, 1, -1, expected))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList files = cl.positional();
    if (!p.isSet(outOpt))
        return cl.usageError(QStringLiteral("expected ") + expected);
    const QString out = p.value(outOpt);
    ChartExportOptions o;
    const QString fmt = p.isSet(formatOpt) ? p.value(formatOpt) : QFileInfo(out).suffix();
    if (fmt == QLatin1String("hlog"))
        return exportHdrLog(files, out);
    if (!chartFormatFromName(fmt, &o.format)) {
        printErr(QStringLiteral(
                     "vault-workbench export: unknown --format \"%1\" (png, svg, pdf or hlog)\n")
                     .arg(fmt));
        return ExitUsage;
    }
    const QString chartName = p.value(chartOpt);
    ChartKind kind;
    if (!chartKindFromName(chartName, &kind)) {
        printErr(QStringLiteral("vault-workbench export: unknown --chart \"%1\" "
                                "(latency, throughput, errors, time, time-throughput, "
                                "server-memory, server-cpu, server-latency, time-server-memory, "
                                "time-server-cpu, time-server-latency or time-errors)\n")
                     .arg(chartName));
        return ExitUsage;
    }
    bool okW = false, okH = false, okD = false;
    o.size = QSize(p.value(widthOpt).toInt(&okW), p.value(heightOpt).toInt(&okH));
    o.dpi = p.value(dpiOpt).toInt(&okD);
    if (!okW || !okH || !okD) {
        printErr(QStringLiteral("vault-workbench export: --width, --height and --dpi take whole "
                                "numbers\n"));
        return ExitUsage;
    }
    if (p.isSet(sizeOpt)) {
        if (p.isSet(widthOpt) || p.isSet(heightOpt)) {
            printErr(QStringLiteral("vault-workbench export: --size replaces --width and "
                                    "--height; give one or the other\n"));
            return ExitUsage;
        }
        if (!chartSizeFromName(p.value(sizeOpt), o.dpi, &o.size, &o.page)) {
            printErr(QStringLiteral("vault-workbench export: unknown --size \"%1\" (slide, a4, "
                                    "letter or WxH, e.g. 1600x1000)\n")
                         .arg(p.value(sizeOpt)));
            return ExitUsage;
        }
    }
    QList<CurveSource> sources;
    QStringList used;
    for (const QString &f : files) {
        QString error;
        const std::optional<Session> s = readSession(f, &error);
        if (!s) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitUsage;
        }
        const QString base = s->label.isEmpty() ? s->profileName : s->label;
        QString label = base;
        for (int n = 2; used.contains(label); ++n)
            label = QStringLiteral("%1 (%2)").arg(base).arg(n);
        used << label;
        sources << curveSourceFromSession(*s, label);
        addIntervals(&sources.last(), *s); // the curves' 95% bands (issue 18)
    }
    StageCurveChart chart(kind); // the chart model drawn by QtCharts (qtchartrenderer.h)
    chart.setLogY(p.isSet(logYOpt));
    chart.setSources(sources);
    QString error;
    if (!exportChart(chart.chart(), out, o, &error)) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    printOut(out + QLatin1Char('\n'));
    return ExitOk;
#endif
}

} // namespace vw::cli
