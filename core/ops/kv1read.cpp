#include "ops/kv1read.h"

#include <QJsonDocument>

namespace vw {

bool Kv1ReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupMount(client, ctx, error))
        return false;
    const QJsonObject body = QJsonDocument::fromJson(secretBody(ctx)).object();
    return seedKvSecrets(client, m_mount + QStringLiteral("/key-"), m_params.keys, body, error);
}

HttpRequest Kv1ReadOperation::nextRequest(VuState &vu) const
{
    return {QByteArrayLiteral("GET"), randomKeyPath(vu), QByteArray()};
}

ErrorClass Kv1ReadOperation::classify(const HttpResult &result) const
{
    return classifyKvRead(result, m_params.payloadBytes);
}

QString Kv1ReadOperation::aclRules() const
{
    return QStringLiteral("path \"%1/*\" {\n  capabilities = [\"read\"]\n}\n").arg(m_mount);
}

OperationType kv1ReadType()
{
    OperationType t;
    t.name = QStringLiteral("kv1_read");
    t.group = OperationGroup::Kv;
    t.description = QStringLiteral("KV v1 read of one of `keys` seeded secrets");
    t.request = QStringLiteral("GET /v1/<mount>/key-<i>");
    t.setup = QStringLiteral("a KV v1 mount, `keys` secrets of `payload_bytes` bytes");
    t.params = kv2ParamSpecs();
    t.create = [](const OpParams &params) {
        return std::make_unique<Kv1ReadOperation>(Kv2Params::from(params));
    };
    return t;
}

} // namespace vw
