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
    return {QByteArrayLiteral("GET"), QByteArrayLiteral("/v1/sys/health"), QByteArray()};
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
    t.request = QStringLiteral("GET /v1/sys/health");
    t.setup = QStringLiteral("none");
    t.create = [](const OpParams &) { return std::make_unique<SysHealthOperation>(); };
    return t;
}

} // namespace vw
