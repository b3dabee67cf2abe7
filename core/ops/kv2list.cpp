#include "ops/kv2list.h"

namespace vw {

bool Kv2ListOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupMount(client, ctx, error))
        return false;
    m_path = "/v1/" + m_mount.toUtf8() + "/metadata/";
    m_lastKey = "\"key-" + QByteArray::number(m_params.keys - 1) + '"';
    return seedSecrets(client, ctx, error);
}

HttpRequest Kv2ListOperation::nextRequest(VuState &) const
{
    return {QByteArrayLiteral("LIST"), m_path, QByteArray()};
}

ErrorClass Kv2ListOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains(m_lastKey) ? ErrorClass::None : ErrorClass::InvalidResponse;
}

QString Kv2ListOperation::aclRules() const
{
    return QStringLiteral("path \"%1/metadata/\" {\n  capabilities = [\"list\"]\n}\n").arg(m_mount);
}

OperationType kv2ListType()
{
    OperationType t;
    t.name = QStringLiteral("kv2_list");
    t.group = OperationGroup::Kv;
    t.description = QStringLiteral("KV v2 list of the mount's `keys` secrets (one answer "
                                   "names them all)");
    t.request = QStringLiteral("LIST /v1/<mount>/metadata/");
    t.setup = QStringLiteral("a KV v2 mount, `keys` secrets of 16 bytes");
    t.params = {kv2KeysParam(QStringLiteral("secrets key-0 .. key-(keys-1) seeded at setup; "
                                            "each answer names them all"))};
    t.create = [](const OpParams &params) {
        return std::make_unique<Kv2ListOperation>(Kv2Params::from(params));
    };
    return t;
}

} // namespace vw
