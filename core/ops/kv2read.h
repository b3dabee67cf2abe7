// kv2_read: GET /v1/<mount>/data/key-<n> on a KV v2 mount seeded at setup with `keys`
// secrets of `payload_bytes` bytes (vault-benchmark's kvv2_read, which ignores its `kvsize` on
// reads: here the read secrets are of `payload_bytes`). Success is 200 with a body of at
// least `payload_bytes` bytes (classifyKvRead, core/ops/kv2common.h).
#pragma once

#include "ops/kv2common.h"

namespace vw {

class Kv2ReadOperation : public Kv2OperationBase {
public:
    explicit Kv2ReadOperation(const Kv2Params &params)
        : Kv2OperationBase(params)
    {
    }
    /// Enables the mount and writes key-0 .. key-(keys-1): `keys` sequential requests.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
};

OperationType kv2ReadType();

} // namespace vw
