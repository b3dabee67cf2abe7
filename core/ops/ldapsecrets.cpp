#include "ops/ldapsecrets.h"

#include "localtarget/slapd.h"
#include "ops/dbpostgrescommon.h"
#include "ops/ldaplogin.h"
#include "ops/slapdprobe.h"
#include "vault/vaultclient.h"

#include <QJsonObject>

namespace vw {

namespace {

struct LeaseVuState : OpVuState {
    QByteArray pendingLease;
};

const QByteArray kRevokePath = QByteArrayLiteral("/v1/sys/leases/revoke");

QList<ParamSpec> connectionParams()
{
    return {stringParam(QStringLiteral("connection"), slapdServiceName(),
                        QStringLiteral("\"slapd\" (the local target's service) or "
                                       "ldap://HOST:PORT/BASEDN")),
            stringParam(QStringLiteral("bind_dn"), QString(),
                        QStringLiteral("a connection URL's admin DN (the engine's binddn)")),
            stringParam(QStringLiteral("password_file"), QString(),
                        QStringLiteral("a file holding bind_dn's password"))};
}

/// Resolves the directory, enables "<prefix>-ldapsecrets-<i>" (type ldap) and writes its
/// config (schema openldap). The mount, or empty + *error.
QString setupLdapSecretsMount(ResourceTracker &created, VaultClient &client,
                              const SetupContext &ctx, const LdapSecretsParams &p,
                              LdapConnection *c, QString *error)
{
    if (!resolveLdapConnection(p.connection, p.bindDn, p.passwordFile, QString(), c, error))
        return {};
    const QString mount = QStringLiteral("%1-ldapsecrets-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!created.enableMount(client, mount, QStringLiteral("ldap"), ctx.runPrefix, {}, error)) {
        *error = explainMissingPlugin(*error, QStringLiteral("ldap"));
        return {};
    }
    // The config lives inside the mount and goes with it.
    const QJsonObject config{{QStringLiteral("url"), c->url},
                             {QStringLiteral("binddn"), c->bindDn},
                             {QStringLiteral("bindpass"), QString::fromUtf8(c->password)},
                             {QStringLiteral("schema"), QStringLiteral("openldap")},
                             {QStringLiteral("userdn"), c->servicesDn()}};
    const VaultResponse r = client.post(mount + QStringLiteral("/config"), config);
    if (!r.ok()) {
        *error = QStringLiteral("configure the LDAP secrets engine %1 for %2: %3")
                     .arg(mount, c->display(), r.describe());
        return {};
    }
    return mount;
}

} // namespace

LdapSecretsParams LdapSecretsParams::from(const OpParams &params)
{
    LdapSecretsParams p;
    p.connection = params.text(QStringLiteral("connection"));
    p.bindDn = params.text(QStringLiteral("bind_dn"));
    p.passwordFile = params.text(QStringLiteral("password_file"));
    return p;
}

bool LdapDynamicCredsOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    LdapConnection c;
    m_mount = setupLdapSecretsMount(m_created, client, ctx, m_params, &c, error);
    if (m_mount.isEmpty())
        return false;
    const QString dn = QStringLiteral("uid={{.Username}},") + c.dynamicDn();
    const QJsonObject role{
        {QStringLiteral("creation_ldif"),
         QStringLiteral("dn: %1\nobjectClass: inetOrgPerson\nuid: {{.Username}}\n"
                        "cn: {{.Username}}\nsn: {{.Username}}\nuserPassword: {{.Password}}\n")
             .arg(dn)},
        {QStringLiteral("deletion_ldif"), QStringLiteral("dn: %1\nchangetype: delete\n").arg(dn)},
        {QStringLiteral("rollback_ldif"), QStringLiteral("dn: %1\nchangetype: delete\n").arg(dn)},
        {QStringLiteral("username_template"), QStringLiteral("vwb_{{random 16 | lowercase}}")},
        {QStringLiteral("default_ttl"), m_ttlSeconds},
        {QStringLiteral("max_ttl"), m_ttlSeconds}};
    if (!m_created.writeRole(client, m_mount + QStringLiteral("/role/bench"), role, error))
        return false;
    m_credsPath = "/v1/" + m_mount.toUtf8() + "/creds/bench";
    m_directory = c;
    m_directory.users.clear(); // the probe needs the admin only
    return true;
}

std::unique_ptr<ServiceProbe> LdapDynamicCredsOperation::serviceProbe() const
{
    return m_directory.url.isEmpty() ? nullptr : std::make_unique<SlapdProbe>(m_directory);
}

bool LdapDynamicCredsOperation::cleanup(VaultClient &client, QString *error)
{
    QString revokeError;
    const bool revoked =
        m_mount.isEmpty() || revokeLeasesByPrefix(client, m_mount + QLatin1Char('/'), &revokeError);
    const bool removed = CreatingOperation::cleanup(client, error);
    if (!removed && !revoked && error)
        *error = revokeError + QStringLiteral("; ") + *error;
    return removed;
}

