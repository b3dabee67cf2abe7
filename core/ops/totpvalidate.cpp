#include "ops/totpvalidate.h"

#include "ops/keyedpath.h"
#include "vault/vaultclient.h"

#include <QDateTime>
#include <QJsonObject>
#include <openssl/rand.h>

namespace vw {

bool TotpValidateOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_mount = setupTotpMount(m_created, client, ctx, error);
    if (m_mount.isEmpty())
        return false;
    m_pathPrefix = "/v1/" + m_mount.toUtf8() + "/code/key-";
    m_secret = QByteArray(20, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(m_secret.data()), int(m_secret.size())) != 1) {
        if (error)
            *error = QStringLiteral("totp_validate: OpenSSL RAND_bytes failed");
        return false;
    }
    const QJsonObject key{{QStringLiteral("key"), QString::fromLatin1(base32Encode(m_secret))},
                          {QStringLiteral("issuer"), QStringLiteral("vault-workbench")},
                          {QStringLiteral("account_name"), QStringLiteral("bench")},
                          {QStringLiteral("period"), kPeriodSeconds},
                          {QStringLiteral("skew"), 1},
                          {QStringLiteral("algorithm"), m_params.algorithm},
                          {QStringLiteral("digits"), m_params.digits}};
    // Keys live inside the mount and go with it, like seeded secrets.
    for (int i = 0; i < m_keys; ++i) {
        const QString path = QStringLiteral("%1/keys/key-%2").arg(m_mount).arg(i);
        const VaultResponse r = client.post(path, key);
        if (!r.ok()) {
            if (error)
                *error = QStringLiteral("create TOTP key %1: %2").arg(path, r.describe());
            return false;
        }
    }
    return true;
}

HttpRequest TotpValidateOperation::nextRequest(VuState &vu) const
{
    const quint64 ticket = m_ticket.fetch_add(1, std::memory_order_relaxed);
    const QByteArray code = totpCode(m_secret, QDateTime::currentSecsSinceEpoch(), kPeriodSeconds,
                                     m_params.algorithm, m_params.digits);
    return {QByteArrayLiteral("POST"), keyedPath(vu, m_pathPrefix, ticket % uint64_t(m_keys)),
            QByteArrayLiteral("{\"code\":\"") + code + QByteArrayLiteral("\"}")};
}

ErrorClass TotpValidateOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"valid\":true") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

QString TotpValidateOperation::aclRules() const
{
    return QStringLiteral("path \"%1/code/*\" {\n  capabilities = [\"update\"]\n}\n").arg(m_mount);
}

OperationType totpValidateType()
{
    OperationType t;
    t.name = QStringLiteral("totp_validate");
    t.group = OperationGroup::Totp;
    t.description = QStringLiteral("TOTP: validate the current code, computed by the VU "
                                   "(RFC 6238); up to `keys` validations per second succeed");
    t.request = QStringLiteral("POST /v1/<mount>/code/key-<i> {\"code\": ...}");
    t.setup = QStringLiteral("a TOTP mount, `keys` keys of one random secret, period 1 s, "
                             "skew 1");
    t.params = {integerParam(QStringLiteral("keys"), 1, 100000, 1000, QStringLiteral("keys"),
                             QStringLiteral("keys validated in turn; one key accepts one code "
                                            "per second, so the op succeeds up to `keys` "
                                            "requests per second"))};
    t.params += totpParamSpecs();
    t.check = checkTotpParams;
    t.create = [](const OpParams &params) {
        return std::make_unique<TotpValidateOperation>(TotpParams::from(params),
                                                       int(params.integer(QStringLiteral("keys"))));
    };
    return t;
}

} // namespace vw
