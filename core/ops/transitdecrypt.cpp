#include "ops/transitdecrypt.h"
#include "ops/transitencrypt.h"

#include <QJsonObject>

namespace vw {

const TransitAction &transitDecryptAction()
{
    static const TransitAction action{
        QStringLiteral("decrypt"), QStringLiteral("plaintext"), false,
        TransitFields::None,       transitEncryptionParamSpecs, checkTransitEncryptionParams};
    return action;
}

bool TransitDecryptOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupKey(client, ctx, error))
        return false;
    const QStringList ciphertexts = setupResults(
        client, transitEncryptAction(),
        [this](int i) {
            return QJsonObject{{QStringLiteral("plaintext"), m_payloads.at(i)}};
        },
        QStringLiteral("ciphertext"), error);
    if (ciphertexts.isEmpty())
        return false;
    QList<QJsonObject> items;
    for (const QString &ciphertext : ciphertexts)
        items << QJsonObject{{QStringLiteral("ciphertext"), ciphertext}};
    buildBodies(items);
    return true;
}

OperationType transitDecryptType()
{
    OperationType t = transitType(
        transitDecryptAction(),
        QStringLiteral("Transit: decrypt a ciphertext made at setup of `payload_bytes` "
                       "random bytes"),
        QStringLiteral("a Transit mount, its key `bench` of `key_type`, 8 random payloads "
                       "and a ciphertext of each (transit encrypt)"));
    t.create = [](const OpParams &params) {
        return std::make_unique<TransitDecryptOperation>(TransitParams::from(params));
    };
    return t;
}

} // namespace vw
