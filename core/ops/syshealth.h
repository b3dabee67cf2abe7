// sys_health: GET /v1/sys/health (unauthenticated on the server side, token sent anyway).
// No parameters, no setup; success is 200, or a 429/473 whose body says "standby": true (a
// server that ignores standbyok); anything else (a quota's 429, a sealed 503) is HttpStatus.
#pragma once

#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

class SysHealthOperation : public Operation {
public:
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
};

OperationType sysHealthType();

} // namespace vw
