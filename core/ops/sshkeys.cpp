#include "ops/sshkeys.h"

#include "util/opensslerror.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <memory>

namespace vw {

namespace {

struct BnFree {
    void operator()(BIGNUM *b) const { BN_free(b); }
};

/// RFC 4251 "string": uint32 big-endian length, then the bytes.
void putString(QByteArray &out, const QByteArray &bytes)
{
    const quint32 n = quint32(bytes.size());
    out.append(char(n >> 24)).append(char(n >> 16)).append(char(n >> 8)).append(char(n));
    out.append(bytes);
}

/// RFC 4251 "mpint" of a non-negative number: minimal big-endian two's complement.
bool putMpint(QByteArray &out, const BIGNUM *bn)
{
    QByteArray mag(BN_num_bytes(bn), Qt::Uninitialized);
    if (!mag.isEmpty()
        && BN_bn2bin(bn, reinterpret_cast<unsigned char *>(mag.data())) != mag.size())
        return false;
    if (!mag.isEmpty() && (uchar(mag.at(0)) & 0x80))
        mag.prepend('\0');
    putString(out, mag);
    return true;
}

} // namespace

QByteArray encodeOpenSshPublicKey(EVP_PKEY *key, const QByteArray &comment, QString *error)
{
    QByteArray blob;
    QByteArray name;
    if (key && EVP_PKEY_is_a(key, "ED25519")) {
        name = QByteArrayLiteral("ssh-ed25519");
        unsigned char raw[32];
        size_t len = sizeof raw;
        if (EVP_PKEY_get_raw_public_key(key, raw, &len) != 1 || len != sizeof raw) {
            if (error)
                *error = opensslError("read Ed25519 public key");
            return {};
        }
        putString(blob, name);
        putString(blob, QByteArray(reinterpret_cast<const char *>(raw), int(len)));
    } else if (key && EVP_PKEY_is_a(key, "RSA")) {
        name = QByteArrayLiteral("ssh-rsa");
        BIGNUM *n = nullptr;
        BIGNUM *e = nullptr;
        const bool gotN = EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_N, &n) == 1;
        const bool gotE = EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_E, &e) == 1;
        std::unique_ptr<BIGNUM, BnFree> nGuard(n), eGuard(e);
        putString(blob, name);
        if (!gotN || !gotE || !putMpint(blob, e) || !putMpint(blob, n)) {
            if (error)
                *error = opensslError("read RSA public key");
            return {};
        }
    } else {
        if (error)
            *error =
                QStringLiteral("unsupported key type for OpenSSH encoding (want Ed25519 or RSA)");
        return {};
    }
    QByteArray line = name + ' ' + blob.toBase64();
    if (!comment.isEmpty())
        line += ' ' + comment;
    return line;
}

QByteArray generateOpenSshPublicKey(SshKeyType type, const QByteArray &comment, QString *error)
{
    const size_t rsaBits = type == SshKeyType::Rsa4096 ? 4096 : 2048;
    EvpPkeyPtr key(type == SshKeyType::Ed25519
                       ? EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519")
                       : EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", rsaBits));
    if (!key) {
        if (error)
            *error = opensslError(type == SshKeyType::Ed25519 ? "generate Ed25519 key"
                                  : rsaBits == 4096           ? "generate RSA-4096 key"
                                                              : "generate RSA-2048 key");
        return {};
    }
    return encodeOpenSshPublicKey(key.get(), comment, error);
}

QByteArray openSshKeyBlob(const QByteArray &authorizedKeysLine)
{
    const QList<QByteArray> parts = authorizedKeysLine.trimmed().split(' ');
    if (parts.size() < 2)
        return {};
    return QByteArray::fromBase64(parts.at(1));
}

} // namespace vw
