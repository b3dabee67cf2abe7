// Test harness for client-side tests: a loopback HTTP/1.1 keep-alive server on its own thread
// that answers every request after a fixed delay with
//   200 {"initialized":true,"sealed":false,"standby":false,"version":"test"}
// and counts the requests it is holding at once (the server-side view of "in flight").
// Handles many connections and request bodies (Content-Length). Not a Vault mock: use it only
// when the test is about the client (transport, in-flight gauge, timing accuracy).
#pragma once

#include <QByteArray>
#include <QMutex>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>

namespace vw::test {

class DelayServerCore;

class DelayServer {
public:
    explicit DelayServer(int delayMs = 200);
    ~DelayServer();   ///< stops the thread; open connections are closed
    DelayServer(const DelayServer &) = delete;
    DelayServer &operator=(const DelayServer &) = delete;

    /// Listens on 127.0.0.1:0 on the server's own thread. false + *error on failure.
    bool start(QString *error);
    void stop();

    int port() const { return m_port; }
    QString address() const;                 ///< "http://127.0.0.1:<port>"

    /// Delay before each answer, milliseconds. Thread-safe; applies to requests received later.
    void setDelayMs(int ms) { m_stats->delayMs.store(ms); }
    int delayMs() const { return m_stats->delayMs.load(); }

    // Counters, thread-safe.
    int holding() const { return m_stats->holding.load(); }          ///< requests held now
    int peakHolding() const { return m_stats->peak.load(); }         ///< most held at once
    qint64 requestCount() const { return m_stats->requests.load(); } ///< complete requests received
    int connectionCount() const { return m_stats->connections.load(); } ///< connections accepted
    void resetPeak() { m_stats->peak.store(m_stats->holding.load()); }
    /// Request line and headers of the last complete request (to check methods and headers).
    QByteArray lastRequestHead() const
    {
        QMutexLocker lock(&m_stats->headMutex);
        return m_stats->lastHead;
    }

    struct Stats {
        std::atomic<int> delayMs{200};
        std::atomic<int> holding{0};
        std::atomic<int> peak{0};
        std::atomic<qint64> requests{0};
        std::atomic<int> connections{0};
        mutable QMutex headMutex;
        QByteArray lastHead;
    };

private:
    std::shared_ptr<Stats> m_stats;
    std::unique_ptr<QThread> m_thread;
    DelayServerCore *m_core = nullptr;   // lives on m_thread, deleted there
    int m_port = 0;
};

} // namespace vw::test
