#include "ops/jwtlogin.h"

#include "ops/approlelogin.h"
#include "ops/identitycommon.h"
#include "util/opensslerror.h"
#include "vault/vaultclient.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

namespace vw {

namespace {

QByteArray base64Url(const QByteArray &bytes)
{
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray publicKeyPem(EVP_PKEY *key)
{
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
    if (!bio || PEM_write_bio_PUBKEY(bio.get(), key) != 1)
        return {};
    char *data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    return QByteArray(data, qsizetype(n));
}

} // namespace

std::optional<JwtLoginParams> JwtLoginParams::from(const OpParams &params)
{
    const std::optional<LoginParams> login = LoginParams::from(params);
    if (!login)
        return std::nullopt;
    JwtLoginParams p;
    p.login = *login;
    const QString alg = params.text(QStringLiteral("algorithm"));
    if (alg == QLatin1String("ES256"))
        p.algorithm = Algorithm::ES256;
    else if (alg == QLatin1String("RS256"))
        p.algorithm = Algorithm::RS256;
    else
        return std::nullopt;
    p.freshJwt = params.boolean(QStringLiteral("fresh_jwt"));
    p.jwtTtlMs = params.durationMs(QStringLiteral("jwt_ttl"));
    return p;
}

JwtLoginOperation::JwtLoginOperation(const JwtLoginParams &params)
    : m_params(params)
{
}

JwtLoginOperation::~JwtLoginOperation() = default;

bool JwtLoginOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const bool ec = m_params.algorithm == JwtLoginParams::Algorithm::ES256;
    EVP_PKEY *made = ec ? EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")
                        : EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048));
    if (!made) {
        if (error)
            *error = opensslError("make the JWT signing key");
        return false;
    }
    m_key = std::shared_ptr<EVP_PKEY>(made, EVP_PKEY_free);
    const QByteArray pem = publicKeyPem(m_key.get());
    if (pem.isEmpty()) {
        if (error)
            *error = opensslError("write the JWT public key");
        return false;
    }
    m_header = base64Url(ec ? QByteArrayLiteral("{\"alg\":\"ES256\",\"typ\":\"JWT\"}")
                            : QByteArrayLiteral("{\"alg\":\"RS256\",\"typ\":\"JWT\"}"));

    const QString mount = QStringLiteral("%1-jwt-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!m_created.enableAuth(client, mount, QStringLiteral("jwt"), ctx.runPrefix, {}, error))
        return false;
    m_accessor = authMountAccessor(client, mount);
    if (!m_created.writeRole(
            client, QStringLiteral("auth/%1/config").arg(mount),
            {{QStringLiteral("jwt_validation_pubkeys"), QJsonArray{QString::fromLatin1(pem)}},
             {QStringLiteral("bound_issuer"), QStringLiteral("vault-workbench")}},
            error))
        return false;
    QJsonObject role = m_params.login.tokenFields();
    role.insert(QStringLiteral("role_type"), QStringLiteral("jwt"));
    role.insert(QStringLiteral("bound_audiences"), QJsonArray{QStringLiteral("vault-workbench")});
    role.insert(QStringLiteral("user_claim"), QStringLiteral("sub"));
    if (!m_created.writeRole(client, QStringLiteral("auth/%1/role/bench").arg(mount), role, error))
        return false;
    m_path = "/v1/auth/" + mount.toUtf8() + "/login";
    return true;
}

bool JwtLoginOperation::cleanup(VaultClient &client, QString *error)
{
    m_key.reset();
    QString why;
    if (!m_created.resources().isEmpty())
        deleteEntitiesOfAuthMount(client, m_accessor, &why); // the logins' (one per subject)
    const bool removed = CreatingOperation::cleanup(client, error);
    if (!why.isEmpty() && error)
        *error = error->isEmpty() ? why : *error + QStringLiteral("; ") + why;
    return removed && why.isEmpty();
}

