// sys_seal_status: GET /v1/sys/seal-status, the seal state (sealed, threshold, progress,
// version): unauthenticated, no storage read. No parameters, no setup. Success is 200 with
// "sealed" in the body (a sealed server answers 200 with "sealed": true: still a success, the
// request is measured, not the state); anything else is an error.
#pragma once

#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

class SysSealStatusOperation : public Operation {
public:
    bool setup(VaultClient &, const SetupContext &, QString *) override { return true; }
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
};

OperationType sysSealStatusType();

} // namespace vw
