// ldap_login: POST /v1/auth/<mount>/login/<uid> {password} (vault-benchmark's ldap_auth): the
// ldap auth method against a directory, each VU logging in as its own seeded user (VU v as
// user v mod N of the directory's N users). Setup checks the directory with libldap (the
// admin binds and ou=users holds the users, core/localtarget/slapd.h), enables ldap at
// "<runPrefix>-ldap-<opIndex>" and writes its config: url, binddn/bindpass (the admin's;
// Vault searches with it), userdn ou=users,<base>, userattr uid, groupdn ou=groups,<base>,
// groupattr cn, the login token fields (`ttl`, `type`, core/ops/authsupport.h). Each login
// costs the server an LDAP search and a bind on the directory. Success is 200 with a
// non-empty auth.client_token (classifyLogin, core/ops/approlelogin.h); a wrong password is
// a 400 (HttpStatus). Disabling the method at cleanup revokes its tokens; the directory is
// only read (docs/profile-format.md "LDAP").
//
// OpenBao 2.7 no longer ships the ldap auth method in its binary (openbao/openbao#3882 moved
// it to openbao-plugins; docs/profile-format.md "LDAP"): on such a server setup
// fails with that explanation, and works where `ldap` is in the plugin catalog (HashiCorp
// Vault, OpenBao 2.6 and older, or openbao-plugins' ldap registered as "ldap").
#pragma once

#include "localtarget/slapd.h"
#include "ops/authsupport.h"
#include "ops/creatingoperation.h"
#include "ops/operationtype.h"

#include <QByteArrayList>

namespace vw {

/// Where ldap_login's directory is: `connection` ("slapd" or ldap://HOST:PORT/BASEDN) and,
/// for a URL, `bind_dn`, `password_file` and `users_file` (resolveLdapConnection()).
struct LdapDirectoryParams {
    QString connection = slapdServiceName();
    QString bindDn;
    QString passwordFile;
    QString usersFile;
    static LdapDirectoryParams from(const OpParams &params);
};

class LdapLoginOperation : public CreatingOperation {
public:
    LdapLoginOperation(const LoginParams &login, const LdapDirectoryParams &directory)
        : m_login(login)
        , m_directory(directory)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// POST the VU's user's login (VU v: user v mod N).
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// The directory read beside the server (core/ops/slapdprobe.h), after setup.
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

    /// The seeded users the VUs log in as (after setup).
    int userCount() const { return int(m_paths.size()); }

private:
    LoginParams m_login;
    LdapDirectoryParams m_directory;
    LdapConnection m_directoryConnection; ///< after setup, without the users' passwords
    QByteArrayList m_paths; ///< "/v1/auth/<mount>/login/<uid>" per user
    QByteArrayList m_bodies; ///< {"password": ...} per user
};

OperationType ldapLoginType();

/// The hint added to an error of enabling `type` ("ldap", "radius", ...) when the server
/// says it has no such plugin (OpenBao 2.7: moved to openbao-plugins); `error` unchanged
/// otherwise.
QString explainMissingPlugin(const QString &error, const QString &type);

} // namespace vw
