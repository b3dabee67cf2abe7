#include "util/certificateauthority.h"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace vw {

namespace {

QByteArray bioText(BIO *bio)
{
    char *data = nullptr;
    const long n = BIO_get_mem_data(bio, &data);
    return QByteArray(data, int(n));
}

QByteArray certPem(X509 *cert)
{
    BIO *bio = BIO_new(BIO_s_mem());
    PEM_write_bio_X509(bio, cert);
    QByteArray pem = bioText(bio);
    BIO_free(bio);
    return pem;
}

QByteArray keyPem(EVP_PKEY *key)
{
    BIO *bio = BIO_new(BIO_s_mem());
    PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr);
    QByteArray pem = bioText(bio);
    BIO_free(bio);
    return pem;
}

bool addExtension(X509 *cert, X509 *issuer, int nid, const char *value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    if (!ext)
        return false;
    const bool ok = X509_add_ext(cert, ext, -1) == 1;
    X509_EXTENSION_free(ext);
    return ok;
}

/// A certificate for `key` named `cn`, issued by `issuer` (null: self-signed), signed by
/// `signKey`, valid `days` days. `altNames`: the subjectAltName of a server certificate.
/// Null on failure.
X509 *makeCert(EVP_PKEY *key, const QString &cn, X509 *issuer, EVP_PKEY *signKey, bool ca,
               bool server, int days, const QByteArray &altNames)
{
    X509 *cert = X509_new();
    X509_set_version(cert, 2); // v3
    unsigned char serial[16];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7f;
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, nullptr);
    BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert));
    BN_free(bn);
    X509_gmtime_adj(X509_getm_notBefore(cert), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert), long(days) * 24 * 3600);
    X509_set_pubkey(cert, key);
    X509_NAME *name = X509_get_subject_name(cert);
    const QByteArray cnUtf8 = cn.toUtf8();
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                               reinterpret_cast<const unsigned char *>(cnUtf8.constData()), -1, -1,
                               0);
    X509_set_issuer_name(cert, issuer ? X509_get_subject_name(issuer) : name);
    X509 *iss = issuer ? issuer : cert;
    bool ok = true;
    if (ca) {
        ok = ok && addExtension(cert, iss, NID_basic_constraints, "critical,CA:TRUE");
        ok = ok && addExtension(cert, iss, NID_key_usage, "critical,keyCertSign,cRLSign");
        ok = ok && addExtension(cert, iss, NID_subject_key_identifier, "hash");
    } else {
        ok = ok && addExtension(cert, iss, NID_basic_constraints, "critical,CA:FALSE");
        ok = ok && addExtension(cert, iss, NID_key_usage, "critical,digitalSignature");
        ok = ok && addExtension(cert, iss, NID_ext_key_usage, server ? "serverAuth" : "clientAuth");
        if (server)
            ok = ok && addExtension(cert, iss, NID_subject_alt_name, altNames.constData());
        ok = ok && addExtension(cert, iss, NID_authority_key_identifier, "keyid:always");
    }
    if (!ok || X509_sign(cert, signKey, EVP_sha256()) <= 0) {
        X509_free(cert);
        return nullptr;
    }
    return cert;
}

} // namespace

CertificateAuthority::CertificateAuthority(const QString &commonName, int validDays)
    : m_validDays(validDays)
{
    EVP_PKEY *key = EVP_EC_gen("P-256");
    if (!key)
        return;
    X509 *cert = makeCert(key, commonName, nullptr, key, true, false, m_validDays, {});
    if (!cert) {
        EVP_PKEY_free(key);
        return;
    }
    m_caKey = key;
    m_caCert = cert;
    m_caCertPem = certPem(cert);
}

CertificateAuthority::~CertificateAuthority()
{
    X509_free(static_cast<X509 *>(m_caCert));
    EVP_PKEY_free(static_cast<EVP_PKEY *>(m_caKey));
}

CertificateAuthority::Issued CertificateAuthority::issue(const QString &commonName, bool server,
                                                         const QStringList &extraIps) const
{
    Issued out;
    if (!isValid())
        return out;
    EVP_PKEY *key = EVP_EC_gen("P-256");
    if (!key)
        return out;
    QByteArray altNames = "IP:127.0.0.1,DNS:localhost";
    for (const QString &ip : extraIps)
        if (ip != QLatin1String("127.0.0.1"))
            altNames += ",IP:" + ip.toLatin1();
    X509 *cert = makeCert(key, commonName, static_cast<X509 *>(m_caCert),
                          static_cast<EVP_PKEY *>(m_caKey), false, server, m_validDays, altNames);
    if (cert) {
        out.certificatePem = certPem(cert);
        out.keyPem = keyPem(key);
        X509_free(cert);
    }
    EVP_PKEY_free(key);
    return out;
}

} // namespace vw
