#include "ops/kv2metadataread.h"

#include "ops/keyedpath.h"

namespace vw {

bool Kv2MetadataReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupMount(client, ctx, error))
        return false;
    m_pathPrefix = "/v1/" + m_mount.toUtf8() + "/metadata/key-";
    for (int v = 0; v < m_versions; ++v)
        if (!seedSecrets(client, ctx, error))
            return false;
    return true;
}

HttpRequest Kv2MetadataReadOperation::nextRequest(VuState &vu) const
{
    return {QByteArrayLiteral("GET"),
            keyedPath(vu, m_pathPrefix, vu.rng() % uint64_t(m_params.keys)), QByteArray()};
}

ErrorClass Kv2MetadataReadOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"current_version\"") ? ErrorClass::None
                                                       : ErrorClass::InvalidResponse;
}

QString Kv2MetadataReadOperation::aclRules() const
{
    return QStringLiteral("path \"%1/metadata/*\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(m_mount);
}

OperationType kv2MetadataReadType()
{
    OperationType t;
    t.name = QStringLiteral("kv2_metadata_read");
    t.group = OperationGroup::Kv;
    t.description = QStringLiteral("KV v2 metadata read (versions, times) of one of `keys` "
                                   "seeded secrets");
    t.request = QStringLiteral("GET /v1/<mount>/metadata/key-<i>");
    t.setup = QStringLiteral("a KV v2 mount, `keys` secrets of 16 bytes, `versions` versions "
                             "each");
    t.params = {kv2KeysParam(),
                integerParam(QStringLiteral("versions"), 1, 10, 1, QStringLiteral("versions"),
                             QStringLiteral("versions written per secret at setup (the "
                                            "metadata lists each; 10 is KV v2's default "
                                            "max_versions)"))};
    t.create = [](const OpParams &params) {
        return std::make_unique<Kv2MetadataReadOperation>(
            Kv2Params::from(params), int(params.integer(QStringLiteral("versions"))));
    };
    return t;
}

} // namespace vw
