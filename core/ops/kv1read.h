// kv1_read: GET /v1/<mount>/key-<n> on a KV v1 mount seeded at setup with `keys` secrets of
// `payload_bytes` bytes (vault-benchmark's kvv1_read, whose `kvsize` does not apply to reads:
// here it does). Success is 200 with a body of at least `payload_bytes` bytes
// (classifyKvRead, core/ops/kv2common.h).
#pragma once

#include "ops/kv1common.h"

namespace vw {

class Kv1ReadOperation : public Kv1OperationBase {
public:
    explicit Kv1ReadOperation(const Kv2Params &params)
        : Kv1OperationBase(params)
    {
    }
    /// Enables the mount and writes key-0 .. key-(keys-1): `keys` sequential requests.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/*".
    QString aclRules() const override;
};

OperationType kv1ReadType();

} // namespace vw
