// A small certificate authority made with OpenSSL (libcrypto): EC P-256 keys, SHA-256. Issues
// server certificates for 127.0.0.1 and localhost (and optional further IP addresses), and
// client certificates. Used by local targets (core/localtarget/, `vault-workbench target up
// --tls`) and the tests' throw-away CA (tests/support/tlstestca.h). Keys are kept in memory;
// writing them to disk (mode 0600) is the caller's choice.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace vw {

class CertificateAuthority {
public:
    /// Generates the CA key and its self-signed certificate named `commonName`, valid from
    /// an hour ago for `validDays` days. isValid() is false when OpenSSL failed.
    explicit CertificateAuthority(const QString &commonName, int validDays = 1);
    ~CertificateAuthority();
    CertificateAuthority(const CertificateAuthority &) = delete;
    CertificateAuthority &operator=(const CertificateAuthority &) = delete;

    bool isValid() const { return !m_caCertPem.isEmpty(); }
    QByteArray caCertificatePem() const { return m_caCertPem; }

    struct Issued {
        QByteArray certificatePem;
        QByteArray keyPem; ///< PKCS#8 PEM, unencrypted
        bool isValid() const { return !certificatePem.isEmpty(); }
    };
    /// A leaf certificate signed by this CA, valid as long as the CA. `server`:
    /// subjectAltName IP:127.0.0.1, DNS:localhost and IP:<each of extraIps>, extendedKeyUsage
    /// serverAuth; else clientAuth. Empty on failure.
    Issued issue(const QString &commonName, bool server, const QStringList &extraIps = {}) const;

private:
    void *m_caKey = nullptr; // EVP_PKEY *
    void *m_caCert = nullptr; // X509 *
    QByteArray m_caCertPem;
    int m_validDays = 1;
};

} // namespace vw
