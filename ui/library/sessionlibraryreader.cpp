#include "sessionlibraryreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

namespace vw {

SessionLibraryReader::SessionLibraryReader(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<vw::SessionSummary>();
}

void SessionLibraryReader::scan(const QStringList &folders)
{
    m_scanning = true;
    emit scanStarted();
    // Every summary is posted back as it is read; all of them are dropped on the GUI thread
    // once the reader is gone or a newer scan has begun, and the scan stops at its next file.
    m_scan.start(
        [this, folders](const JobContext &job) {
            QSet<QString> seen;
            int files = 0;
            for (const QString &folder : folders) {
                for (const QString &path : sessionFilesIn(folder)) {
                    const QString key = QFileInfo(path).canonicalFilePath();
                    if (key.isEmpty() || seen.contains(key))
                        continue;
                    seen.insert(key);
                    if (job.cancelled())
                        return files; // abandoned: nothing more is delivered
                    const SessionSummary summary = readSessionSummary(path);
                    ++files;
                    job.post([this, summary] { emit summaryRead(summary); });
                }
            }
            return files;
        },
        [this](int files) {
            m_scanning = false;
            emit scanFinished(files);
        });
}

void SessionLibraryReader::writeLabel(const QString &path, const QString &label)
{
    m_writes.start(
        [path, label](const JobContext &) {
            std::pair<SessionSummary, QString> out;
            if (writeSessionLabel(path, label, &out.second))
                out.first = readSessionSummary(path);
            return out;
        },
        [this, path](const std::pair<SessionSummary, QString> &r) {
            emit labelWritten(path, r.first, r.second);
        });
}

void SessionLibraryReader::remove(const QString &path)
{
    m_writes.start(
        [path](const JobContext &) {
            std::pair<bool, QString> out{false, QString()};
            QFile f(path);
            if (f.moveToTrash())
                out.first = true;
            else if (!f.remove())
                out.second = f.errorString();
            return out;
        },
        [this, path](const std::pair<bool, QString> &r) { emit removed(path, r.first, r.second); });
}

} // namespace vw
