#include "chartexportdialog.h"

#include "charts/chartexport.h"
#include "charts/chartoverlay.h"
#include "charts/chartstyle.h"
#include "charts/stagecurvechart.h"
#include "charts/timeserieschart.h"
#include "comparisonview.h"
#include "exportfolder.h"
#include "exportwriter.h"
#include "resultspage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

namespace vw {

ChartExportDialog::ChartExportDialog(ResultsPage *page, ExportWriter *writer, QWidget *parent)
    : QDialog(parent)
    , m_page(page)
    , m_writer(writer)
{
    setWindowTitle(tr("Export chart"));
    m_chart = new QComboBox(this);
    m_chart->setObjectName(QStringLiteral("exportChartCombo"));
    m_chart->addItem(tr("Latency vs load"), chartKindName(ChartKind::LatencyVsLoad));
    m_chart->addItem(tr("Throughput vs load"), chartKindName(ChartKind::ThroughputVsLoad));
    m_chart->addItem(tr("Error ratio vs load"), chartKindName(ChartKind::ErrorRatioVsLoad));
    m_chart->addItem(tr("Latency over time"), chartKindName(ChartKind::LatencyOverTime));
    m_chart->addItem(tr("Throughput over time"), chartKindName(ChartKind::ThroughputOverTime));
    m_chart->addItem(tr("Errors over time"), chartKindName(ChartKind::ErrorsOverTime));
    m_chart->addItem(tr("Server memory vs load"), chartKindName(ChartKind::ServerMemoryVsLoad));
    m_chart->addItem(tr("Server CPU vs load"), chartKindName(ChartKind::ServerCpuVsLoad));
    m_chart->addItem(tr("Server-side vs client latency"),
                     chartKindName(ChartKind::ServerLatencyVsLoad));
    m_chart->addItem(tr("Server memory over time"), chartKindName(ChartKind::ServerMemoryOverTime));
    m_chart->addItem(tr("Server CPU over time"), chartKindName(ChartKind::ServerCpuOverTime));
    m_chart->addItem(tr("Server-side vs client latency over time"),
                     chartKindName(ChartKind::ServerLatencyOverTime));
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("exportFormatCombo"));
    m_format->addItem(QStringLiteral("PNG"), QStringLiteral("png"));
    m_format->addItem(QStringLiteral("SVG"), QStringLiteral("svg"));
    m_format->addItem(QStringLiteral("PDF"), QStringLiteral("pdf"));
    auto spin = [this](int lo, int hi, int value, const QString &suffix) {
        auto *s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(value);
        s->setSuffix(suffix);
        return s;
    };
    m_width = spin(16, 20000, 1920, tr(" px"));
    m_height = spin(16, 20000, 1080, tr(" px"));
    m_dpi = spin(72, 1200, 144, tr(" dpi"));
    m_logY = new QCheckBox(tr("logarithmic latency axis"), this);
    m_logY->setObjectName(QStringLiteral("exportLogYCheck"));
    m_logY->setChecked(page->latencyChart()->logY());
    m_size = new QComboBox(this);
    m_size->setObjectName(QStringLiteral("exportSizeCombo"));
    m_size->addItem(tr("Slide 16:9 (1920 × 1080)"), QStringLiteral("slide"));
    m_size->addItem(tr("A4 landscape"), QStringLiteral("a4"));
    m_size->addItem(tr("Letter landscape"), QStringLiteral("letter"));
    m_size->addItem(tr("Custom"), QString());
    connect(m_size, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &ChartExportDialog::applySizePreset);
    connect(m_dpi, qOverload<int>(&QSpinBox::valueChanged), this,
            &ChartExportDialog::applySizePreset); // a page's pixels follow the dpi
    for (QSpinBox *sb : {m_width, m_height})
        connect(sb, qOverload<int>(&QSpinBox::valueChanged), this, [this] {
            if (!m_applyingPreset)
                m_size->setCurrentIndex(m_size->findData(QString()));
        });
    // in the folder of the last export (ui/exportfolder.h)
    m_path = new QLineEdit(suggestedExportPath(QStringLiteral("chart.png")), this);
    m_path->setObjectName(QStringLiteral("exportPathEdit"));
    auto *browseBtn = new QPushButton(tr("Browse…"), this);
    connect(browseBtn, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(m_format, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &ChartExportDialog::syncSuffix);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseBtn);

    auto *form = new QFormLayout;
    form->addRow(tr("Chart:"), m_chart);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Size:"), m_size);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Resolution:"), m_dpi);
    form->addRow(QString(), m_logY);
    form->addRow(tr("File:"), pathRow);
    // the exported chart's look, whatever the window shows (ui/theme/charttheme.h)
    auto *theme = new QComboBox(this);
    theme->setObjectName(QStringLiteral("exportThemeCombo"));
    theme->addItem(tr("Light"), false);
    theme->addItem(tr("Dark"), true);
    form->addRow(tr("Theme:"), theme);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (exportNow())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(buttons);
}

