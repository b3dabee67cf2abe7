#include "ops/pkicsr.h"

#include "util/opensslerror.h"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <memory>

namespace vw {

namespace {

struct ReqFree {
    void operator()(X509_REQ *r) const { X509_REQ_free(r); }
};
struct BioFree {
    void operator()(BIO *b) const { BIO_free(b); }
};

EVP_PKEY *generateKey(PkiKeyType type)
{
    switch (type) {
    case PkiKeyType::Rsa2048:
    case PkiKeyType::Rsa3072:
    case PkiKeyType::Rsa4096:
        return EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(pkiKeyBits(type)));
    case PkiKeyType::Ec256:
        return EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    case PkiKeyType::Ec384:
        return EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-384");
    case PkiKeyType::Ec521:
        return EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-521");
    case PkiKeyType::Ed25519:
        return EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
    }
    return nullptr;
}

} // namespace

QByteArray generatePkiCsr(PkiKeyType type, const QByteArray &commonName, QString *error)
{
    const auto fail = [error](const char *what) {
        if (error)
            *error = opensslError(what);
        return QByteArray();
    };
    EvpPkeyPtr key(generateKey(type));
    if (!key)
        return fail("generate CSR key");
    std::unique_ptr<X509_REQ, ReqFree> req(X509_REQ_new());
    if (!req || X509_REQ_set_version(req.get(), 0) != 1)
        return fail("make CSR");
    X509_NAME *name = X509_REQ_get_subject_name(req.get());
    if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                                   reinterpret_cast<const unsigned char *>(commonName.constData()),
                                   int(commonName.size()), -1, 0)
            != 1
        || X509_REQ_set_pubkey(req.get(), key.get()) != 1)
        return fail("fill CSR");
    // Ed25519 signs the message itself: no digest.
    const EVP_MD *md = type == PkiKeyType::Ed25519 ? nullptr : EVP_sha256();
    if (X509_REQ_sign(req.get(), key.get(), md) <= 0)
        return fail("sign CSR");
    std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
    if (!bio || PEM_write_bio_X509_REQ(bio.get(), req.get()) != 1)
        return fail("write CSR as PEM");
    char *data = nullptr;
    const long len = BIO_get_mem_data(bio.get(), &data);
    return QByteArray(data, int(len));
}

} // namespace vw
