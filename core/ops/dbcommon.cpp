#include "ops/dbcommon.h"

#include "vault/vaultclient.h"

#include <QJsonArray>

namespace vw {

namespace {

/// The lease the VU read last and has not revoked yet.
struct LeaseVuState : OpVuState {
    QByteArray pendingLease;
};

const QByteArray kRevokePath = QByteArrayLiteral("/v1/sys/leases/revoke");

} // namespace

bool revokeLeasesByPrefix(VaultClient &client, const QString &prefix, QString *error)
{
    const VaultResponse r =
        client.withTimeout(10 * 60 * 1000)
            ->request("PUT", QStringLiteral("sys/leases/revoke-prefix/") + prefix,
                      QJsonObject{{QStringLiteral("sync"), true}});
    if (r.ok() || r.alreadyGone())
        return true;
    if (error)
        *error = QStringLiteral("revoke the leases under %1: %2").arg(prefix, r.describe());
    return false;
}

QString setupDatabaseMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                           QJsonObject config, const QString &what, QString *error)
{
    const QString mount = QStringLiteral("%1-db-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!created.enableMount(client, mount, QStringLiteral("database"), ctx.runPrefix, {}, error))
        return {};
    // The connection lives inside the mount and goes with it, like a role.
    config.insert(QStringLiteral("allowed_roles"), QStringLiteral("bench"));
    config.insert(QStringLiteral("verify_connection"), true);
    const VaultResponse r = client.post(mount + QStringLiteral("/config/bench"), config);
    if (!r.ok()) {
        *error = QStringLiteral("configure %1 on %2: %3").arg(what, mount, r.describe());
        return {};
    }
    return mount;
}

QList<ParamSpec> dbCredsParams(const QString &server)
{
    return {
        booleanParam(
            QStringLiteral("revoke"), false,
            QStringLiteral("revoke each lease after reading it (%1 is measured too)").arg(server)),
        durationParam(QStringLiteral("ttl"), 1000, 24 * 3600 * 1000, 3600 * 1000, 1000,
                      QStringLiteral("the role's default and maximum lease TTL"))};
}

void DbCredsOperation::setMount(const QString &mount)
{
    m_mount = mount;
    m_credsPath = "/v1/" + mount.toUtf8() + "/creds/bench";
}

bool DbCredsOperation::writeCredsRole(VaultClient &client, const QJsonArray &creation,
                                      const QJsonArray &revocation, QString *error)
{
    const QJsonObject role{{QStringLiteral("db_name"), QStringLiteral("bench")},
                           {QStringLiteral("creation_statements"), creation},
                           {QStringLiteral("revocation_statements"), revocation},
                           {QStringLiteral("default_ttl"), m_ttlSeconds},
                           {QStringLiteral("max_ttl"), m_ttlSeconds}};
    return m_created.writeRole(client, m_mount + QStringLiteral("/roles/bench"), role, error);
}

bool DbCredsOperation::cleanup(VaultClient &client, QString *error)
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

HttpRequest DbCredsOperation::nextRequest(VuState &vu) const
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

std::unique_ptr<OpVuState> DbCredsOperation::newVuState() const
{
    if (!m_revoke)
        return nullptr;
    return std::make_unique<LeaseVuState>();
}

void DbCredsOperation::onResponse(VuState &vu, const HttpResult &result,
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

ErrorClass DbCredsOperation::classify(const HttpResult &result) const
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

QString DbCredsOperation::aclRules() const
{
    QString rules = QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
                        .arg(QString::fromUtf8(m_credsPath.mid(4)));
    if (m_revoke)
        rules += QStringLiteral("path \"sys/leases/revoke\" {\n  capabilities = [\"update\"]\n}\n");
    return rules;
}

} // namespace vw
