#include "ops/kv1common.h"

#include "ops/keyedpath.h"

namespace vw {

bool Kv1OperationBase::setupMount(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_mount = QStringLiteral("%1-kv1-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    m_keyPathPrefix = "/v1/" + m_mount.toUtf8() + "/key-";
    const QJsonObject options{
        {QStringLiteral("options"), QJsonObject{{QStringLiteral("version"), QStringLiteral("1")}}}};
    return m_created.enableMount(client, m_mount, QStringLiteral("kv"), ctx.runPrefix, options,
                                 error);
}

QByteArray Kv1OperationBase::randomKeyPath(VuState &vu) const
{
    return keyedPath(vu, m_keyPathPrefix, vu.rng() % uint64_t(m_params.keys));
}

QByteArray Kv1OperationBase::secretBody(const SetupContext &ctx) const
{
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 6151u + 5u);
    // Letters and digits only, so no JSON escaping is needed.
    return QByteArrayLiteral("{\"value\":\"") + kv2Payload(m_params.payloadBytes, rng)
           + QByteArrayLiteral("\"}");
}

} // namespace vw
