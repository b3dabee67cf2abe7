#include "ops/sysleader.h"

namespace vw {

HttpRequest SysLeaderOperation::nextRequest(VuState &) const
{
    // Served by the root namespace only, like sys/health (core/ops/syshealth.cpp).
    HttpRequest r{QByteArrayLiteral("GET"), QByteArrayLiteral("/v1/sys/leader"), QByteArray()};
    r.rootNamespace = true;
    return r;
}

ErrorClass SysLeaderOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"ha_enabled\"") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

OperationType sysLeaderType()
{
    OperationType t;
    t.name = QStringLiteral("sys_leader");
    t.group = OperationGroup::Sys;
    t.description = QStringLiteral("the HA leader and whether this node is it: unauthenticated");
    t.request = QStringLiteral("GET /v1/sys/leader");
    t.setup = QStringLiteral("none");
    t.create = [](const OpParams &) { return std::make_unique<SysLeaderOperation>(); };
    return t;
}

} // namespace vw
