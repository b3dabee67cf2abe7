// cubbyhole_read: GET /v1/cubbyhole/key-<n>, n one of `keys` at random, from the cubbyhole of
// a token made at setup, which writes key-0 .. key-(keys-1) with `payload_bytes` values
// (vault-benchmark's cubbyhole_read reads the one path it wrote: `keys` 1). Setup, token and
// cleanup: core/ops/cubbyholecommon.h. Success is 200 with a body of at least `payload_bytes`
// bytes (classifyKvRead, core/ops/kv2common.h).
#pragma once

#include "ops/cubbyholecommon.h"

namespace vw {

class CubbyholeReadOperation : public CubbyholeOperationBase {
public:
    using CubbyholeOperationBase::CubbyholeOperationBase;
    /// The token (cubbyholecommon.h), then `keys` sequential writes into its cubbyhole.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
};

OperationType cubbyholeReadType();

} // namespace vw
