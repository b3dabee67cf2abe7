#include "exportwriter.h"

#include "exportfolder.h"

#include "report/htmlreport.h"
#include "report/report.h"
#include "util/atomicfile.h"

#include <QFileInfo>

namespace vw {

namespace {

struct Written {
    QString path;
    QString error;
};

} // namespace

ExportWriter::ReportFormat ExportWriter::reportFormatOf(const QString &path)
{
    return QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0
               ? ReportFormat::Csv
               : ReportFormat::Html;
}

ExportWriter::ExportWriter(QObject *parent)
    : QObject(parent)
{
    m_jobs.setErrorHandler([this](const QString &e) { emit finished(QString(), e); });
}

void ExportWriter::writeChart(const RenderedChart &chart, const QString &path)
{
    m_jobs.start(
        [chart, path](const JobContext &) {
            Written w{path, QString()};
            writeRenderedChart(chart, path, &w.error);
            return w;
        },
        [this](const Written &w) { done(w.path, w.error); });
}

void ExportWriter::writeReport(const QList<Session> &sessions, ReportFormat format,
                               const QString &path)
{
    m_jobs.start(
        [sessions, format, path](const JobContext &) {
            Written w{path, QString()};
            if (sessions.isEmpty()) {
                w.error = QStringLiteral("no saved session is shown: nothing to export");
                return w;
            }
            const QString text =
                format == ReportFormat::Csv ? reportCsv(sessions) : htmlReport(sessions);
            writeFileAtomically(path, text.toUtf8(), &w.error);
            return w;
        },
        [this](const Written &w) { done(w.path, w.error); });
}

void ExportWriter::done(const QString &path, const QString &error)
{
    if (error.isEmpty()) {
        m_lastWritten = path;
        rememberExportFolder(path);
    }
    emit finished(path, error);
}

} // namespace vw