QChart *ChartExportDialog::selectedChart(ChartModel *model) const
{
    ChartKind kind = ChartKind::LatencyOverTime;
    chartKindFromName(m_chart->currentData().toString(), &kind);
    auto pick = [model](const auto *widget) {
        *model = widget->model();
        return widget->chart();
    };
    switch (kind) {
    case ChartKind::LatencyVsLoad:
        return pick(m_page->latencyChart());
    case ChartKind::ThroughputVsLoad:
        return pick(m_page->throughputChart());
    case ChartKind::ErrorRatioVsLoad:
        return pick(m_page->errorChart());
    case ChartKind::ThroughputOverTime:
        return pick(m_page->timeThroughputChart());
    case ChartKind::ErrorsOverTime:
        return pick(m_page->timeErrorsChart());
    case ChartKind::LatencyOverTime:
        break;
    case ChartKind::ServerMemoryVsLoad:
    case ChartKind::ServerCpuVsLoad:
    case ChartKind::ServerLatencyVsLoad:
    case ChartKind::ServerMemoryOverTime:
    case ChartKind::ServerCpuOverTime:
    case ChartKind::ServerLatencyOverTime:
        return pick(m_page->serverChart(kind));
    }
    return pick(m_page->timeChart());
}

QStringList ChartExportDialog::exportWarnings() const
{
    QStringList notes;
    const ComparisonView *c = m_page->comparisonView();
    if (!c->isActive())
        return notes;
    const QString text = c->warningText();
    if (!text.isEmpty())
        for (const QString &w : text.split(QLatin1Char('\n')))
            notes << tr("Not directly comparable: %1").arg(w);
    return notes;
}

void ChartExportDialog::applySizePreset()
{
    QSize size;
    if (!chartSizeFromName(m_size->currentData().toString(), m_dpi->value(), &size))
        return; // custom: the spin boxes as they are
    m_applyingPreset = true;
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_applyingPreset = false;
}

void ChartExportDialog::syncSuffix()
{
    QFileInfo fi(m_path->text());
    if (fi.fileName().isEmpty())
        return;
    m_path->setText(fi.dir().filePath(fi.completeBaseName() + QLatin1Char('.')
                                      + m_format->currentData().toString()));
}

void ChartExportDialog::browse()
{
    const QString f = QFileDialog::getSaveFileName(
        this, tr("Export chart"), m_path->text(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (f.isEmpty())
        return;
    m_path->setText(f);
    ChartFormat fmt;
    if (chartFormatFromName(QFileInfo(f).suffix(), &fmt))
        m_format->setCurrentIndex(int(fmt));
}

bool ChartExportDialog::exportNow(bool quiet)
{
    ChartExportOptions o;
    chartFormatFromName(m_format->currentData().toString(), &o.format);
    o.size = QSize(m_width->value(), m_height->value());
    o.dpi = m_dpi->value();
    // the latency charts are drawn with the dialog's axis choice, then as they were
    ChartKind kind = ChartKind::LatencyOverTime;
    chartKindFromName(m_chart->currentData().toString(), &kind);
    const bool wasLogY = m_page->latencyChart()->logY();
    auto setLogY = [&](bool on) {
        if (kind == ChartKind::LatencyVsLoad)
            m_page->latencyChart()->setLogY(on);
        else if (kind == ChartKind::LatencyOverTime)
            m_page->timeChart()->setLogY(on);
    };
    setLogY(m_logY->isChecked());
    const QString preset = m_size->currentData().toString();
    if (preset == QLatin1String("a4") || preset == QLatin1String("letter"))
        o.page = preset;
    QString error;
    ChartModel shown;
    QChart *chart = selectedChart(&shown);
    const auto *theme = findChild<QComboBox *>(QStringLiteral("exportThemeCombo"));
    if (chart && theme)
        applyChartTheme(chart, theme->currentData().toBool());
    // the file says what the window's banner says: the sessions are not directly comparable
    ChartOverlay *overlay = chart ? ChartOverlay::of(chart) : nullptr;
    const QStringList warnings = exportWarnings();
    if (overlay && !warnings.isEmpty()) {
        ChartModel noted = shown;
        noted.notes << warnings;
        overlay->setModel(noted);
    }
    RenderedChart rendered;
    const QString path = m_path->text();
    bool ok = renderChartForExport(chart, o, &rendered, &error);
    if (overlay && !warnings.isEmpty())
        overlay->setModel(shown);
    if (chart)
        applyChartTheme(chart); // back to the window's theme
    setLogY(wasLogY);
    if (ok && m_writer) { // encoded and written off the GUI thread (ui/exportwriter.h)
        m_writer->writeChart(rendered, path);
        return true;
    }
    ok = ok && writeRenderedChart(rendered, path, &error);
    if (ok) {
        rememberExportFolder(path);
        return true;
    }
    if (!quiet)
        QMessageBox::warning(this, tr("Export chart"), error);
    return false;
}

} // namespace vw