HttpRequest LdapDynamicCredsOperation::nextRequest(VuState &vu) const
{
    if (m_revoke && vu.opState) {
        auto *st = static_cast<LeaseVuState *>(vu.opState);
        if (!st->pendingLease.isEmpty()) {
            HttpRequest r{QByteArrayLiteral("PUT"), kRevokePath,
                          "{\"lease_id\":\"" + st->pendingLease + "\"}"};
            st->pendingLease.clear();
            return r;
        }
    }
    return {QByteArrayLiteral("GET"), m_credsPath, QByteArray()};
}

std::unique_ptr<OpVuState> LdapDynamicCredsOperation::newVuState() const
{
    if (!m_revoke)
        return nullptr;
    return std::make_unique<LeaseVuState>();
}

void LdapDynamicCredsOperation::onResponse(VuState &vu, const HttpResult &result,
                                           ErrorClass errorClass) const
{
    if (errorClass != ErrorClass::None)
        return;
    if (result.status == 204) {
        m_leases.addRevoked();
        return;
    }
    m_leases.addCreated();
    if (m_revoke && vu.opState)
        static_cast<LeaseVuState *>(vu.opState)->pendingLease = leaseIdOf(result.body);
}

ErrorClass LdapDynamicCredsOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status == 204)
        return ErrorClass::None;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"lease_id\":\"") && result.body.contains("\"username\"")
               ? ErrorClass::None
               : ErrorClass::InvalidResponse;
}

QString LdapDynamicCredsOperation::aclRules() const
{
    QString rules = QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
                        .arg(QString::fromUtf8(m_credsPath.mid(4)));
    if (m_revoke)
        rules += QStringLiteral("path \"sys/leases/revoke\" {\n  capabilities = [\"update\"]\n}\n");
    return rules;
}

bool LdapStaticReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    LdapConnection c;
    const QString mount = setupLdapSecretsMount(m_created, client, ctx, m_params, &c, error);
    if (mount.isEmpty())
        return false;
    const QString uid = QStringLiteral("svc%1").arg(ctx.opIndex % kLdapServiceAccounts);
    m_dn = QStringLiteral("uid=%1,%2").arg(uid, c.servicesDn());
    const QJsonObject role{{QStringLiteral("username"), uid},
                           {QStringLiteral("dn"), m_dn},
                           {QStringLiteral("rotation_period"), QStringLiteral("24h")}};
    if (!m_created.writeRole(client, mount + QStringLiteral("/static-role/bench"), role, error))
        return false;
    m_path = "/v1/" + mount.toUtf8() + "/static-cred/bench";
    m_directory = c;
    m_directory.users.clear(); // the probe needs the admin only
    return true;
}

std::unique_ptr<ServiceProbe> LdapStaticReadOperation::serviceProbe() const
{
    return m_directory.url.isEmpty() ? nullptr : std::make_unique<SlapdProbe>(m_directory);
}

HttpRequest LdapStaticReadOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    return {QByteArrayLiteral("GET"), m_path, QByteArray()};
}

ErrorClass LdapStaticReadOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"password\":\"") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

QString LdapStaticReadOperation::aclRules() const
{
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(QString::fromUtf8(m_path.mid(4)));
}

OperationType ldapDynamicCredsType()
{
    OperationType t;
    t.name = QStringLiteral("ldap_dynamic_creds");
    t.group = OperationGroup::Ldap;
    t.description = QStringLiteral("LDAP secrets: a dynamic directory entry (a lease; an LDAP "
                                   "add), optionally revoked (an LDAP delete)");
    t.request = QStringLiteral("GET /v1/<mount>/creds/bench; with revoke, every other request "
                               "PUT /v1/sys/leases/revoke");
    t.setup = QStringLiteral("an ldap secrets mount (schema openldap) on the directory of "
                             "`connection`, dynamic role `bench` (creation LDIF adds "
                             "uid=<name>,ou=dynamic; deletion LDIF deletes it); needs the ldap "
                             "plugin (not in OpenBao 2.7's binary)");
    t.params = connectionParams();
    t.params << booleanParam(QStringLiteral("revoke"), false,
                             QStringLiteral("revoke each lease after reading it (the LDAP "
                                            "delete is measured too)"))
             << durationParam(QStringLiteral("ttl"), 1000, 24 * 3600 * 1000, 3600 * 1000, 1000,
                              QStringLiteral("the role's default and maximum lease TTL"));
    t.create = [](const OpParams &params) {
        return std::make_unique<LdapDynamicCredsOperation>(
            LdapSecretsParams::from(params), params.boolean(QStringLiteral("revoke")),
            params.durationMs(QStringLiteral("ttl")));
    };
    return t;
}

OperationType ldapStaticReadType()
{
    OperationType t;
    t.name = QStringLiteral("ldap_static_read");
    t.group = OperationGroup::Ldap;
    t.description = QStringLiteral("LDAP secrets: a static role's current password (no lease, "
                                   "nothing in the directory)");
    t.request = QStringLiteral("GET /v1/<mount>/static-cred/bench");
    t.setup = QStringLiteral("an ldap secrets mount (schema openldap) on the directory of "
                             "`connection`, static role `bench` on uid=svc<i mod 8>,ou=services "
                             "(its password rotated once; 24h period); needs the ldap plugin");
    t.params = connectionParams();
    t.create = [](const OpParams &params) {
        return std::make_unique<LdapStaticReadOperation>(LdapSecretsParams::from(params));
    };
    return t;
}

} // namespace vw
