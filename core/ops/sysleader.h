// sys_leader: GET /v1/sys/leader, the HA leader (ha_enabled, is_self, leader address):
// unauthenticated. No parameters, no setup. Success is 200 with "ha_enabled" in the body (a
// standby answers too, naming the leader); anything else is an error.
#pragma once

#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

class SysLeaderOperation : public Operation {
public:
    bool setup(VaultClient &, const SetupContext &, QString *) override { return true; }
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
};

OperationType sysLeaderType();

} // namespace vw
