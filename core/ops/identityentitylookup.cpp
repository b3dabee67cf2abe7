#include "ops/identityentitylookup.h"

namespace vw {

bool IdentityEntityLookupOperation::setup(VaultClient &client, const SetupContext &ctx,
                                          QString *error)
{
    const QString prefix = QStringLiteral("%1-entl-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    m_created.trackIdentity(ResourceKind::Entities, prefix);
    const QJsonObject metadata = identityMetadata(ctx.runPrefix);
    m_paths.clear();
    m_paths.reserve(m_entities);
    for (int i = 0; i < m_entities; ++i) {
        const QString name = QStringLiteral("%1-%2").arg(prefix).arg(i);
        QString id;
        if (!createIdentityEntity(client, name, metadata, &id, error))
            return false;
        m_paths.append(m_by == IdentityLookupBy::Id ? "/v1/identity/entity/id/" + id.toUtf8()
                                                    : "/v1/identity/entity/name/" + name.toUtf8());
    }
    return true;
}

HttpRequest IdentityEntityLookupOperation::nextRequest(VuState &vu) const
{
    return {
        QByteArrayLiteral("GET"), m_paths.at(qsizetype(vu.rng() % quint64(m_paths.size()))), {}};
}

ErrorClass IdentityEntityLookupOperation::classify(const HttpResult &result) const
{
    return classifyIdentityRead(result);
}

QString IdentityEntityLookupOperation::aclRules() const
{
    return QStringLiteral("path \"identity/entity/%1/*\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(m_by == IdentityLookupBy::Id ? QStringLiteral("id") : QStringLiteral("name"));
}

OperationType identityEntityLookupType()
{
    OperationType t;
    t.name = QStringLiteral("identity_entity_lookup");
    t.group = OperationGroup::Identity;
    t.description = QStringLiteral("identity entity read, by id or name, of one of `entities` "
                                   "entities made at setup");
    t.request = QStringLiteral("GET /v1/identity/entity/id/<id> (by: name: /name/<name>)");
    t.setup = QStringLiteral("`entities` entities (one request each); cleanup deletes them");
    t.params = {integerParam(QStringLiteral("entities"), 1, 100000, 1000,
                             QStringLiteral("entities"),
                             QStringLiteral("entities made at setup, one read at random per "
                                            "request")),
                identityLookupByParam()};
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<IdentityEntityLookupOperation>(
            int(params.integer(QStringLiteral("entities"))),
            params.text(QStringLiteral("by")) == QLatin1String("name") ? IdentityLookupBy::Name
                                                                       : IdentityLookupBy::Id);
    };
    return t;
}

} // namespace vw
