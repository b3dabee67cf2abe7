// Reads session files off the GUI thread. Each requested file is read and parsed
// (readSession(), core/session/sessionio.h: JSON, schema migration, analysis) on a
// QThreadPool thread; the result comes back queued to the GUI thread, one file at a time and
// in the order requested, so "the first file opens, the others are overlaid" holds however
// long each file takes. The caller puts the session into the SessionSet
// (ui/models/sessionset.h). GUI thread only (the reading itself runs on the pool).
#pragma once

#include "jobtracker.h"
#include "session/session.h"

#include <QObject>
#include <QQueue>
#include <QString>

namespace vw {

class SessionLoader : public QObject {
    Q_OBJECT
public:
    /// Where the caller means to put the session; carried through unchanged.
    enum class Placement { Main, Overlay };

    explicit SessionLoader(QObject *parent = nullptr);
    ~SessionLoader() override; ///< a file being read is dropped when it is done

    /// Queues `path`. A file that does not look like a session (looksLikeSessionFile(),
    /// ui/sessionfiles.h: *.yaml, or content not starting with '{') is reported by
    /// notSession() instead (the caller opens it as a profile).
    void load(const QString &path, Placement placement);
    bool isBusy() const { return m_busy; }
    /// Files requested since the loader was last idle, and how many of them are done.
    int batchTotal() const { return m_total; }
    int batchDone() const { return m_done; }

signals:
    /// A file starts being read: `position` (1-based) of `total` in this batch.
    void progress(const QString &path, int position, int total);
    void loaded(const QString &path, const vw::Session &session,
                vw::SessionLoader::Placement placement);
    /// Missing, unreadable, bad JSON, newer schema...: `error` says which (readSession()).
    void failed(const QString &path, const QString &error);
    void notSession(const QString &path);
    /// Every requested file has been reported.
    void idle();

private:
    struct Job {
        QString path;
        Placement placement = Placement::Main;
    };
    void startNext();
    void onRead(const Job &job, const std::optional<Session> &session, const QString &error,
                bool isSession);

    JobTracker m_jobs{this}; ///< one file at a time
    QQueue<Job> m_queue;
    bool m_busy = false;
    int m_total = 0;
    int m_done = 0;
};

} // namespace vw
