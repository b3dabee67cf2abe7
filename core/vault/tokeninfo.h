// What the server says about the run's own token (GET auth/token/lookup-self), for the
// pre-flight's token-lifetime check (core/engine/tokenlifetime.h). Only lifetime facts and
// policies: never the token, its id or its accessor.
#pragma once

#include <QJsonObject>
#include <QStringList>

namespace vw {

struct TokenInfo {
    /// Remaining lifetime in seconds when looked up; 0 = the token never expires (root).
    qint64 ttlSeconds = 0;
    bool renewable = false;
    /// The token's hard cap from its creation, seconds (explicit_max_ttl); 0 = none set.
    qint64 explicitMaxTtlSeconds = 0;
    /// Periodic token: each renewal restores this TTL, seconds; 0 = not periodic.
    qint64 periodSeconds = 0;
    /// How long the token can live from the lookup on, renewals included, when
    /// explicit_max_ttl caps it: seconds; -1 = no cap the lookup shows (the server's mount
    /// and system max TTL still apply at renewal).
    qint64 maxRemainingSeconds = -1;
    QStringList policies;

    /// From lookup-self's JSON ({"data":{"ttl","renewable","explicit_max_ttl","period",
    /// "creation_time","expire_time","policies",...}}). Reads nothing else (no id, no
    /// accessor). The cap is measured on the server's clock (expire_time - ttl), not ours.
    static TokenInfo fromLookup(const QJsonObject &response);
};

} // namespace vw
