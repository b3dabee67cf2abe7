// db_redis_static_read: GET /v1/<mount>/static-creds/bench: the current password of a static
// role, a Redis ACL user that setup creates (ACL SETUSER "<runPrefix>-static-<i>" through the
// admin connection, core/localtarget/redis.h) and Vault manages (it rotates the password once,
// at creation, then every 24 h). No lease; Redis is not touched per request. Cleanup removes
// the mount, then ACL DELUSER of that user. vault-benchmark's `redis_static_secret`.
#pragma once

#include "ops/dbrediscommon.h"
#include "ops/operationtype.h"

namespace vw {

class DbRedisStaticReadOperation : public CreatingOperation {
public:
    explicit DbRedisStaticReadOperation(const DbRedisParams &params)
        : m_params(params)
    {
    }
    /// Creates the ACL user "<runPrefix>-static-<opIndex>" (+@read on vwb:*), enables
    /// "<runPrefix>-db-<opIndex>" with connection "bench" and static role "bench" for it.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// The Redis it makes ACL users in (core/ops/redisprobe.h).
    std::unique_ptr<ServiceProbe> serviceProbe() const override;
    /// Removes the mount, then ACL DELUSER of the user setup created.
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 with "password" in the body; 200 without it is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/static-creds/bench".
    QString aclRules() const override;

private:
    DbRedisParams m_params;
    RedisConnection m_redis;
    QString m_user; ///< the ACL user setup created (empty: none)
    QByteArray m_path;
};

OperationType dbRedisStaticReadType();

} // namespace vw
