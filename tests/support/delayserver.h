// Test harness for client-side tests: a loopback HTTP/1.1 keep-alive server on its own thread
// that answers every request after a fixed delay with
//   200 {"initialized":true,"sealed":false,"standby":false,"version":"test"}
// and counts the requests it is holding at once (the server-side view of "in flight").
// Handles many connections and request bodies (Content-Length). Not a Vault mock: use it only
// when the test is about the client (transport, in-flight gauge, timing accuracy).
// Options for transport tests (set before the requests they affect): chunked bodies, a padded
// body, Connection: close after N responses per connection, a silent close of a kept-alive
// connection on its next request, and TLS (setTls, before start()). It records the time each
// request was held (fully read -> response written) to judge client timing accuracy.
#pragma once

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>
#include <QThread>
#include <atomic>
#include <deque>
#include <memory>
#include <vector>

namespace vw::test {

class DelayServerCore;

class DelayServer {
public:
    explicit DelayServer(int delayMs = 200);
    ~DelayServer(); ///< stops the thread; open connections are closed
    DelayServer(const DelayServer &) = delete;
    DelayServer &operator=(const DelayServer &) = delete;

    /// Serve HTTPS with this certificate and key (call before start()). With `clientCa`
    /// non-empty the server requires a client certificate issued by it.
    void setTls(const QList<QSslCertificate> &chain, const QSslKey &key,
                const QList<QSslCertificate> &clientCa = {});

    /// Listens on 127.0.0.1:0 on the server's own thread. false + *error on failure.
    bool start(QString *error);
    void stop();

    int port() const { return m_port; }
    QString address() const; ///< "http(s)://127.0.0.1:<port>"

    // Response shape, thread-safe; apply to responses written later.
    /// Transfer-Encoding: chunked, the body in chunks of at most 1000 bytes.
    void setChunked(bool on) { m_stats->chunked.store(on); }
    /// Adds a "pad" field of this many bytes to the JSON body (0 = none).
    void setBodyPadding(int bytes) { m_stats->padding.store(bytes); }
    /// After n responses on a connection the n-th carries Connection: close and the server
    /// closes (0 = keep alive forever).
    void setCloseAfter(int n) { m_stats->closeAfter.store(n); }
    /// After n responses on a connection, the next request on it is read and the connection
    /// is closed without an answer (a keep-alive close racing the client; 0 = never).
    void setDropAfter(int n) { m_stats->dropAfter.store(n); }
    int droppedRequests() const { return m_stats->dropped.load(); }
    int tlsFailures() const { return m_stats->tlsFailures.load(); } ///< TLS handshakes failed

    /// Hold time of each answered request (request fully read -> response written), in ns,
    /// in answer order since start or the last clearHoldSamples(); at most 1,000,000 kept.
    std::vector<qint64> holdSamplesNs() const
    {
        QMutexLocker lock(&m_stats->holdMutex);
        return m_stats->holdNs;
    }
    /// The hold times of the requests that arrived while `held` requests (themselves
    /// included) were held: e.g. 1 for the requests of a 1-VU stage of a ramp, whose later
    /// stages hold more at once and longer.
    std::vector<qint64> holdSamplesNsAtConcurrency(int held) const
    {
        QMutexLocker lock(&m_stats->holdMutex);
        std::vector<qint64> out;
        for (size_t i = 0; i < m_stats->holdNs.size(); ++i)
            if (m_stats->holdConcurrency[i] == held)
                out.push_back(m_stats->holdNs[i]);
        return out;
    }
    void clearHoldSamples()
    {
        QMutexLocker lock(&m_stats->holdMutex);
        m_stats->holdNs.clear();
        m_stats->holdConcurrency.clear();
    }

    /// Delay before each answer, milliseconds. Thread-safe; applies to requests received later.
    void setDelayMs(int ms) { m_stats->delayMs.store(ms); }
    /// Fixed capacity: at most n requests in service at once, each for the delay; the others
    /// wait in arrival order (a server with n workers). 0 = unlimited (default). Thread-safe;
    /// applies to requests admitted later.
    void setMaxConcurrent(int n) { m_stats->maxConcurrent.store(n); }
    int delayMs() const { return m_stats->delayMs.load(); }

    // Counters, thread-safe.
    int holding() const { return m_stats->holding.load(); } ///< requests held now
    int peakHolding() const { return m_stats->peak.load(); } ///< most held at once
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
        std::atomic<int> maxConcurrent{0};
        // Server thread only: requests in service, and those waiting for a slot (FIFO).
        int serving = 0;
        std::deque<QPointer<QObject>> waiting;
        std::atomic<int> holding{0};
        std::atomic<int> peak{0};
        std::atomic<qint64> requests{0};
        std::atomic<int> connections{0};
        mutable QMutex headMutex;
        QByteArray lastHead;
        std::atomic<bool> chunked{false};
        std::atomic<int> padding{0};
        std::atomic<int> closeAfter{0};
        std::atomic<int> dropAfter{0};
        std::atomic<int> dropped{0};
        std::atomic<int> tlsFailures{0};
        mutable QMutex holdMutex;
        std::vector<qint64> holdNs;
        std::vector<int> holdConcurrency; ///< requests held when holdNs[i]'s arrived
    };
    struct Tls {
        QList<QSslCertificate> chain;
        QSslKey key;
        QList<QSslCertificate> clientCa;
    };

private:
    std::shared_ptr<Stats> m_stats;
    std::unique_ptr<QThread> m_thread;
    DelayServerCore *m_core = nullptr; // lives on m_thread, deleted there
    std::shared_ptr<Tls> m_tls; // null: plain HTTP
    int m_port = 0;
};

} // namespace vw::test
