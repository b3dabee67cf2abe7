// cubbyhole_write: POST /v1/cubbyhole/key-<n> {"value": ...} of `payload_bytes` into the
// cubbyhole of a token made at setup, n one of `keys` at random (vault-benchmark's
// cubbyhole_write writes one path: `keys` 1). The body is made once at setup. Setup, token and
// cleanup: core/ops/cubbyholecommon.h. Success is 204 (or 200).
#pragma once

#include "ops/cubbyholecommon.h"

namespace vw {

class CubbyholeWriteOperation : public CubbyholeOperationBase {
public:
    using CubbyholeOperationBase::CubbyholeOperationBase;
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;

private:
    QByteArray m_body;
};

OperationType cubbyholeWriteType();

} // namespace vw
