// kv2_metadata_read: GET /v1/<mount>/metadata/key-<n> on a KV v2 mount seeded at setup with
// `keys` secrets of `versions` versions each (the metadata lists every version, so
// `versions` sets the response size). Success is 200 with data.current_version.
#pragma once

#include "ops/kv2common.h"

namespace vw {

class Kv2MetadataReadOperation : public Kv2OperationBase {
public:
    Kv2MetadataReadOperation(const Kv2Params &params, int versions)
        : Kv2OperationBase(params)
        , m_versions(versions)
    {
    }
    /// Enables the mount and writes key-0 .. key-(keys-1) `versions` times each.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 with "current_version" in the body; 200 without it is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/metadata/*".
    QString aclRules() const override;

private:
    int m_versions = 1;
    QByteArray m_pathPrefix; ///< "/v1/<mount>/metadata/key-"
};

OperationType kv2MetadataReadType();

} // namespace vw
