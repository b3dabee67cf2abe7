// pki_crl_read: GET /v1/<mount>/crl, the issuing CA's certificate revocation list (DER) as a
// relying party fetches it. Setup makes the CA (pkicommon.h, `ca` param) and, so that the list
// is not empty, issues and revokes `revoked_certs` ECDSA P-256 certificates. Success is 200
// with a non-empty body.
#pragma once

#include "ops/pkicommon.h"

namespace vw {

class PkiCrlReadOperation : public PkiOperationBase {
public:
    PkiCrlReadOperation(PkiCaKind ca, int revokedCerts)
        : m_caKind(ca)
        , m_revoked(revokedCerts)
    {
    }
    /// The CA, role "bench", then `revoked_certs` issue + revoke pairs (sequential).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/crl".
    QString aclRules() const override;

private:
    PkiCaKind m_caKind;
    int m_revoked;
    QByteArray m_path; ///< "/v1/<mount>/crl"
};

OperationType pkiCrlReadType();

} // namespace vw
