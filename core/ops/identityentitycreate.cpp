#include "ops/identityentitycreate.h"

#include <QJsonDocument>

namespace vw {

bool IdentityEntityCreateOperation::setup(VaultClient &client, const SetupContext &ctx,
                                          QString *error)
{
    (void)client;
    (void)error;
    const QString prefix = QStringLiteral("%1-ent-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    m_created.trackIdentity(ResourceKind::Entities, prefix);
    m_bodyHead = "{\"name\":\"" + prefix.toUtf8() + '-';
    m_bodyTail = "\",\"metadata\":"
                 + QJsonDocument(identityMetadata(ctx.runPrefix, m_metadataPairs))
                       .toJson(QJsonDocument::Compact)
                 + '}';
    return true;
}

HttpRequest IdentityEntityCreateOperation::nextRequest(VuState &vu) const
{
    const QByteArray name = QByteArray::number(vu.vu) + '-' + QByteArray::number(vu.iteration) + '-'
                            + QByteArray::number(quint32(vu.rng()), 16);
    return {QByteArrayLiteral("POST"), QByteArrayLiteral("/v1/identity/entity"),
            m_bodyHead + name + m_bodyTail};
}

ErrorClass IdentityEntityCreateOperation::classify(const HttpResult &result) const
{
    return classifyIdentityCreate(result);
}

QString IdentityEntityCreateOperation::aclRules() const
{
    return QStringLiteral(
        "path \"identity/entity\" {\n  capabilities = [\"create\", \"update\"]\n}\n");
}

OperationType identityEntityCreateType()
{
    OperationType t;
    t.name = QStringLiteral("identity_entity_create");
    t.group = OperationGroup::Identity;
    t.description = QStringLiteral("identity entity creation, a new entity per request");
    t.request = QStringLiteral("POST /v1/identity/entity {name, metadata}");
    t.setup = QStringLiteral("nothing; cleanup deletes every entity the requests made "
                             "(identity/entity/batch-delete)");
    t.params = {integerParam(QStringLiteral("metadata"), 0, 64, 0, QStringLiteral("pairs"),
                             QStringLiteral("metadata pairs on each entity besides the "
                                            "workbench tag"))};
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<IdentityEntityCreateOperation>(
            int(params.integer(QStringLiteral("metadata"))));
    };
    return t;
}

} // namespace vw
