// Control-plane client for setup, cleanup and server facts (not the load path).
// Synchronous: each call runs a local event loop until the answer (controlchannel.h: the
// "direct" transport's lean client by default, one keep-alive connection per client, or
// QNetworkAccessManager with VW_CONTROL_TRANSPORT=qnam), so it must be used on a worker
// thread (the run's control thread or a test), never on the GUI thread, and only on the
// thread that made its first request (its connection lives there).
// Every request times out after target.requestTimeoutMs (ErrorClass::Timeout). The token is
// sent as X-Vault-Token and never logged or put into error texts.
// A 2xx body that is neither JSON nor text/plain is ErrorClass::InvalidResponse.
// Requests are sent once unless setRetryPolicy() asked for retries (cleanup does: 429, 503 and
// connection failures are retried with backoff honouring Retry-After, core/vault/retrypolicy.h).
// Read-your-writes on a cluster (docs/local-targets.md, "Standby consistency"): the client
// keeps the newest X-Vault-Index any answer carried (shared with its forNode() and
// withTimeout() clients) and sends it back on every authenticated request with
// "X-Vault-Inconsistent: forward-active-node": a standby that has not applied that index yet
// forwards the request to the active node instead of answering from stale storage. Servers
// without these headers (Vault OSS, the dev server) ignore them.
// Redirects: a 307/308 inside the target is followed once (same method, body, headers);
// any other redirect is not followed and is ErrorClass::Redirect with its status
// (core/http/redirectpolicy.h), by the channel (controlchannel.h).
#pragma once

#include "http/httpmessage.h"
#include "http/redirectpolicy.h"
#include "vault/retrypolicy.h"
#include "vault/serverinfo.h"
#include "vault/targetspec.h"
#include "vault/tokeninfo.h"
#include "stats/errorclass.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QStringList>
#include <QUrl>
#include <functional>
#include <memory>

namespace vw {

class ControlChannel;

struct VaultResponse {
    int status = 0; ///< HTTP status, 0 when no response
    ErrorClass errorClass = ErrorClass::None; ///< transport failure class, or HttpStatus for >= 400
    QString errorText; ///< transport message, or the server's "errors" joined by "; "
    QJsonObject json; ///< parsed body when it is a JSON object
    QByteArray body;
    QByteArray retryAfter; ///< the Retry-After header as sent, empty if none
    /// The X-Vault-Index header (OpenBao 2.7+: the storage index the answer reflects, opaque),
    /// empty if none.
    QByteArray index;
    bool ok() const { return status >= 200 && status < 300; }
    /// A DELETE whose object is not there (any more): 404, or 400 "no matching mount" from
    /// older Vault versions (for a missing mount Vault answers 204, which is ok()).
    bool alreadyGone() const
    {
        return status == 404
               || (status == 400 && errorText.contains(QLatin1String("no matching mount")));
    }
    /// "403: permission denied" / "connection refused" — for error messages.
    QString describe() const;
};

class VaultClient {
public:
    VaultClient(const TargetSpec &target, const QByteArray &token);
    ~VaultClient();
    VaultClient(const VaultClient &) = delete;
    VaultClient &operator=(const VaultClient &) = delete;

    QUrl address() const;
    const TargetSpec &target() const { return m_target; }
    /// A client for another node of the same target (same token, namespace, TLS, timeout;
    /// no retry policy): for setup checks that must hold on each node a spread run loads
    /// (TargetSpec::loadAddresses()).
    std::unique_ptr<VaultClient> forNode(const QString &address) const;
    /// The same client (node, token, namespace, TLS) with another request timeout, ms: for
    /// the rare call that may take long (disabling an auth method revokes all its tokens).
    std::unique_ptr<VaultClient> withTimeout(qint64 timeoutMs) const;

    /// From now on every request() and send() is retried under `policy`; its total budget
    /// starts now and is shared by all later requests. Each retry logs one warning line
    /// (method, path, answer, delay; never the token). RetryPolicy::none() (the default)
    /// sends each request once.
    void setRetryPolicy(const RetryPolicy &policy);
    /// Retries made since the client was constructed.
    int retryCount() const { return m_retryCount; }
    /// A retry about to wait (setRetryPolicy()): what is retried ("DELETE sys/mounts/x"), the
    /// answer that is retried ("503 ..."), the wait before the next try and what is left of
    /// the policy's budget after it, ms. For a caller that shows the retries (the GUI's
    /// cleanup countdown, through BenchmarkRun::cleanupRetrying).
    struct RetryNotice {
        QString what;
        QString answer;
        qint64 waitMs = 0;
        qint64 budgetLeftMs = 0;
        int retry = 0; ///< 1 for the first retry of this request
    };
    /// Called on the request's thread before each retry's wait; unset: none.
    void setRetryObserver(std::function<void(const RetryNotice &)> observer)
    {
        m_retryObserver = std::move(observer);
    }

