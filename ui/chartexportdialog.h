// File > Export chart…: picks one of the results page's charts (latency, throughput or error
// ratio vs load, latency or throughput over time), the format (PNG, SVG, PDF), the size (a
// preset: slide 16:9 1920x1080, A4 or Letter landscape; or pixels) and the DPI, and the file
// (in the folder of the last export, ui/exportfolder.h). The chart is laid out and its scene
// recorded on the GUI thread (charts/chartexport.h renderChartForExport(): QtCharts lives
// there), with the comparison's "not directly comparable" warnings as notes when the page
// shows them; with an ExportWriter (ui/exportwriter.h) the painting of a PNG or PDF (what
// takes the time for a long session: docs/performance.md, "Exports off the GUI thread"), the
// encoding and the write run off the GUI thread and the writer says when the file is there.
// GUI thread only.
#pragma once

#include <QDialog>

QT_BEGIN_NAMESPACE
class QChart;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace vw {

class ExportWriter;
class ResultsPage;
struct ChartModel;

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    /// `writer` (not owned, may be null): writes the file off the GUI thread; without it
    /// exportNow() writes it before returning.
    explicit ChartExportDialog(ResultsPage *page, ExportWriter *writer = nullptr,
                               QWidget *parent = nullptr);

    /// Renders the chosen chart and writes it (with a writer: hands it to the writer, whose
    /// finished() follows); false (and a message box unless `quiet`) when it cannot be
    /// rendered or, without a writer, written.
    bool exportNow(bool quiet = false);
    /// The notes an export adds: one "Not directly comparable: ..." per comparison warning
    /// of the sessions shown (empty without a comparison or warnings).
    QStringList exportWarnings() const;

    QComboBox *chartCombo() const { return m_chart; }
    QComboBox *formatCombo() const { return m_format; }
    QLineEdit *pathEdit() const { return m_path; }
    QSpinBox *widthSpin() const { return m_width; }
    QSpinBox *heightSpin() const { return m_height; }
    QSpinBox *dpiSpin() const { return m_dpi; }
    /// Latency charts on a log10 axis in the file (starts as the results page shows them).
    QCheckBox *logYCheck() const { return m_logY; }
    /// Size presets (chartexport.h): "slide" (the default), "a4", "letter", "" for custom;
    /// choosing one sets width and height, editing them chooses custom.
    QComboBox *sizeCombo() const { return m_size; }

private:
    /// The chosen chart and, in *model, the model it draws.
    QChart *selectedChart(ChartModel *model) const;
    void browse();
    void syncSuffix();
    void applySizePreset();

    ResultsPage *m_page;
    ExportWriter *m_writer = nullptr;
    QComboBox *m_chart = nullptr;
    QComboBox *m_format = nullptr;
    QLineEdit *m_path = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QSpinBox *m_dpi = nullptr;
    QCheckBox *m_logY = nullptr;
    QComboBox *m_size = nullptr;
    bool m_applyingPreset = false;
};

} // namespace vw
