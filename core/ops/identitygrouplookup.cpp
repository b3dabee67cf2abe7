#include "ops/identitygrouplookup.h"

namespace vw {

bool IdentityGroupLookupOperation::setup(VaultClient &client, const SetupContext &ctx,
                                         QString *error)
{
    const QString entityPrefix = QStringLiteral("%1-grpe-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    const QString groupPrefix = QStringLiteral("%1-grpl-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    // Removed newest first: the groups, then their members.
    m_created.trackIdentity(ResourceKind::Entities, entityPrefix);
    m_created.trackIdentity(ResourceKind::Groups, groupPrefix);
    const QJsonObject metadata = identityMetadata(ctx.runPrefix);
    QVector<QStringList> members(m_groups);
    for (int i = 0; i < m_entities; ++i) {
        QString id;
        if (!createIdentityEntity(client, QStringLiteral("%1-%2").arg(entityPrefix).arg(i),
                                  metadata, &id, error))
            return false;
        members[i % m_groups] << id;
    }
    m_paths.clear();
    m_paths.reserve(m_groups);
    for (int g = 0; g < m_groups; ++g) {
        const QString name = QStringLiteral("%1-%2").arg(groupPrefix).arg(g);
        QString id;
        if (!createIdentityGroup(client, name, metadata, members.at(g), &id, error))
            return false;
        m_paths.append(m_by == IdentityLookupBy::Id ? "/v1/identity/group/id/" + id.toUtf8()
                                                    : "/v1/identity/group/name/" + name.toUtf8());
    }
    return true;
}

HttpRequest IdentityGroupLookupOperation::nextRequest(VuState &vu) const
{
    return {
        QByteArrayLiteral("GET"), m_paths.at(qsizetype(vu.rng() % quint64(m_paths.size()))), {}};
}

ErrorClass IdentityGroupLookupOperation::classify(const HttpResult &result) const
{
    return classifyIdentityRead(result);
}

QString IdentityGroupLookupOperation::aclRules() const
{
    return QStringLiteral("path \"identity/group/%1/*\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(m_by == IdentityLookupBy::Id ? QStringLiteral("id") : QStringLiteral("name"));
}

OperationType identityGroupLookupType()
{
    OperationType t;
    t.name = QStringLiteral("identity_group_lookup");
    t.group = OperationGroup::Identity;
    t.description = QStringLiteral("internal identity group read, by id or name, of one of "
                                   "`groups` groups made at setup");
    t.request = QStringLiteral("GET /v1/identity/group/id/<id> (by: name: /name/<name>)");
    t.setup = QStringLiteral("`entities` entities, then `groups` groups, entity i a member of "
                             "group i mod `groups` (one request each); cleanup deletes them");
    t.params = {integerParam(QStringLiteral("groups"), 1, 100000, 100, QStringLiteral("groups"),
                             QStringLiteral("groups made at setup, one read at random per "
                                            "request")),
                integerParam(QStringLiteral("entities"), 0, 100000, 1000,
                             QStringLiteral("entities"),
                             QStringLiteral("member entities made at setup, spread evenly over "
                                            "the groups")),
                identityLookupByParam()};
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<IdentityGroupLookupOperation>(
            int(params.integer(QStringLiteral("groups"))),
            int(params.integer(QStringLiteral("entities"))),
            params.text(QStringLiteral("by")) == QLatin1String("name") ? IdentityLookupBy::Name
                                                                       : IdentityLookupBy::Id);
    };
    return t;
}

} // namespace vw
