// kv2_list: LIST /v1/<mount>/metadata/ on a KV v2 mount seeded at setup with `keys` secrets
// (vault-benchmark's kvv2 list): each answer names all `keys` secrets, so `keys` sets the
// response size. Success is 200 with data.keys.
#pragma once

#include "ops/kv2common.h"

namespace vw {

class Kv2ListOperation : public Kv2OperationBase {
public:
    explicit Kv2ListOperation(const Kv2Params &params)
        : Kv2OperationBase(params)
    {
    }
    /// Enables the mount and writes key-0 .. key-(keys-1) (kKv2SeedBytes each).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 whose body names the last seeded key; 200 without it is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// List on "<mount>/metadata/".
    QString aclRules() const override;

private:
    QByteArray m_path; ///< "/v1/<mount>/metadata/"
    QByteArray m_lastKey; ///< "\"key-<keys-1>\"", present in every complete answer
};

OperationType kv2ListType();

} // namespace vw
