#include "exportmenu.h"

#include "chartexportdialog.h"
#include "exportfolder.h"
#include "exportnotice.h"
#include "exportwriter.h"
#include "models/sessionset.h"
#include "resultspage.h"

#include "session/sessionfilename.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

namespace vw {

ExportMenu::ExportMenu(QWidget *window, QMenu *file, ResultsPage *page, QStatusBar *statusBar)
    : QObject(window)
    , m_window(window)
    , m_page(page)
{
    m_writer = new ExportWriter(this);
    m_notice = new ExportNotice(m_writer, window);
    statusBar->addPermanentWidget(m_notice);
    connect(m_writer, &ExportWriter::finished, statusBar,
            [statusBar](const QString &path, const QString &error) {
                statusBar->showMessage(error.isEmpty() ? tr("Exported to %1").arg(path)
                                                       : tr("Export failed: %1").arg(error),
                                       10000);
            });
    m_chart = file->addAction(tr("&Export Chart…"), this, &ExportMenu::exportChartDialog);
    m_chart->setObjectName(QStringLiteral("exportChartAction"));
    m_chart->setStatusTip(tr("Write a chart of the results as PNG, SVG or PDF"));
    m_report =
        file->addAction(tr("Export &Report (HTML/CSV)…"), this, &ExportMenu::exportReportDialog);
    m_report->setObjectName(QStringLiteral("exportReportAction"));
    m_report->setStatusTip(tr("Write the sessions shown as a self-contained HTML report (charts, "
                              "capacity points, warnings) or as CSV, as `report` does"));
}

void ExportMenu::exportChartDialog()
{
    ChartExportDialog dialog(m_page, m_writer, m_window);
    dialog.exec();
}

QString ExportMenu::suggestedReportPath() const
{
    const SessionEntry *main = m_page->sessionSet()->mainEntry();
    const QString label = main ? main->label : QString();
    return suggestedExportPath(sessionFileNamePart(label, QStringLiteral("session"))
                               + QStringLiteral("-report.html"));
}

bool ExportMenu::exportReport(const QString &path)
{
    const QList<Session> sessions = m_page->sessionSet()->savedSessions();
    if (sessions.isEmpty())
        return false;
    m_writer->writeReport(sessions, ExportWriter::reportFormatOf(path), path);
    return true;
}

void ExportMenu::exportReportDialog()
{
    if (m_page->sessionSet()->savedSessions().isEmpty()) {
        if (auto *bar = m_window->findChild<QStatusBar *>())
            bar->showMessage(tr("Nothing to export yet: open a session or let a run finish"),
                             10000);
        return;
    }
    QString filter;
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export report"), suggestedReportPath(),
        tr("HTML report (*.html);;CSV, one row per stage and operation (*.csv)"), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty()) // the format the filter names
        path += filter.contains(QLatin1String("*.csv")) ? QStringLiteral(".csv")
                                                        : QStringLiteral(".html");
    exportReport(path);
}

} // namespace vw
