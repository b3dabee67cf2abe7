// The GUI's exports written off the GUI thread (ui/jobtracker.h): a chart recorded by
// ui/chartexportdialog.h (its PNG or PDF painted from the recording, the PNG encoded, its SVG
// finished, then written), and the report of
// the sessions shown, rendered by the writers of `vault-workbench report` / `compare --out`
// (core/report/htmlreport.h: the self-contained HTML with charts, capacity points, the
// "not directly comparable" warnings and evidence; core/report/report.h reportCsv(): the
// per-stage rows with their client-bound flag and warnings) and written. Every file is
// written atomically and durably (util/atomicfile.h). When one is done, finished() says where
// it went or why not, and the folder is remembered for the next export dialog
// (ui/exportfolder.h). GUI thread only; the jobs run on the global thread pool.
#pragma once

#include "charts/chartexport.h"
#include "jobtracker.h"

#include "session/session.h"

#include <QObject>

namespace vw {

class ExportWriter : public QObject {
    Q_OBJECT
public:
    enum class ReportFormat {
        Html, ///< htmlReport(): one session's report, or the comparison of several
        Csv, ///< reportCsv(): every session's stage rows under one header
    };
    /// ".csv" (any case): Csv; anything else: Html.
    static ReportFormat reportFormatOf(const QString &path);

    explicit ExportWriter(QObject *parent = nullptr);

    /// Paints (PNG, PDF), encodes and writes `chart` to `path` off the GUI thread; finished()
    /// follows.
    void writeChart(const RenderedChart &chart, const QString &path);
    /// Renders the report of `sessions` (the first is A, the baseline of a comparison) and
    /// writes it to `path` off the GUI thread; finished() follows. No session: finished()
    /// with an error, nothing written.
    void writeReport(const QList<Session> &sessions, ReportFormat format, const QString &path);

    /// Exports started whose finished() has not come yet.
    bool isBusy() const { return m_jobs.isBusy(); }
    /// The file of the last export that was written, empty before one.
    QString lastWritten() const { return m_lastWritten; }

signals:
    /// On the GUI thread: `path` was written (error empty) or not (error says why).
    void finished(const QString &path, const QString &error);

private:
    void done(const QString &path, const QString &error);

    QString m_lastWritten;
    JobTracker m_jobs{this, JobTracker::Policy::Independent};
};

} // namespace vw
