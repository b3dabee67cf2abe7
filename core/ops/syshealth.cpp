#include "ops/syshealth.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

bool SysHealthOperation::setup(VaultClient &, const SetupContext &, QString *)
{
    return true;
}

HttpRequest SysHealthOperation::nextRequest(VuState &) const
{
    // A standby node answers 429 (a performance standby 473) without these: a healthy node
    // either way, so every node of a cluster answers 200 (issue 9, item 5).
    // Only the root namespace serves sys/health: OpenBao answers 400 to it inside a
    // namespace, so it goes without X-Vault-Namespace whatever the target's namespace.
    HttpRequest r{QByteArrayLiteral("GET"),
                  QByteArrayLiteral("/v1/sys/health?standbyok=true&perfstandbyok=true"),
                  QByteArray()};
    r.rootNamespace = true;
    return r;
}

ErrorClass SysHealthOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status == 200)
        return ErrorClass::None;
    // A server that ignores standbyok answers 429 (a performance standby 473) with its health
    // in the body: a healthy standby, not an error. A 429 from a rate-limit quota carries
    // {"errors":[...]} instead, and stays an error.
    if (result.status == 429 || result.status == 473) {
        const QJsonObject health = QJsonDocument::fromJson(result.body).object();
        if (health.value(QStringLiteral("standby")).toBool())
            return ErrorClass::None;
    }
    return ErrorClass::HttpStatus;
}

OperationType sysHealthType()
{
    OperationType t;
    t.name = QStringLiteral("sys_health");
    t.group = OperationGroup::Sys;
    t.description = QStringLiteral("the server's cheapest request: no storage, no token check");
    t.request = QStringLiteral("GET /v1/sys/health?standbyok=true&perfstandbyok=true");
    t.setup = QStringLiteral("none");
    t.create = [](const OpParams &) { return std::make_unique<SysHealthOperation>(); };
    return t;
}

} // namespace vw
