#include "sessionloader.h"

#include "session/sessionio.h"
#include "sessionfiles.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

namespace vw {

SessionLoader::SessionLoader(QObject *parent) : QObject(parent) {}

SessionLoader::~SessionLoader() = default;

void SessionLoader::load(const QString &path, Placement placement)
{
    m_queue.enqueue({path, placement});
    ++m_total;
    if (!m_busy)
        startNext();
}

void SessionLoader::startNext()
{
    if (m_queue.isEmpty()) {
        m_busy = false;
        m_total = m_done = 0;
        emit idle();
        return;
    }
    m_busy = true;
    const Job job = m_queue.dequeue();
    emit progress(job.path, m_done + 1, m_total);
    QPointer<SessionLoader> self(this);
    QThreadPool::globalInstance()->start([self, job] {
        QString error;
        std::optional<Session> session;
        const bool isSession = looksLikeSessionFile(job.path);
        if (isSession)
            session = readSession(job.path, &error);
        // back to the GUI thread; dropped there when the loader is gone
        QMetaObject::invokeMethod(qApp, [self, job, session, error, isSession] {
            if (self)
                self->onRead(job, session, error, isSession);
        });
    });
}

void SessionLoader::onRead(const Job &job, const std::optional<Session> &session,
                           const QString &error, bool isSession)
{
    ++m_done;
    if (!isSession)
        emit notSession(job.path);
    else if (session)
        emit loaded(job.path, *session, job.placement);
    else
        emit failed(job.path, error);
    startNext();
}

} // namespace vw
