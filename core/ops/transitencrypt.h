// transit_encrypt: POST /v1/<mount>/encrypt/bench with `plaintext` (base64 of `payload_bytes`
// random bytes, one of a pool made at setup) or `batch_input` of `batch_size` of them
// (vault-benchmark's transit_encrypt). Success is 200 with data.ciphertext (every batch
// item's, none with "error").
#pragma once

#include "ops/transitcommon.h"

namespace vw {

/// POST <mount>/encrypt/bench; each item answers "ciphertext".
const TransitAction &transitEncryptAction();

class TransitEncryptOperation : public TransitOperationBase {
public:
    explicit TransitEncryptOperation(const TransitParams &params)
        : TransitOperationBase(transitEncryptAction(), params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
};

OperationType transitEncryptType();

} // namespace vw
