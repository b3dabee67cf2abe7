#include "ops/sysseal.h"

namespace vw {

HttpRequest SysSealStatusOperation::nextRequest(VuState &) const
{
    // Served by the root namespace only, like sys/health (core/ops/syshealth.cpp).
    HttpRequest r{QByteArrayLiteral("GET"), QByteArrayLiteral("/v1/sys/seal-status"), QByteArray()};
    r.rootNamespace = true;
    return r;
}

ErrorClass SysSealStatusOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"sealed\"") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

OperationType sysSealStatusType()
{
    OperationType t;
    t.name = QStringLiteral("sys_seal_status");
    t.group = OperationGroup::Sys;
    t.description = QStringLiteral("the seal state: unauthenticated, no storage read");
    t.request = QStringLiteral("GET /v1/sys/seal-status");
    t.setup = QStringLiteral("none");
    t.create = [](const OpParams &) { return std::make_unique<SysSealStatusOperation>(); };
    return t;
}

} // namespace vw
