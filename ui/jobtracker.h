// One way for the GUI to run background work (after hotspot's job tracker): a job runs off the
// GUI thread and its result comes back queued to the GUI thread, where it is delivered only if
//   - the receiver (a QObject, held in a QPointer) still exists, and
//   - the job is still current: not superseded by a newer job of the same tracker (policy
//     Supersede), and not cancelled (cancel(), or the tracker destroyed).
// Anything else is dropped on the GUI thread, never delivered late. Each job gets a
// generation number; a job can ask JobContext::cancelled() between steps and stop early, and
// post() intermediate results under the same rules (a folder scan's rows).
// An exception thrown by a job is caught on its thread and its what() goes to the error
// handler on the GUI thread (setErrorHandler(); default: qWarning).
// Where jobs run: a QThreadPool given to the constructor (default the global one; a pool of
// the owner's joins its jobs in its destructor), or, with `pool` null, a thread of their own
// (for jobs that may block on the network for long, so the pool stays free for file reads).
// Create, start, cancel and destroy on the GUI thread; JobContext is used on the job's thread.
#pragma once

#include <QCoreApplication>
#include <QPointer>
#include <QString>
#include <QThread>
#include <QThreadPool>
#include <QtGlobal>

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace vw {

namespace jobtracker_detail {
struct State {
    std::atomic<quint64> generation{0};
    int inFlight = 0; ///< GUI thread only: started, neither delivered nor dropped yet
};
} // namespace jobtracker_detail

/// What a running job sees (on its own thread).
class JobContext {
public:
    /// True once the job's result would be dropped (superseded, cancelled, tracker gone).
    bool cancelled() const { return m_state->generation.load() != m_generation; }
    quint64 generation() const { return m_generation; }
    /// Runs `f` on the GUI thread if, by then, the job is still current and the receiver alive.
    void post(std::function<void()> f) const
    {
        QMetaObject::invokeMethod(
            qApp,
            [state = m_state, receiver = m_receiver, gen = m_generation, f = std::move(f)] {
                if (receiver && state->generation.load() == gen)
                    f();
            },
            Qt::QueuedConnection);
    }

private:
    friend class JobTracker;
    JobContext(std::shared_ptr<jobtracker_detail::State> state, QPointer<QObject> receiver,
               quint64 generation)
        : m_state(std::move(state))
        , m_receiver(std::move(receiver))
        , m_generation(generation)
    {
    }
    std::shared_ptr<jobtracker_detail::State> m_state;
    QPointer<QObject> m_receiver;
    quint64 m_generation;
};

class JobTracker {
public:
    enum class Policy {
        Supersede, ///< a new job makes the ones still going stale (a scan, a status query)
        Independent, ///< every job's result counts (writes); only cancel() drops them
    };

    explicit JobTracker(QObject *receiver, Policy policy = Policy::Supersede,
                        QThreadPool *pool = QThreadPool::globalInstance())
        : m_receiver(receiver)
        , m_policy(policy)
        , m_pool(pool)
    {
    }
    ~JobTracker() { cancel(); }
    JobTracker(const JobTracker &) = delete;
    JobTracker &operator=(const JobTracker &) = delete;

    /// Runs `job(const JobContext &)` off the GUI thread; `done(result)` follows on the GUI
    /// thread when the job is still current and the receiver alive. Returns the generation.
    template <typename Job, typename Done> quint64 start(Job job, Done done)
    {
        const quint64 gen =
            m_policy == Policy::Supersede ? ++m_state->generation : m_state->generation.load();
        ++m_state->inFlight;
        const JobContext context(m_state, m_receiver, gen);
        auto run = [context, job = std::move(job), done = std::move(done),
                    onError = m_onError]() mutable {
            using Result = std::decay_t<decltype(job(context))>;
            std::optional<Result> result;
            QString error;
            try {
                result.emplace(job(context));
            } catch (const std::exception &e) {
                error = QString::fromLocal8Bit(e.what());
            } catch (...) {
                error = QStringLiteral("unknown error");
            }
            // Back on the GUI thread: counted down whether delivered or dropped (so isBusy()
            // is false inside `done`), delivered only when still current.
            QMetaObject::invokeMethod(
                qApp,
                [context, result = std::move(result), error, done = std::move(done),
                 onError = std::move(onError)]() mutable {
                    --context.m_state->inFlight;
                    if (!context.m_receiver || context.cancelled())
                        return;
                    if (result)
                        done(std::move(*result));
                    else
                        onError(error);
                },
                Qt::QueuedConnection);
        };
        if (m_pool) {
            m_pool->start(std::move(run));
        } else {
            QThread *thread = QThread::create(std::move(run));
            thread->setObjectName(QStringLiteral("vw-job"));
            QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
            thread->start();
        }
        return gen;
    }

    /// Results of the jobs started so far are dropped; their JobContext says cancelled().
    void cancel() { ++m_state->generation; }
    /// Jobs started whose result has not come back to the GUI thread yet (delivered or not).
    bool isBusy() const { return m_state->inFlight > 0; }
    /// Receives a job's exception text on the GUI thread (while the job is current).
    void setErrorHandler(std::function<void(const QString &)> handler)
    {
        m_onError = std::move(handler);
    }

private:
    std::shared_ptr<jobtracker_detail::State> m_state =
        std::make_shared<jobtracker_detail::State>();
    QPointer<QObject> m_receiver;
    Policy m_policy;
    QThreadPool *m_pool;
    std::function<void(const QString &)> m_onError = [](const QString &e) {
        qWarning("background job failed: %s", qUtf8Printable(e));
    };
};

} // namespace vw
