// The LDAP secrets engine (OpenBao's `ldap`/`openldap` plugin, schema openldap) against a
// directory (core/localtarget/slapd.h), mounted at "<runPrefix>-ldapsecrets-<opIndex>" with
// the directory's admin as its binddn (docs/profile-format.md "LDAP"):
// - ldap_dynamic_creds: GET /v1/<mount>/creds/bench: a dynamic role whose creation LDIF adds
//   uid=<username>,ou=dynamic,<base> (inetOrgPerson with the generated password) before Vault
//   answers; each answer is a lease, whose revocation runs the deletion LDIF (the entry is
//   deleted). With `revoke: true` every other request of a VU is PUT /v1/sys/leases/revoke of
//   the lease it read last (as db_postgres_creds). Cleanup revokes the mount's leases by
//   prefix (deleting their entries), then disables it. vault-benchmark's ldap_dynamic_secret.
// - ldap_static_read: GET /v1/<mount>/static-cred/bench: a static role on the seeded account
//   uid=svc<opIndex mod 8>,ou=services,<base>; creating the role rotates that account's
//   password in the directory (once; `rotation_period` 24h), each read is a storage read, no
//   lease, nothing in the directory. The rotated password stays after cleanup (the account
//   is the seed's; nobody logs in with it). vault-benchmark's ldap_static_secret.
// OpenBao 2.7 does not ship this engine (openbao/openbao#3882: in openbao-plugins); OpenBao
// 2.6 and HashiCorp Vault do. On a server without it setup fails with that explanation.
#pragma once

#include "localtarget/slapd.h"
#include "ops/creatingoperation.h"
#include "ops/leasecounter.h"
#include "ops/operationtype.h"

namespace vw {

/// `connection` ("slapd" or ldap://HOST:PORT/BASEDN) and, for a URL, `bind_dn` and
/// `password_file`: the directory the engine manages (resolveLdapConnection()).
struct LdapSecretsParams {
    QString connection;
    QString bindDn;
    QString passwordFile;
    static LdapSecretsParams from(const OpParams &params);
};

class LdapDynamicCredsOperation : public CreatingOperation {
public:
    LdapDynamicCredsOperation(const LdapSecretsParams &params, bool revoke, qint64 ttlMs)
        : m_params(params)
        , m_revoke(revoke)
        , m_ttlSeconds(ttlMs / 1000)
    {
    }
    /// Enables the mount, its config and the dynamic role "bench" (`ttl` as default_ttl and
    /// max_ttl).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// Revokes the mount's leases by prefix (their deletion LDIF), then removes the mount.
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    std::unique_ptr<OpVuState> newVuState() const override;
    void onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const override;
    /// creds: 200 with "lease_id" and "username" (else InvalidResponse); revoke: 204.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/creds/bench"; with `revoke` update on "sys/leases/revoke".
    QString aclRules() const override;
    std::optional<LeaseCounts> leaseCounts() const override { return m_leases.counts(); }
    QString leasePrefix() const override { return m_mount + QStringLiteral("/creds/bench/"); }
    /// The directory read beside the server (core/ops/slapdprobe.h), after setup.
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

private:
    LdapSecretsParams m_params;
    LdapConnection m_directory; ///< after setup
    bool m_revoke = false;
    qint64 m_ttlSeconds = 3600;
    QString m_mount;
    QByteArray m_credsPath;
    LeaseCounter m_leases;
};

class LdapStaticReadOperation : public CreatingOperation {
public:
    explicit LdapStaticReadOperation(const LdapSecretsParams &params)
        : m_params(params)
    {
    }
    /// Enables the mount, its config and the static role "bench" on uid=svc<opIndex mod 8>.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 with "password" (else InvalidResponse).
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/static-cred/bench".
    QString aclRules() const override;
    /// The directory read beside the server (core/ops/slapdprobe.h), after setup.
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

    /// The account's DN (after setup).
    QString accountDn() const { return m_dn; }

private:
    LdapSecretsParams m_params;
    LdapConnection m_directory; ///< after setup
    QByteArray m_path;
    QString m_dn;
};

OperationType ldapDynamicCredsType();
OperationType ldapStaticReadType();

} // namespace vw
