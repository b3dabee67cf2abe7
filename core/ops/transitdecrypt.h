// transit_decrypt: POST /v1/<mount>/decrypt/bench with a `ciphertext` made at setup (transit
// encrypt of each pooled payload) or `batch_input` of `batch_size` of them
// (vault-benchmark's transit_decrypt). Success is 200 with data.plaintext (every batch
// item's, none with "error").
#pragma once

#include "ops/transitcommon.h"

namespace vw {

/// POST <mount>/decrypt/bench; each item answers "plaintext".
const TransitAction &transitDecryptAction();

class TransitDecryptOperation : public TransitOperationBase {
public:
    explicit TransitDecryptOperation(const TransitParams &params)
        : TransitOperationBase(transitDecryptAction(), params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
};

OperationType transitDecryptType();

} // namespace vw
