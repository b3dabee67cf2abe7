// The retry policy of control-plane calls that must not give up at the first refusal: the
// cleanup of a run (core/engine/operationsetup.h) and `vault-workbench cleanup`
// (core/session/leftoversweeper.h). One place for it: VaultClient::setRetryPolicy() applies it
// to every request the client sends from then on.
//
// Retried: HTTP 429 (a rate-limit quota, sys/quotas/rate-limit), HTTP 503 (sealed, standby
// without a leader, overloaded) and connection failures (no answer: refused, reset, host
// unreachable). Not retried: timeouts (a request already waited its request_timeout), TLS
// errors and every other status (403, 404, 400... are answers, not passing faults).
// Delay before retry n (0-based): initialDelayMs x 2^n, at most maxDelayMs; when the answer
// carries Retry-After (delta-seconds or an HTTP date, RFC 9110 section 10.2.3) the delay is
// at least that, at most maxRetryAfterMs. Retries stop when the next attempt would start
// after totalMs since the policy was set (the budget is shared by all calls of one cleanup).
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <optional>

namespace vw {

struct RetryPolicy {
    qint64 totalMs = 60000; ///< budget for all retries of one cleanup, ms
    qint64 initialDelayMs = 250; ///< delay before the first retry, ms
    qint64 maxDelayMs = 5000; ///< cap of the exponential backoff, ms
    qint64 maxRetryAfterMs = 30000; ///< cap of a server's Retry-After, ms

    /// The cleanup policy: 60 s in total (README, "Cleanup and leftovers").
    static RetryPolicy cleanup() { return RetryPolicy(); }
    /// No retries (the default of a VaultClient: setup and pre-flight fail fast).
    static RetryPolicy none()
    {
        RetryPolicy p;
        p.totalMs = 0;
        return p;
    }
};

/// Retry-After as milliseconds from `now`: "120" is 120000; an HTTP date (IMF-fixdate,
/// "Wed, 21 Oct 2026 07:28:00 GMT") is its distance from `now`, 0 when in the past.
/// nullopt when empty, negative or not parseable.
std::optional<qint64> parseRetryAfterMs(const QByteArray &value, const QDateTime &now);

/// True for an answer the policy retries: `status` 429 or 503, or no answer (`status` 0)
/// because the connection failed (`connectionFailed`).
bool isRetryableAnswer(int status, bool connectionFailed);

/// The delay before retry `retry` (0-based) under `policy`, honouring `retryAfterMs`.
qint64 retryDelayMs(const RetryPolicy &policy, int retry, std::optional<qint64> retryAfterMs);

} // namespace vw
