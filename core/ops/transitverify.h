// transit_verify: POST /v1/<mount>/verify/bench with `input` and a `signature` made at setup
// (transit sign of each pooled payload, same hash and signature algorithm), or `batch_input`
// of `batch_size` such pairs (vault-benchmark's transit_verify). Success is 200 with
// data.valid true (for every batch item): a signature that does not verify is an error.
#pragma once

#include "ops/transitcommon.h"

namespace vw {

/// POST <mount>/verify/bench; each item answers "valid" (true).
const TransitAction &transitVerifyAction();

class TransitVerifyOperation : public TransitOperationBase {
public:
    explicit TransitVerifyOperation(const TransitParams &params)
        : TransitOperationBase(transitVerifyAction(), params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
};

OperationType transitVerifyType();

} // namespace vw
