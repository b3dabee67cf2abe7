#include "ops/kv1write.h"

namespace vw {

bool Kv1WriteOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_body = secretBody(ctx);
    return setupMount(client, ctx, error);
}

HttpRequest Kv1WriteOperation::nextRequest(VuState &vu) const
{
    return {QByteArrayLiteral("POST"), randomKeyPath(vu), m_body};
}

QString Kv1WriteOperation::aclRules() const
{
    return QStringLiteral("path \"%1/*\" {\n  capabilities = [\"create\", \"update\"]\n}\n")
        .arg(m_mount);
}

OperationType kv1WriteType()
{
    OperationType t;
    t.name = QStringLiteral("kv1_write");
    t.group = OperationGroup::Kv;
    t.description = QStringLiteral("KV v1 write of a `payload_bytes` value to one of `keys` "
                                   "secrets (overwrites it: no versions)");
    t.request = QStringLiteral("POST /v1/<mount>/key-<i>");
    t.setup = QStringLiteral("a KV v1 mount");
    t.params = kv2ParamSpecs();
    t.create = [](const OpParams &params) {
        return std::make_unique<Kv1WriteOperation>(Kv2Params::from(params));
    };
    return t;
}

} // namespace vw
