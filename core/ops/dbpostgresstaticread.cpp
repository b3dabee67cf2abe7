#include "ops/dbpostgresstaticread.h"

#include "ops/postgresprobe.h"
#include "vault/vaultclient.h"

#include <QJsonObject>
#include <QRandomGenerator>

namespace vw {

bool DbPostgresStaticReadOperation::setup(VaultClient &client, const SetupContext &ctx,
                                          QString *error)
{
    if (!resolvePostgresConnection(m_params.connection, m_params.passwordFile, &m_pg, error))
        return false;
    const QString user = QStringLiteral("%1-static-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    {
        PostgresClient pg;
        if (!pg.connect(m_pg, error))
            return false;
        QByteArray random(24, Qt::Uninitialized);
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                              random.size() / 4);
        // A first password nobody keeps: Vault rotates it when the static role is made.
        const QString sql = QStringLiteral("CREATE ROLE %1 WITH LOGIN PASSWORD %2")
                                .arg(pg.quoteIdentifier(user),
                                     pg.quoteLiteral(QString::fromLatin1(random.toHex())));
        if (!pg.exec(sql, error)) {
            *error = QStringLiteral("create the PostgreSQL user %1: %2").arg(user, *error);
            return false;
        }
        m_user = user;
    }
    const QString mount = setupPostgresMount(m_created, client, ctx, m_params, &m_pg, error);
    if (mount.isEmpty())
        return false;
    const QJsonObject role{{QStringLiteral("db_name"), QStringLiteral("bench")},
                           {QStringLiteral("username"), user},
                           {QStringLiteral("rotation_period"), 24 * 3600}};
    if (!m_created.writeRole(client, mount + QStringLiteral("/static-roles/bench"), role, error))
        return false;
    m_path = "/v1/" + mount.toUtf8() + "/static-creds/bench";
    return true;
}

bool DbPostgresStaticReadOperation::cleanup(VaultClient &client, QString *error)
{
    bool ok = CreatingOperation::cleanup(client, error);
    if (m_user.isEmpty())
        return ok;
    PostgresClient pg;
    QString why;
    if (pg.connect(m_pg, &why)
        && pg.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(pg.quoteIdentifier(m_user)),
                   &why)) {
        m_user.clear();
        return ok;
    }
    if (error)
        *error = (ok ? QString() : *error + QStringLiteral("; "))
                 + QStringLiteral("drop the PostgreSQL user %1: %2").arg(m_user, why);
    return false;
}

HttpRequest DbPostgresStaticReadOperation::nextRequest(VuState &) const
{
    return {QByteArrayLiteral("GET"), m_path, QByteArray()};
}

ErrorClass DbPostgresStaticReadOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"password\"") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

QString DbPostgresStaticReadOperation::aclRules() const
{
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(QString::fromUtf8(m_path.mid(4)));
}

OperationType dbPostgresStaticReadType()
{
    OperationType t;
    t.name = QStringLiteral("db_postgres_static_read");
    t.group = OperationGroup::Database;
    t.description = QStringLiteral("Database secrets: the current password of a static "
                                   "PostgreSQL role (no lease)");
    t.request = QStringLiteral("GET /v1/<mount>/static-creds/bench");
    t.setup = QStringLiteral("a PostgreSQL user `<prefix>-static-<i>`, a database mount, "
                             "connection `bench`, static role `bench` (rotation 24 h)");
    t.params = dbPostgresConnectionParams();
    t.create = [](const OpParams &params) {
        return std::make_unique<DbPostgresStaticReadOperation>(DbPostgresParams::from(params));
    };
    return t;
}

std::unique_ptr<ServiceProbe> DbPostgresStaticReadOperation::serviceProbe() const
{
    return m_user.isEmpty() ? nullptr : std::make_unique<PostgresProbe>(m_pg);
}

} // namespace vw
