#include "tlstestca.h"

#include "util/certificateauthority.h"

namespace vw::test {

TlsTestCa::TlsTestCa()
    : m_ca(std::make_unique<CertificateAuthority>(QStringLiteral("vault-workbench test CA")))
{
    m_caCertPem = m_ca->caCertificatePem();
}

TlsTestCa::~TlsTestCa() = default;

bool TlsTestCa::isValid() const
{
    return m_ca->isValid();
}

TlsTestCa::Issued TlsTestCa::issue(const QString &commonName, bool server) const
{
    Issued out;
    const CertificateAuthority::Issued made = m_ca->issue(commonName, server);
    if (!made.isValid())
        return out;
    out.certificatePem = made.certificatePem;
    out.keyPem = made.keyPem;
    out.certificate = QSslCertificate(out.certificatePem, QSsl::Pem);
    out.key = QSslKey(out.keyPem, QSsl::Ec, QSsl::Pem, QSsl::PrivateKey);
    return out;
}

} // namespace vw::test
