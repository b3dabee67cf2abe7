#include "ops/ldaplogin.h"

#include "ops/approlelogin.h"
#include "ops/slapdprobe.h"
#include "vault/vaultclient.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

LdapDirectoryParams LdapDirectoryParams::from(const OpParams &params)
{
    LdapDirectoryParams p;
    p.connection = params.text(QStringLiteral("connection"));
    p.bindDn = params.text(QStringLiteral("bind_dn"));
    p.passwordFile = params.text(QStringLiteral("password_file"));
    p.usersFile = params.text(QStringLiteral("users_file"));
    return p;
}

QString explainMissingPlugin(const QString &error, const QString &type)
{
    if (!error.contains(QLatin1String("plugin not found in the catalog")))
        return error;
    return error
           + QStringLiteral(" (this server does not ship the %1 plugin: OpenBao 2.7 moved ldap, "
                            "kerberos and radius out of its binary into openbao-plugins, "
                            "openbao/openbao#3882; register that plugin as \"%1\" or use a server "
                            "that has it; docs/profile-format.md \"LDAP\")")
                 .arg(type);
}

bool LdapLoginOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    LdapConnection c;
    if (!resolveLdapConnection(m_directory.connection, m_directory.bindDn, m_directory.passwordFile,
                               m_directory.usersFile, &c, error))
        return false;
    if (c.users.isEmpty()) {
        *error = QStringLiteral("ldap_login on %1 needs users_file (uid<TAB>password lines of "
                                "the users it logs in as)")
                     .arg(c.display());
        return false;
    }
    // The directory first: the admin binds and the users are there (a clear error here beats
    // Vault's "ldap operation failed" at the first login).
    {
        LdapClient ldap;
        QString e;
        if (!ldap.open(c.url, &e) || ldap.bind(c.bindDn, c.password, &e) != 0) {
            *error = QStringLiteral("LDAP directory %1: %2").arg(c.display(), e);
            return false;
        }
        const auto found =
            ldap.searchDns(c.usersDn(), QStringLiteral("(uid=%1)").arg(c.users.first().first), &e);
        if (!found || found->isEmpty()) {
            *error = QStringLiteral("LDAP directory %1: user %2 is not under %3 %4")
                         .arg(c.display(), c.users.first().first, c.usersDn(), e);
            return false;
        }
    }
    const QString mount = QStringLiteral("%1-ldap-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!m_created.enableAuth(client, mount, QStringLiteral("ldap"), ctx.runPrefix, {}, error)) {
        *error = explainMissingPlugin(*error, QStringLiteral("ldap"));
        return false;
    }
    // The config lives inside the auth method and goes with it.
    QJsonObject config = m_login.tokenFields();
    config.insert(QStringLiteral("url"), c.url);
    config.insert(QStringLiteral("binddn"), c.bindDn);
    config.insert(QStringLiteral("bindpass"), QString::fromUtf8(c.password));
    config.insert(QStringLiteral("userdn"), c.usersDn());
    config.insert(QStringLiteral("userattr"), QStringLiteral("uid"));
    config.insert(QStringLiteral("groupdn"), c.groupsDn());
    config.insert(QStringLiteral("groupattr"), QStringLiteral("cn"));
    config.insert(QStringLiteral("groupfilter"),
                  QStringLiteral("(|(memberUid={{.Username}})(member={{.UserDN}})"
                                 "(uniqueMember={{.UserDN}}))"));
    config.insert(QStringLiteral("deny_null_bind"), true);
    const VaultResponse r = client.post(QStringLiteral("auth/%1/config").arg(mount), config);
    if (!r.ok()) {
        *error = QStringLiteral("configure ldap auth %1 for %2: %3")
                     .arg(mount, c.display(), r.describe());
        return false;
    }
    m_paths.clear();
    m_bodies.clear();
    for (const auto &u : std::as_const(c.users)) {
        m_paths << "/v1/auth/" + mount.toUtf8() + "/login/" + u.first.toUtf8();
        m_bodies << QJsonDocument(
                        QJsonObject{{QStringLiteral("password"), QString::fromUtf8(u.second)}})
                        .toJson(QJsonDocument::Compact);
    }
    m_directoryConnection = c;
    m_directoryConnection.users.clear(); // the probe needs the admin only
    return true;
}

std::unique_ptr<ServiceProbe> LdapLoginOperation::serviceProbe() const
{
    return m_directoryConnection.url.isEmpty()
               ? nullptr
               : std::make_unique<SlapdProbe>(m_directoryConnection);
}

HttpRequest LdapLoginOperation::nextRequest(VuState &vu) const
{
    const qsizetype i = qsizetype(vu.vu) % m_paths.size();
    return {QByteArrayLiteral("POST"), m_paths.at(i), m_bodies.at(i)};
}

ErrorClass LdapLoginOperation::classify(const HttpResult &result) const
{
    return classifyLogin(result);
}

OperationType ldapLoginType()
{
    OperationType t;
    t.name = QStringLiteral("ldap_login");
    t.group = OperationGroup::Auth;
    t.description = QStringLiteral("ldap login, each VU as its own user of a directory (an LDAP "
                                   "search and bind per login)");
    t.request = QStringLiteral("POST /v1/auth/<mount>/login/<uid> (VU v: user v mod N)");
    t.setup = QStringLiteral("an ldap auth method against the directory of `connection` (userdn "
                             "ou=users, userattr uid, groupdn ou=groups), token_ttl = `ttl` and "
                             "token_type = `type`; needs the ldap plugin (not in OpenBao 2.7's "
                             "binary)");
    t.params = loginTokenParams();
    t.params << stringParam(QStringLiteral("connection"), slapdServiceName(),
                            QStringLiteral("\"slapd\" (the local target's service) or "
                                           "ldap://HOST:PORT/BASEDN"))
             << stringParam(QStringLiteral("bind_dn"), QString(),
                            QStringLiteral("a connection URL's admin DN (searches ou=users)"))
             << stringParam(QStringLiteral("password_file"), QString(),
                            QStringLiteral("a file holding bind_dn's password"))
             << stringParam(QStringLiteral("users_file"), QString(),
                            QStringLiteral("a connection URL's users: uid<TAB>password lines"));
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<LoginParams> p = LoginParams::from(params);
        if (!p)
            return nullptr;
        return std::make_unique<LdapLoginOperation>(*p, LdapDirectoryParams::from(params));
    };
    return t;
}

} // namespace vw
