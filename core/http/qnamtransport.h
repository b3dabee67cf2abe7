// The "qnam" load transport: QNetworkAccessManager, HTTP/1.1 only.
// Qt 6.4 opens at most 6 HTTP/1.1 connections per host per manager, so the transport keeps a
// pool of ceil(maxConcurrency / 6) managers and routes each send to a manager with fewer than
// 6 outstanding requests: N concurrent sends are N requests on N connections, never queued
// inside Qt (docs/measurement.md, "Closed model"). HTTP/2 is disabled so that model holds.
// Redirects: Qt follows none (ManualRedirectPolicy); a 3xx answer goes through the
// RedirectPolicy (redirectpolicy.h): a followed 307/308 is sent again, same method, body and
// headers, on the same manager (Qt keeps its own connections per node); its sentNs stays the
// first hop's. A refused one completes with ErrorClass::Redirect, its status and the reason.
// Reconnect backoff: Qt opens the connections, so the transport backs off as a whole: after a
// reply that failed to connect (refused, host not found or unreachable) its failure is handed
// to the caller only after a wait, 1 ms doubling to 100 ms per such failure in a row, back to
// none after any HTTP response. The caller's next request (its VU) waits with it, so a dead
// server is not retried at thousands of connects per second (docs/measurement.md, "Failed
// runs"); the failure's doneNs is when it happened, not when it was handed over.
// Thread affinity: created, used and destroyed on one thread that runs an event loop.
#pragma once

#include "http/redirectpolicy.h"
#include "http/transport.h"

#include <QHash>
#include <QSslConfiguration>
#include <vector>

class QNetworkAccessManager;
class QNetworkReply;

namespace vw {

class QnamTransport final : public Transport {
public:
    static constexpr int kConnectionsPerManager = 6; ///< Qt 6.4's per-host channel count

    /// Null + *error when the config is unusable (unreadable or empty CA file, TLS asked for
    /// but unavailable).
    static std::unique_ptr<QnamTransport> create(const TransportConfig &config, QString *error);
    ~QnamTransport() override; ///< drops outstanding requests without calling completions

    void send(const HttpRequest &request, Completion done) override;
    int inFlight() const override { return int(m_pending.size() + m_held.size()); }
    void abortAll() override;

    int managerCount() const { return int(m_pool.size()); }
    /// Connect failures in a row (0 after any HTTP response) and the wait (ms) before the
    /// next such failure is handed over: 1, 2, 4 ... kMaxReconnectDelayMs.
    int failedConnects() const { return m_failedConnects; }
    static constexpr int kMaxReconnectDelayMs = 100;

private:
    explicit QnamTransport(const TransportConfig &config);

    struct Manager {
        QNetworkAccessManager *nam = nullptr;
        int outstanding = 0;
    };
    struct Pending {
        Completion done;
        int manager = 0;
        qint64 sentNs = 0;
        bool aborted = false;
        HttpRequest request; // kept for a followed redirect
        int followed = 0; // redirects followed so far
    };

    struct Held {
        Completion done;
        HttpResult result;
    };

    int pickManager();
    /// Starts `request` to `url` on manager `mi` and records it as pending.
    void start(const HttpRequest &request, const QUrl &url, Pending &&pending);
    void onFinished(QNetworkReply *reply);
    void releaseHeld(quint64 id);

    TransportConfig m_config;
    QByteArray m_base; // "scheme://host:port", no trailing slash
    QSslConfiguration m_ssl;
    std::vector<Manager> m_pool;
    QHash<QNetworkReply *, Pending> m_pending;
    RedirectPolicy m_redirects;
    QHash<quint64, Held> m_held; // connect failures waiting out the backoff
    quint64 m_nextHeld = 0;
    int m_failedConnects = 0;
    QObject *m_timers = nullptr; // context of the backoff timers (deleted first)
};

/// Maps a failed reply without an HTTP status to the error class (exposed for tests).
ErrorClass classifyNetworkError(int qnetworkReplyError, bool timedOut);

} // namespace vw
