// kv2_write: POST /v1/<mount>/data/key-<n> {"data":{"value":"<payload_bytes chars>"}} on a
// fresh KV v2 mount (vault-benchmark's kvv2_write). Each write adds a version. Success is 200.
#pragma once

#include "ops/kv2common.h"

namespace vw {

class Kv2WriteOperation : public Kv2OperationBase {
public:
    explicit Kv2WriteOperation(const Kv2Params &params)
        : Kv2OperationBase(params)
    {
    }
    /// Enables the mount and builds the request body once.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;

private:
    QByteArray m_body;
};

OperationType kv2WriteType();

} // namespace vw