    /// The newest X-Vault-Index seen by this client and its forNode()/withTimeout() clients
    /// (the one with the highest index value when it decodes as OpenBao's base64 JSON
    /// {"cluster":..., "value":"<n>"}, else the last one seen); empty when the server sent
    /// none.
    QByteArray consistencyIndex() const { return *m_index; }
    /// What a node that has not applied consistencyIndex() does with a request:
    /// ForwardToActive (the default, "X-Vault-Inconsistent: forward-active-node") or
    /// FailIfBehind ("fail": OpenBao 2.7 answers 429 with an empty error list and
    /// Retry-After: 1), for probing whether a node has caught up (core/engine/servedcheck.h).
    enum class WhenBehind { ForwardToActive, FailIfBehind };
    /// Waits until the node this client talks to has applied consistencyIndex(): GET
    /// auth/token/lookup-self with "X-Vault-Inconsistent: fail" every 50 ms until it answers
    /// anything but OpenBao's "behind" 429 (isBehindIndex()), at most `timeoutMs`. True at
    /// once when there is no index (a server without X-Vault-Index). False + *error on the
    /// timeout ("... has not applied index 42 after 15 s"). *probes counts the requests.
    bool waitForIndex(qint64 timeoutMs, QString *error, int *probes = nullptr);
    /// From now on this client keeps and sends the same newest index as `other` (a client of
    /// the same cluster with another token: the VUs' logins after setup's writes).
    void shareConsistencyIndex(const VaultClient &other) { m_index = other.m_index; }
    void setWhenBehind(WhenBehind mode) { m_whenBehind = mode; }

    /// While set (non-empty), a request asked for after `stopped()` returned true is not sent:
    /// it answers status 0, ErrorClass::Connection, "not sent: the run was stopped". Setup sets
    /// it so that a stop (Ctrl-C, the GUI's Stop) ends a long setup loop (seeding 100,000
    /// secrets, logging in every VU) at its next request; cleanup clears it first. forNode()
    /// clients share it. `stopped` is called on the thread of the request.
    /// `notSent` replaces the error text of a request not sent ("not sent: the run was
    /// stopped" when empty). A retry's wait (setRetryPolicy()) ends early once `stopped()`
    /// returns true, and the last answer is returned.
    void setStopCheck(std::function<bool()> stopped, const QString &notSent = QString())
    {
        m_stopCheck = std::move(stopped);
        m_notSentText = notSent;
    }
    const std::function<bool()> &stopCheck() const { return m_stopCheck; }

    /// `path` is below /v1/, without leading slash: "sys/mounts/vwb-1-ssh".
    VaultResponse request(const QByteArray &method, const QString &path,
                          const QJsonObject &body = {});
    VaultResponse get(const QString &path) { return request("GET", path); }
    VaultResponse post(const QString &path, const QJsonObject &body)
    {
        return request("POST", path, body);
    }
    VaultResponse del(const QString &path) { return request("DELETE", path); }
    /// Sends a request as built by Operation::nextRequest(): `r.path` is absolute
    /// ("/v1/secret/data/k1", query included). Same headers, timeout and error classes;
    /// a non-empty r.token is sent instead of the client's token, for this request only.
    VaultResponse send(const HttpRequest &r);

    /// Unauthenticated health probe; classifies unreachable, sealed, uninitialised, standby.
    ServerInfo serverInfo();

    /// GET auth/token/lookup-self; on a 2xx answer *info holds the token's lifetime facts.
    VaultResponse lookupSelf(TokenInfo *info);
    /// POST auth/token/renew-self (no increment: the token's own TTL or period). On success
    /// *ttlSeconds is the new TTL (auth.lease_duration); false + *error otherwise.
    bool renewSelf(qint64 *ttlSeconds, QString *error);

    /// POST sys/mounts/<path> {type, config, options}. false + *error on failure.
    bool enableMount(const QString &path, const QString &type, const QJsonObject &extra,
                     QString *error);
    /// DELETE sys/mounts/<path>; success also when the mount does not exist.
    bool disableMount(const QString &path, QString *error);
    /// Paths of all secrets-engine mounts, with trailing '/'. Empty + *error on failure.
    QStringList mountPaths(QString *error);

private:
    /// `authenticated` = send X-Vault-Token and, when `inNamespace`, X-Vault-Namespace.
    VaultResponse perform(const QByteArray &method, const QByteArray &absolutePath,
                          const QByteArray &body, bool authenticated, bool inNamespace = true);
    /// perform() under the retry policy.
    VaultResponse performRetrying(const QByteArray &method, const QByteArray &absolutePath,
                                  const QByteArray &body, bool inNamespace = true);
    /// The channel this request goes through (made on first use).
    ControlChannel &channel();

    TargetSpec m_target;
    QByteArray m_token;
    std::unique_ptr<ControlChannel> m_channel; ///< controlTransportKind()'s, on first use
    std::unique_ptr<ControlChannel> m_fallback; ///< qnam, for a request from an FdLoop handler
    RetryPolicy m_retry = RetryPolicy::none();
    std::function<bool()> m_stopCheck;
    QString m_notSentText;
    std::function<void(const RetryNotice &)> m_retryObserver;
    qint64 m_retryDeadlineMs = 0; ///< on m_retryClock
    QElapsedTimer m_retryClock;
    int m_retryCount = 0;
    std::shared_ptr<QByteArray> m_index = std::make_shared<QByteArray>();
    WhenBehind m_whenBehind = WhenBehind::ForwardToActive;
};

/// True when VaultResponse `r` is OpenBao's answer that the node has not applied the
/// X-Vault-Index a request asked for (429, no error text, sent with "X-Vault-Inconsistent:
/// fail"); a rate-limit quota's 429 has an error text.
bool isBehindIndex(const VaultResponse &r);
/// The index value of an OpenBao X-Vault-Index (base64 of {"cluster":..., "value":"42"}),
/// -1 when it does not decode so.
qint64 consistencyIndexValue(const QByteArray &header);

} // namespace vw
