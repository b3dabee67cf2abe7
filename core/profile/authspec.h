// The `auth:` block of a profile (docs/profile-format.md, "Per-VU credentials"): the
// measured requests are sent with tokens of their own instead of the run's (setup) token, so
// that they go through an ACL policy. Parsed by core/profile/authspecparser.h; acted on by
// core/engine/vucredentials.h.
#pragma once

#include <QString>
#include <QStringList>

namespace vw {

struct AuthSpec {
    /// "token", "approle" or "userpass"; empty when the profile has no `auth:` block (the
    /// requests carry the run's token).
    QString method;
    /// The policy's HCL rules, or "least": the union of the operations' aclRules()
    /// (core/ops/operation.h).
    QString policy = QStringLiteral("least");
    bool perVu = true; ///< `per: vu` (one token per VU) or `per: run` (one shared)
    qint64 ttlMs = 10 * 60 * 1000; ///< the tokens' TTL, ms; renewed at about half of it

    bool enabled() const { return !method.isEmpty(); }
    bool leastPrivilege() const { return policy == QLatin1String("least"); }
    static QStringList methods()
    {
        return {QStringLiteral("token"), QStringLiteral("approle"), QStringLiteral("userpass")};
    }

    bool operator==(const AuthSpec &o) const
    {
        return method == o.method && policy == o.policy && perVu == o.perVu && ttlMs == o.ttlMs;
    }
    bool operator!=(const AuthSpec &o) const { return !(*this == o); }
};

} // namespace vw
