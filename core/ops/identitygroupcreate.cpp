#include "ops/identitygroupcreate.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace vw {

bool IdentityGroupCreateOperation::setup(VaultClient &client, const SetupContext &ctx,
                                         QString *error)
{
    const QString prefix = QStringLiteral("%1-grp-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    const QString memberPrefix = QStringLiteral("%1-grpm-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    // Removed newest first: the groups, then their members (deleting a member entity first
    // rewrites every group that lists it: thousands of groups outlast a request timeout).
    if (m_members > 0)
        m_created.trackIdentity(ResourceKind::Entities, memberPrefix);
    m_created.trackIdentity(ResourceKind::Groups, prefix);
    const QJsonObject metadata = identityMetadata(ctx.runPrefix);
    QStringList members;
    if (m_members > 0) {
        for (int i = 0; i < m_members; ++i) {
            QString id;
            if (!createIdentityEntity(client, QStringLiteral("%1-%2").arg(memberPrefix).arg(i),
                                      metadata, &id, error))
                return false;
            members << id;
        }
    }
    m_bodyHead = "{\"name\":\"" + prefix.toUtf8() + '-';
    m_bodyTail =
        "\",\"type\":\"internal\",\"metadata\":"
        + QJsonDocument(metadata).toJson(QJsonDocument::Compact) + ",\"member_entity_ids\":"
        + QJsonDocument(QJsonArray::fromStringList(members)).toJson(QJsonDocument::Compact) + '}';
    return true;
}

HttpRequest IdentityGroupCreateOperation::nextRequest(VuState &vu) const
{
    const QByteArray name = QByteArray::number(vu.vu) + '-' + QByteArray::number(vu.iteration) + '-'
                            + QByteArray::number(quint32(vu.rng()), 16);
    return {QByteArrayLiteral("POST"), QByteArrayLiteral("/v1/identity/group"),
            m_bodyHead + name + m_bodyTail};
}

ErrorClass IdentityGroupCreateOperation::classify(const HttpResult &result) const
{
    return classifyIdentityCreate(result);
}

QString IdentityGroupCreateOperation::aclRules() const
{
    return QStringLiteral(
        "path \"identity/group\" {\n  capabilities = [\"create\", \"update\"]\n}\n");
}

OperationType identityGroupCreateType()
{
    OperationType t;
    t.name = QStringLiteral("identity_group_create");
    t.group = OperationGroup::Identity;
    t.description = QStringLiteral("internal identity group creation, a new group per request "
                                   "listing `members` entities");
    t.request = QStringLiteral("POST /v1/identity/group {name, type, metadata, "
                               "member_entity_ids}");
    t.setup = QStringLiteral("`members` entities (one request each); cleanup deletes every "
                             "group the requests made, then them");
    t.params = {integerParam(QStringLiteral("members"), 0, 1000, 0, QStringLiteral("entities"),
                             QStringLiteral("member entities made at setup, listed by each "
                                            "group made"))};
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<IdentityGroupCreateOperation>(
            int(params.integer(QStringLiteral("members"))));
    };
    return t;
}

} // namespace vw
