// File > Export Chart… and File > Export Report (HTML/CSV)…, with what they share: one
// ExportWriter (ui/exportwriter.h: the encoding, rendering and writing off the GUI thread),
// the folder of the last export (ui/exportfolder.h) and the status bar's notice of where the
// file went, with "Show in Folder" (ui/exportnotice.h). Part of the main window's menus
// (ui/mainmenus.cpp). GUI thread only.
#pragma once

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QAction;
class QMenu;
class QStatusBar;
class QWidget;
QT_END_NAMESPACE

namespace vw {

class ExportNotice;
class ExportWriter;
class ResultsPage;

class ExportMenu : public QObject {
    Q_OBJECT
public:
    /// Adds the two actions to `file` (object names "exportChartAction", "exportReportAction")
    /// and the notice to `statusBar`; `window` parents the dialogs and owns this object.
    ExportMenu(QWidget *window, QMenu *file, ResultsPage *page, QStatusBar *statusBar);

    QAction *exportChartAction() const { return m_chart; }
    QAction *exportReportAction() const { return m_report; }
    ExportWriter *writer() const { return m_writer; }
    ExportNotice *notice() const { return m_notice; }

    /// Writes the report of the saved sessions shown (SessionSet::savedSessions(): the main
    /// one, then the overlays) to `path`, HTML or CSV by its suffix (".csv": CSV), off the
    /// GUI thread; the writer's finished() follows. false (nothing started) when no saved
    /// session is shown.
    bool exportReport(const QString &path);
    /// The file name the report dialog suggests: "<label>-report.html" (the main session's
    /// label made safe for a file name), in the folder of the last export.
    QString suggestedReportPath() const;

private:
    void exportChartDialog();
    void exportReportDialog();

    QWidget *m_window;
    ResultsPage *m_page;
    ExportWriter *m_writer = nullptr;
    ExportNotice *m_notice = nullptr;
    QAction *m_chart = nullptr;
    QAction *m_report = nullptr;
};

} // namespace vw
