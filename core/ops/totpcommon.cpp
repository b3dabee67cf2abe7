#include "ops/totpcommon.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace vw {

QList<ParamSpec> totpParamSpecs()
{
    return {
        choiceParam(QStringLiteral("algorithm"),
                    {QStringLiteral("SHA1"), QStringLiteral("SHA256"), QStringLiteral("SHA512")},
                    QStringLiteral("SHA1"), QStringLiteral("the keys' HMAC hash")),
        integerParam(QStringLiteral("digits"), 6, 8, 6, QStringLiteral("digits"),
                     QStringLiteral("length of each code: 6 or 8"))};
}

QList<ParamError> checkTotpParams(const OpParams &params)
{
    if (params.integer(QStringLiteral("digits")) == 7)
        return {{QStringLiteral("digits"),
                 QStringLiteral("must be 6 or 8, the TOTP engine's "
                                "choices"),
                 ParamError::At::Value}};
    return {};
}

TotpParams TotpParams::from(const OpParams &params)
{
    TotpParams p;
    p.algorithm = params.text(QStringLiteral("algorithm"));
    p.digits = int(params.integer(QStringLiteral("digits")));
    return p;
}

QByteArray base32Encode(const QByteArray &bytes)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    QByteArray out;
    quint32 buffer = 0;
    int bits = 0;
    for (const char c : bytes) {
        buffer = (buffer << 8) | quint8(c);
        bits += 8;
        while (bits >= 5) {
            out += alphabet[(buffer >> (bits - 5)) & 31];
            bits -= 5;
        }
    }
    if (bits > 0)
        out += alphabet[(buffer << (5 - bits)) & 31];
    while (out.size() % 8 != 0)
        out += '=';
    return out;
}

QByteArray totpCode(const QByteArray &secret, qint64 unixSeconds, int periodSeconds,
                    const QString &algorithm, int digits)
{
    const EVP_MD *md = algorithm == QLatin1String("SHA1")     ? EVP_sha1()
                       : algorithm == QLatin1String("SHA256") ? EVP_sha256()
                       : algorithm == QLatin1String("SHA512") ? EVP_sha512()
                                                              : nullptr;
    if (!md || periodSeconds <= 0 || digits < 1 || digits > 9)
        return {};
    const quint64 counter = quint64(unixSeconds / periodSeconds);
    unsigned char message[8];
    for (int i = 0; i < 8; ++i)
        message[i] = (counter >> (8 * (7 - i))) & 0xff;
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int macLen = 0;
    if (!HMAC(md, secret.constData(), int(secret.size()), message, sizeof message, mac, &macLen)
        || macLen < 20)
        return {};
    const int offset = mac[macLen - 1] & 0x0f;
    const quint32 binary = (quint32(mac[offset] & 0x7f) << 24) | (quint32(mac[offset + 1]) << 16)
                           | (quint32(mac[offset + 2]) << 8) | quint32(mac[offset + 3]);
    quint32 modulo = 1;
    for (int i = 0; i < digits; ++i)
        modulo *= 10;
    return QByteArray::number(binary % modulo).rightJustified(digits, '0');
}

QString setupTotpMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                       QString *error)
{
    const QString mount = QStringLiteral("%1-totp-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!created.enableMount(client, mount, QStringLiteral("totp"), ctx.runPrefix, {}, error))
        return {};
    return mount;
}

} // namespace vw
