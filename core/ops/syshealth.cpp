#include "ops/syshealth.h"

namespace vw {

bool SysHealthOperation::setup(VaultClient &, const SetupContext &, QString *)
{
    return true;
}

bool SysHealthOperation::cleanup(VaultClient &, QString *)
{
    return true;
}

HttpRequest SysHealthOperation::nextRequest(VuState &) const
{
    // A standby node answers 429 (a performance standby 473) without these: a healthy node
    // either way, so every node of a cluster answers 200 (issue 9, item 5).
    return {QByteArrayLiteral("GET"),
            QByteArrayLiteral("/v1/sys/health?standbyok=true&perfstandbyok=true"), QByteArray()};
}

ErrorClass SysHealthOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    return result.status == 200 ? ErrorClass::None : ErrorClass::HttpStatus;
}

OperationType sysHealthType()
{
    OperationType t;
    t.name = QStringLiteral("sys_health");
    t.description = QStringLiteral("the server's cheapest request: no storage, no token check");
    t.request = QStringLiteral("GET /v1/sys/health?standbyok=true&perfstandbyok=true");
    t.setup = QStringLiteral("none");
    t.create = [](const OpParams &) { return std::make_unique<SysHealthOperation>(); };
    return t;
}

} // namespace vw