QByteArray JwtLoginOperation::signJwt(const QByteArray &claims) const
{
    if (!m_key)
        return {};
    const QByteArray input = m_header + '.' + base64Url(claims);
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> md(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    if (!md || EVP_DigestSignInit(md.get(), nullptr, EVP_sha256(), nullptr, m_key.get()) != 1)
        return {};
    size_t len = 0;
    const auto *data = reinterpret_cast<const unsigned char *>(input.constData());
    if (EVP_DigestSign(md.get(), nullptr, &len, data, size_t(input.size())) != 1)
        return {};
    QByteArray sig(qsizetype(len), Qt::Uninitialized);
    if (EVP_DigestSign(md.get(), reinterpret_cast<unsigned char *>(sig.data()), &len, data,
                       size_t(input.size()))
        != 1)
        return {};
    sig.truncate(qsizetype(len));
    if (m_params.algorithm == JwtLoginParams::Algorithm::ES256) {
        // DER ECDSA-Sig-Value -> R || S, 32 bytes each (RFC 7518, 3.4).
        const auto *der = reinterpret_cast<const unsigned char *>(sig.constData());
        std::unique_ptr<ECDSA_SIG, decltype(&ECDSA_SIG_free)> ecSig(
            d2i_ECDSA_SIG(nullptr, &der, long(sig.size())), ECDSA_SIG_free);
        if (!ecSig)
            return {};
        QByteArray raw(64, Qt::Uninitialized);
        auto *out = reinterpret_cast<unsigned char *>(raw.data());
        if (BN_bn2binpad(ECDSA_SIG_get0_r(ecSig.get()), out, 32) != 32
            || BN_bn2binpad(ECDSA_SIG_get0_s(ecSig.get()), out + 32, 32) != 32)
            return {};
        sig = raw;
    }
    return input + '.' + base64Url(sig);
}

std::unique_ptr<OpVuState> JwtLoginOperation::newVuState() const
{
    return std::make_unique<JwtVuState>();
}

HttpRequest JwtLoginOperation::nextRequest(VuState &vu) const
{
    auto *state = static_cast<JwtVuState *>(vu.opState);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (!state || m_params.freshJwt || state->body.isEmpty() || now >= state->resignAtSec) {
        const qint64 ttl = m_params.jwtTtlMs / 1000;
        const QByteArray claims =
            "{\"iss\":\"vault-workbench\",\"aud\":\"vault-workbench\",\"sub\":\"vu-"
            + QByteArray::number(vu.vu) + "\",\"iat\":" + QByteArray::number(now)
            + ",\"nbf\":" + QByteArray::number(now) + ",\"exp\":" + QByteArray::number(now + ttl)
            + ",\"jti\":\"" + QByteArray::number(quint64(vu.rng()), 16) + "\"}";
        QByteArray body =
            "{\"role\":\"bench\",\"jwt\":\"" + signJwt(claims) + QByteArrayLiteral("\"}");
        if (!state)
            return {QByteArrayLiteral("POST"), m_path, body};
        state->body = std::move(body);
        state->resignAtSec = now + ttl / 2;
    }
    return {QByteArrayLiteral("POST"), m_path, state->body};
}

ErrorClass JwtLoginOperation::classify(const HttpResult &result) const
{
    return classifyLogin(result);
}

OperationType jwtLoginType()
{
    OperationType t;
    t.name = QStringLiteral("jwt_login");
    t.group = OperationGroup::Auth;
    t.description = QStringLiteral("jwt login with a JWT each VU signs (ES256 or RS256), "
                                   "checked against a public key made at setup");
    t.request = QStringLiteral("POST /v1/auth/<mount>/login {role, jwt}");
    t.setup = QStringLiteral("a key pair (OpenSSL), a jwt auth method with "
                             "jwt_validation_pubkeys = its public key, role `bench` (user_claim "
                             "sub: one entity per VU), token_ttl = `ttl` and token_type = "
                             "`type`; cleanup deletes the entities, then disables it");
    t.params = loginTokenParams();
    t.params += {
        choiceParam(QStringLiteral("algorithm"), {QStringLiteral("ES256"), QStringLiteral("RS256")},
                    QStringLiteral("ES256"),
                    QStringLiteral("JWT signature: ECDSA P-256 or RSA-2048 with SHA-256")),
        booleanParam(QStringLiteral("fresh_jwt"), false,
                     QStringLiteral("sign a new JWT for every request (client CPU), else one "
                                    "per VU, again at half its jwt_ttl")),
        durationParam(QStringLiteral("jwt_ttl"), 10 * 1000, 24LL * 3600 * 1000, 5 * 60 * 1000, 1000,
                      QStringLiteral("exp - iat of each JWT")),
    };
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<JwtLoginParams> p = JwtLoginParams::from(params);
        return p ? std::make_unique<JwtLoginOperation>(*p) : nullptr;
    };
    return t;
}

} // namespace vw
