#include "ops/transitverify.h"
#include "ops/transitsign.h"

#include <QJsonObject>

namespace vw {

const TransitAction &transitVerifyAction()
{
    static const TransitAction action{
        QStringLiteral("verify"), QStringLiteral("valid"),  true,
        TransitFields::Signing,   transitSigningParamSpecs, checkTransitSigningParams};
    return action;
}

bool TransitVerifyOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupKey(client, ctx, error))
        return false;
    const QStringList signatures = setupResults(
        client, transitSignAction(),
        [this](int i) {
            return QJsonObject{{QStringLiteral("input"), m_payloads.at(i)}};
        },
        QStringLiteral("signature"), error);
    if (signatures.isEmpty())
        return false;
    QList<QJsonObject> items;
    for (int i = 0; i < m_payloads.size(); ++i)
        items << QJsonObject{{QStringLiteral("input"), m_payloads.at(i)},
                             {QStringLiteral("signature"), signatures.at(i)}};
    buildBodies(items);
    return true;
}

OperationType transitVerifyType()
{
    OperationType t = transitType(
        transitVerifyAction(),
        QStringLiteral("Transit: verify a signature made at setup over `payload_bytes` "
                       "random bytes"),
        QStringLiteral("a Transit mount, its key `bench` of `key_type`, 8 random payloads "
                       "and a signature of each (transit sign)"));
    t.create = [](const OpParams &params) {
        return std::make_unique<TransitVerifyOperation>(TransitParams::from(params));
    };
    return t;
}

} // namespace vw
