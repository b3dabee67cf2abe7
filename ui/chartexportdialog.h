// File > Export chart…: picks one of the results page's charts (latency, throughput or error
// ratio vs load, latency or throughput over time), the format (PNG, SVG, PDF), the size (a
// preset: slide 16:9 1920x1080, A4 or Letter landscape; or pixels) and the DPI, and the file; writes it with exportChart (charts/chartexport.h). GUI thread only.
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

class ResultsPage;

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ChartExportDialog(ResultsPage *page, QWidget *parent = nullptr);

    /// Writes the chosen chart; false (and a message box unless `quiet`) on failure.
    bool exportNow(bool quiet = false);

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
    QChart *selectedChart() const;
    void browse();
    void syncSuffix();
    void applySizePreset();

    ResultsPage *m_page;
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
