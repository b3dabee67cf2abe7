#include "engine/tokenlifetime.h"

#include "util/duration.h"
#include "vault/vaultclient.h"

#include <algorithm>

namespace vw {

namespace {

constexpr int64_t kNsPerS = 1'000'000'000LL;
constexpr int64_t kRenewRetryNs = kNsPerS / 2; // after a failed renewal

QString seconds(qint64 s)
{
    return formatDurationMs(s * 1000);
}

} // namespace

qint64 plannedRampMs(const RampSpec &ramp)
{
    qint64 total = 0;
    for (const StageSpec &st : ramp.stages)
        total += st.durationMs;
    return total;
}

TokenVerdict assessTokenLifetime(const TokenInfo &token, qint64 rampMs)
{
    TokenVerdict v;
    if (token.ttlSeconds <= 0)
        return v; // root or otherwise non-expiring
    const qint64 neededMs = rampMs + kTokenSetupCleanupMarginMs;
    if (token.ttlSeconds * 1000 >= neededMs)
        return v;
    const bool capAllows =
        token.maxRemainingSeconds < 0 || token.maxRemainingSeconds * 1000 >= neededMs;
    if (token.renewable && capAllows) {
        v.renew = true;
        return v;
    }
    v.ok = false;
    const QString why = !token.renewable
                            ? QStringLiteral("it is not renewable")
                            : QStringLiteral("it is renewable only up to its max TTL, %1 from now")
                                  .arg(seconds(token.maxRemainingSeconds));
    v.refusal =
        QStringLiteral("the token's TTL is %1 and %2, but the run's planned length is %3 "
                       "(ramp %4, plus %5 for setup and cleanup): it would expire during the "
                       "run. Use a token whose TTL covers the run, or a renewable one")
            .arg(seconds(token.ttlSeconds), why, formatDurationMs(neededMs),
                 formatDurationMs(rampMs), formatDurationMs(kTokenSetupCleanupMarginMs));
    return v;
}

void TokenRenewer::start(VaultClient *client, TokenUse *use, int64_t nowNs)
{
    m_client = client;
    m_use = use;
    m_dueNs = nowNs + std::max<int64_t>(1, use->ttlSeconds) * kNsPerS / 2;
    m_retryNs = 0;
}

void TokenRenewer::poll(int64_t nowNs)
{
    if (!m_client || nowNs < m_dueNs || nowNs < m_retryNs)
        return;
    qint64 ttl = 0;
    QString error;
    if (m_client->renewSelf(&ttl, &error)) {
        ++m_use->renewals;
        m_dueNs = nowNs + std::max<int64_t>(1, ttl) * kNsPerS / 2;
        m_retryNs = 0;
    } else {
        m_use->renewError = error;
        m_retryNs = nowNs + kRenewRetryNs;
    }
}

} // namespace vw
