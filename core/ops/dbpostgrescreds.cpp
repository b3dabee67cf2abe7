#include "ops/dbpostgrescreds.h"

#include "ops/postgresprobe.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonObject>

namespace vw {

namespace {

/// The lease the VU read last and has not revoked yet.
struct LeaseVuState : OpVuState {
    QByteArray pendingLease;
};

const QByteArray kRevokePath = QByteArrayLiteral("/v1/sys/leases/revoke");

} // namespace

bool DbPostgresCredsOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_mount = setupPostgresMount(m_created, client, ctx, m_params, &m_pg, error);
    if (m_mount.isEmpty())
        return false;
    const QJsonObject role{
        {QStringLiteral("db_name"), QStringLiteral("bench")},
        {QStringLiteral("creation_statements"),
         QJsonArray{QStringLiteral("CREATE ROLE \"{{name}}\" WITH LOGIN PASSWORD '{{password}}' "
                                   "VALID UNTIL '{{expiration}}';")}},
        {QStringLiteral("revocation_statements"),
         QJsonArray{QStringLiteral("DROP ROLE IF EXISTS \"{{name}}\";")}},
        {QStringLiteral("default_ttl"), m_ttlSeconds},
        {QStringLiteral("max_ttl"), m_ttlSeconds}};
    if (!m_created.writeRole(client, m_mount + QStringLiteral("/roles/bench"), role, error))
        return false;
    m_credsPath = "/v1/" + m_mount.toUtf8() + "/creds/bench";
    return true;
}

bool DbPostgresCredsOperation::cleanup(VaultClient &client, QString *error)
{
    QString revokeError;
    const bool revoked =
        m_mount.isEmpty() || revokeLeasesByPrefix(client, m_mount + QLatin1Char('/'), &revokeError);
    // Disabling the mount revokes what is left too, so a failed revoke-prefix (e.g. a token
    // without sudo on it) only matters when the mount stays.
    const bool removed = CreatingOperation::cleanup(client, error);
    if (!removed && !revoked && error)
        *error = revokeError + QStringLiteral("; ") + *error;
    return removed;
}

std::unique_ptr<ServiceProbe> DbPostgresCredsOperation::serviceProbe() const
{
    return m_mount.isEmpty() ? nullptr : std::make_unique<PostgresProbe>(m_pg);
}

HttpRequest DbPostgresCredsOperation::nextRequest(VuState &vu) const
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

std::unique_ptr<OpVuState> DbPostgresCredsOperation::newVuState() const
{
    if (!m_revoke)
        return nullptr;
    return std::make_unique<LeaseVuState>();
}

void DbPostgresCredsOperation::onResponse(VuState &vu, const HttpResult &result,
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

ErrorClass DbPostgresCredsOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status == 204)
        return ErrorClass::None; // sys/leases/revoke
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"lease_id\":\"") && result.body.contains("\"username\"")
               ? ErrorClass::None
               : ErrorClass::InvalidResponse;
}

QString DbPostgresCredsOperation::aclRules() const
{
    QString rules = QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
                        .arg(QString::fromUtf8(m_credsPath.mid(4)));
    if (m_revoke)
        rules += QStringLiteral("path \"sys/leases/revoke\" {\n  capabilities = [\"update\"]\n}\n");
    return rules;
}

OperationType dbPostgresCredsType()
{
    OperationType t;
    t.name = QStringLiteral("db_postgres_creds");
    t.group = OperationGroup::Database;
    t.description = QStringLiteral("Database secrets: a dynamic PostgreSQL user (a lease; CREATE "
                                   "ROLE on the server), optionally revoked (DROP ROLE)");
    t.request = QStringLiteral("GET /v1/<mount>/creds/bench; with revoke, every other request "
                               "PUT /v1/sys/leases/revoke");
    t.setup = QStringLiteral("a database mount, connection `bench` to PostgreSQL, role `bench` "
                             "(CREATE ROLE ... VALID UNTIL; DROP ROLE)");
    t.params = dbPostgresConnectionParams();
    t.params << booleanParam(QStringLiteral("revoke"), false,
                             QStringLiteral("revoke each lease after reading it (PostgreSQL's "
                                            "DROP ROLE is measured too)"))
             << durationParam(QStringLiteral("ttl"), 1000, 24 * 3600 * 1000, 3600 * 1000, 1000,
                              QStringLiteral("the role's default and maximum lease TTL"));
    t.create = [](const OpParams &params) {
        return std::make_unique<DbPostgresCredsOperation>(DbPostgresParams::from(params),
                                                          params.boolean(QStringLiteral("revoke")),
                                                          params.durationMs(QStringLiteral("ttl")));
    };
    return t;
}

} // namespace vw
