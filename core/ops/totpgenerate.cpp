#include "ops/totpgenerate.h"

#include "vault/vaultclient.h"

#include <QJsonObject>

namespace vw {

bool TotpGenerateOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount = setupTotpMount(m_created, client, ctx, error);
    if (mount.isEmpty())
        return false;
    m_path = "/v1/" + mount.toUtf8() + "/code/bench";
    const QJsonObject key{{QStringLiteral("generate"), true},
                          {QStringLiteral("exported"), false},
                          {QStringLiteral("issuer"), QStringLiteral("vault-workbench")},
                          {QStringLiteral("account_name"), QStringLiteral("bench")},
                          {QStringLiteral("algorithm"), m_params.algorithm},
                          {QStringLiteral("digits"), m_params.digits}};
    // A key lives inside the mount and goes with it, like a seeded secret.
    const VaultResponse r = client.post(mount + QStringLiteral("/keys/bench"), key);
    if (!r.ok()) {
        if (error)
            *error = QStringLiteral("create TOTP key on %1: %2").arg(mount, r.describe());
        return false;
    }
    return true;
}

HttpRequest TotpGenerateOperation::nextRequest(VuState &) const
{
    return {QByteArrayLiteral("GET"), m_path, QByteArray()};
}

ErrorClass TotpGenerateOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"code\"") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

QString TotpGenerateOperation::aclRules() const
{
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(QString::fromUtf8(m_path.mid(4))); // without "/v1/"
}

OperationType totpGenerateType()
{
    OperationType t;
    t.name = QStringLiteral("totp_generate");
    t.group = OperationGroup::Totp;
    t.description = QStringLiteral("TOTP: the current code of a key the server generated");
    t.request = QStringLiteral("GET /v1/<mount>/code/bench");
    t.setup = QStringLiteral("a TOTP mount, key `bench` in generate mode (not exported)");
    t.params = totpParamSpecs();
    t.check = checkTotpParams;
    t.create = [](const OpParams &params) {
        return std::make_unique<TotpGenerateOperation>(TotpParams::from(params));
    };
    return t;
}

} // namespace vw
