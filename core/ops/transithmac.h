// transit_hmac: POST /v1/<mount>/hmac/bench with `input` (base64 of `payload_bytes` random
// bytes, one of a pool made at setup) or `batch_input` of `batch_size` of them, and
// `algorithm` = hash_algorithm. Success is 200 with data.hmac (every batch item's, none
// with "error").
#pragma once

#include "ops/transitcommon.h"

namespace vw {

/// POST <mount>/hmac/bench; each item answers "hmac".
const TransitAction &transitHmacAction();

class TransitHmacOperation : public TransitOperationBase {
public:
    explicit TransitHmacOperation(const TransitParams &params)
        : TransitOperationBase(transitHmacAction(), params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
};

OperationType transitHmacType();

} // namespace vw
