// transit_sign: POST /v1/<mount>/sign/bench with `input` (base64 of `payload_bytes` random
// bytes, one of a pool made at setup) or `batch_input` of `batch_size` of them, signed with
// the key `bench` of `key_type` (vault-benchmark's transit_sign). Success is 200 with
// data.signature (every batch item's signature, none with "error").
#pragma once

#include "ops/transitcommon.h"

namespace vw {

/// POST <mount>/sign/bench; each item answers "signature".
const TransitAction &transitSignAction();

class TransitSignOperation : public TransitOperationBase {
public:
    explicit TransitSignOperation(const TransitParams &params)
        : TransitOperationBase(transitSignAction(), params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
};

OperationType transitSignType();

} // namespace vw
