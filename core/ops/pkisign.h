// pki_sign: POST /v1/<mount>/sign/bench with a CSR made locally with OpenSSL (a pool of
// kCsrPool made at setup, one picked per request; vault-benchmark's pki_sign). Params
// (pkiCertParamSpecs()): key_type (of the CSR keys and the role), ttl, no_store, ca.
// Success is 200 with data.serial_number; 200 without it is InvalidResponse.
#pragma once

#include "ops/pkicommon.h"

namespace vw {

class PkiSignOperation : public PkiOperationBase {
public:
    static constexpr int kCsrPool = 8; ///< CSRs made at setup, picked per request

    explicit PkiSignOperation(const PkiCertParams &params)
        : m_params(params)
    {
    }
    /// Makes the CA and role "bench" (pkicommon.h) and the CSR pool (RSA-2048 keys take a
    /// few hundred ms of CPU for the pool).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on "<mount>/sign/bench".
    QString aclRules() const override;

private:
    PkiCertParams m_params;
    QByteArray m_path; ///< "/v1/<mount>/sign/bench"
    QList<QByteArray> m_bodies; ///< one prebuilt JSON body per pooled CSR
};

OperationType pkiSignType();

} // namespace vw
