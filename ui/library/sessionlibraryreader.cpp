#include "sessionlibraryreader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QSet>
#include <QThreadPool>

namespace vw {

SessionLibraryReader::SessionLibraryReader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<vw::SessionSummary>();
}

void SessionLibraryReader::scan(const QStringList &folders)
{
    const quint64 generation = ++*m_generation;
    const std::shared_ptr<std::atomic<quint64>> current = m_generation;
    m_scanning = true;
    emit scanStarted();
    QPointer<SessionLibraryReader> self(this);
    // Hands a result back to the GUI thread; dropped there when the reader is gone or a
    // newer scan has begun.
    auto post = [self, generation](auto &&f) {
        QMetaObject::invokeMethod(qApp, [self, generation, f] {
            if (self && *self->m_generation == generation)
                f(self.data());
        });
    };
    QThreadPool::globalInstance()->start([current, generation, folders, post] {
        QSet<QString> seen;
        int files = 0;
        for (const QString &folder : folders) {
            for (const QString &path : sessionFilesIn(folder)) {
                const QString key = QFileInfo(path).canonicalFilePath();
                if (key.isEmpty() || seen.contains(key))
                    continue;
                seen.insert(key);
                if (*current != generation)
                    return;   // abandoned: a newer scan began or the reader is gone
                const SessionSummary summary = readSessionSummary(path);
                ++files;
                post([summary](SessionLibraryReader *r) { emit r->summaryRead(summary); });
            }
        }
        post([files](SessionLibraryReader *r) {
            r->m_scanning = false;
            emit r->scanFinished(files);
        });
    });
}

void SessionLibraryReader::writeLabel(const QString &path, const QString &label)
{
    QPointer<SessionLibraryReader> self(this);
    QThreadPool::globalInstance()->start([self, path, label] {
        QString error;
        SessionSummary summary;
        if (writeSessionLabel(path, label, &error))
            summary = readSessionSummary(path);
        QMetaObject::invokeMethod(qApp, [self, path, summary, error] {
            if (self)
                emit self->labelWritten(path, summary, error);
        });
    });
}

void SessionLibraryReader::remove(const QString &path)
{
    QPointer<SessionLibraryReader> self(this);
    QThreadPool::globalInstance()->start([self, path] {
        QString error;
        bool trashed = false;
        QFile f(path);
        if (f.moveToTrash()) {
            trashed = true;
        } else if (!f.remove()) {
            error = f.errorString();
        }
        QMetaObject::invokeMethod(qApp, [self, path, trashed, error] {
            if (self)
                emit self->removed(path, trashed, error);
        });
    });
}

} // namespace vw
