// kv1_write: POST /v1/<mount>/key-<n> {"value":"<payload_bytes chars>"} on a fresh KV v1 mount
// (vault-benchmark's kvv1_write). Each write overwrites the secret. Success is 204 (or 200).
#pragma once

#include "ops/kv1common.h"

namespace vw {

class Kv1WriteOperation : public Kv1OperationBase {
public:
    explicit Kv1WriteOperation(const Kv2Params &params)
        : Kv1OperationBase(params)
    {
    }
    /// Enables the mount and builds the request body once.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// Create and update on "<mount>/*".
    QString aclRules() const override;

private:
    QByteArray m_body;
};

OperationType kv1WriteType();

} // namespace vw
