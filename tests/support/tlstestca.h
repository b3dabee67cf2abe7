// Test harness: a throw-away certificate authority generated with OpenSSL at test time
// (core/util/certificateauthority.h: EC P-256 keys, SHA-256, valid one day). Issues server
// certificates for 127.0.0.1 and
// localhost, and client certificates. Keys live in memory; only certificates (never keys) are
// written, and only to temporary files the test owns. Nothing here is committed.
#pragma once

#include <QByteArray>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>
#include <memory>

namespace vw {
class CertificateAuthority;
}

namespace vw::test {

class TlsTestCa {
public:
    TlsTestCa(); ///< generates the CA key and its self-signed certificate
    ~TlsTestCa();
    TlsTestCa(const TlsTestCa &) = delete;
    TlsTestCa &operator=(const TlsTestCa &) = delete;

    bool isValid() const;
    QByteArray caCertificatePem() const { return m_caCertPem; }
    QSslCertificate caCertificate() const { return QSslCertificate(m_caCertPem, QSsl::Pem); }

    struct Issued {
        QSslCertificate certificate;
        QSslKey key;
        QByteArray certificatePem;
        QByteArray keyPem; ///< PKCS#8 PEM, unencrypted (tests only)
    };
    /// A leaf certificate signed by this CA. `server`: subjectAltName IP:127.0.0.1 and
    /// DNS:localhost, extendedKeyUsage serverAuth; else clientAuth. Empty on failure.
    Issued issue(const QString &commonName, bool server) const;

private:
    std::unique_ptr<CertificateAuthority> m_ca;
    QByteArray m_caCertPem;
};

} // namespace vw::test
