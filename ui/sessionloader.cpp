#include "sessionloader.h"

#include "session/sessionio.h"
#include "sessionfiles.h"

namespace vw {

SessionLoader::SessionLoader(QObject *parent)
    : QObject(parent)
{
}

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
    struct Read {
        std::optional<Session> session;
        QString error;
        bool isSession = false;
    };
    // back to the GUI thread; dropped there when the loader is gone (ui/jobtracker.h)
    m_jobs.start(
        [job](const JobContext &) {
            Read r;
            r.isSession = looksLikeSessionFile(job.path);
            if (r.isSession)
                r.session = readSession(job.path, &r.error);
            return r;
        },
        [this, job](const Read &r) { onRead(job, r.session, r.error, r.isSession); });
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
