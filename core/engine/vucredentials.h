// Per-VU credentials (profile `auth:` block, core/profile/authspec.h; docs/profile-format.md):
// on the run's control thread, after the operations' setup, makes an auth method (through a
// ResourceTracker, core/ops/opsupport.h: tagged with the run prefix, removed at cleanup), a
// policy ("least" = the union of the operations' aclRules(), core/ops/operation.h, or the
// profile's HCL) and a role or user with it, then logs in once per VU (`per: vu`) or once for
// the run (`per: run`) before the measured window. The workers get the tokens through
// WorkerPool::setVuTokens() (VuState::token) before their first stage. Each token is renewed
// (auth/token/renew-self with that token: the token string stays the same) at about half its
// TTL by poll() on the control thread. Login times go into AuthUse (RunRecord::auth), apart
// from the measured operations. The setup token is used only to create and remove these.
//   approle  : AppRole method "<prefix>-vuauth", role "bench" (token_ttl = ttl), one secret_id,
//              a login per token.
//   userpass : userpass method "<prefix>-vuauth", user "bench" with a random password, a login
//              per token (bcrypt on the server).
//   token    : an AppRole method "<prefix>-vuauth" whose one login is a parent token allowed
//              to create tokens with the policy; the VU tokens are its children
//              (auth/token/create), revoked with it when cleanup disables the method.
#pragma once

#include "engine/runrecord.h"
#include "ops/opsupport.h"
#include "profile/authspec.h"
#include "vault/targetspec.h"

#include <QByteArray>
#include <QVector>
#include <cstdint>
#include <memory>

namespace vw {

class VaultClient;

class VuCredentials {
public:
    VuCredentials(const AuthSpec &spec, const TargetSpec &target);
    ~VuCredentials();

    /// Creates the method, policy and role/user with `setupClient` (the run's token) and logs
    /// in `vus` times (per: vu) or once (per: run). `leastRules` is the union of the
    /// operations' aclRules(), used for policy "least". Fills *use (method, per, logins and
    /// login times). False + *error; what was created is in resources() either way.
    bool setup(VaultClient &setupClient, const QString &runPrefix, const QString &leastRules,
               int vus, AuthUse *use, QString *error);
    /// Token of VU `vu` (0-based): its own (per: vu) or the run's (per: run); empty before setup.
    QByteArray tokenFor(int vu) const;
    /// Tokens by VU number, 0 .. vus-1 (for WorkerPool::setVuTokens).
    QVector<QByteArray> tokensByVu(int vus) const;
    /// Renews every token that reached half its TTL (control thread; a no-op before setup).
    void poll(int64_t nowNs);
    /// Forgets the tokens and removes what setup made (disabling the method revokes them).
    bool cleanup(VaultClient &setupClient, QString *error);
    QList<WorkbenchResource> resources() const { return m_created.resources(); }

private:
    struct Held {
        QByteArray token;
        int64_t renewDueNs = 0;
    };
    /// One login (or, for method token, one creation by the parent); false + *error.
    bool login(QByteArray *token, qint64 *ttlSeconds, QString *error);

    AuthSpec m_spec;
    TargetSpec m_target;
    ResourceTracker m_created;
    /// Logins and renewals: sends no token of its own (each request carries its token).
    std::unique_ptr<VaultClient> m_loginClient;
    QByteArray m_loginPath; ///< "/v1/auth/<mount>/login..." or "/v1/auth/token/create"
    QByteArray m_loginBody;
    QByteArray m_parent; ///< method token: the parent token
    QVector<Held> m_tokens; ///< one (per: run) or one per VU
    AuthUse *m_use = nullptr;
};

} // namespace vw
