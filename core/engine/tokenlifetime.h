// The run's token must live as long as the run: the pre-flight's lifetime check and the
// renewal during the run (docs/architecture.md, "Token lifetime"). A token whose TTL cannot
// cover setup + the planned ramp + cleanup is refused before anything is created, unless it
// is renewable and its max TTL allows the run; then the control thread renews it at about half
// its TTL (TokenRenewer). Root tokens (TTL 0) never expire and pass.
#pragma once

#include "engine/runrecord.h"
#include "profile/profile.h"
#include "vault/tokeninfo.h"

#include <QString>
#include <cstdint>

namespace vw {

class VaultClient;

/// Time allowed for setup, the drain of in-flight requests and cleanup on top of the ramp, ms.
constexpr qint64 kTokenSetupCleanupMarginMs = 30'000;

/// The planned ramp: the sum of the stage durations (warm-up included), ms.
qint64 plannedRampMs(const RampSpec &ramp);

struct TokenVerdict {
    bool ok = true; ///< the token may run this plan
    bool renew = false; ///< ok only when renewed during the run
    QString refusal; ///< why not (names the TTL and the run's planned length), when !ok
};

/// Judges `token` for a ramp of `rampMs` (plannedRampMs) plus kTokenSetupCleanupMarginMs.
TokenVerdict assessTokenLifetime(const TokenInfo &token, qint64 rampMs);

/// Renews the run's token at about half its TTL. Control thread only (it uses the run's
/// VaultClient); never on a worker or the GUI thread. Inactive unless start()ed.
class TokenRenewer {
public:
    /// Renewals start: the first when half of use->ttlSeconds has passed from `nowNs`. Each
    /// renewal and the last error are counted in *use (the run's RunRecord::token); `client`
    /// and `use` must outlive stop().
    void start(VaultClient *client, TokenUse *use, int64_t nowNs);
    void stop()
    {
        m_client = nullptr;
        m_use = nullptr;
    }
    bool active() const { return m_client != nullptr; }
    /// Renews when due; a no-op otherwise or when not started.
    void poll(int64_t nowNs);

private:
    VaultClient *m_client = nullptr;
    TokenUse *m_use = nullptr;
    int64_t m_dueNs = 0;
    int64_t m_retryNs = 0; ///< after a failed renewal: the next try
};

} // namespace vw
