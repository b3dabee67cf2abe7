// pki_issue: POST /v1/<mount>/issue/bench, the server generates the key pair and issues a
// certificate for issue.bench.local (vault-benchmark's pki_issue). Params (pkiCertParamSpecs()):
// key_type, ttl, no_store, ca. Success is 200 with data.serial_number; 200 without it is
// InvalidResponse. A pki_revoke later in the profile issues through this operation's role and
// counts those requests in this operation's row (core/ops/pkirevoke.h).
#pragma once

#include "ops/pkicommon.h"

namespace vw {

class PkiIssueOperation : public PkiOperationBase {
public:
    explicit PkiIssueOperation(const PkiCertParams &params)
        : m_params(params)
    {
    }
    /// Makes the CA (pkicommon.h: one or two mounts) and role "bench" on the issuing mount.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on "<mount>/issue/bench".
    QString aclRules() const override;

    const PkiCertParams &params() const { return m_params; }
    /// The request nextRequest() sends (after setup()).
    HttpRequest issueRequest() const { return {QByteArrayLiteral("POST"), m_path, m_body}; }

private:
    PkiCertParams m_params;
    QByteArray m_path; ///< "/v1/<mount>/issue/bench"
    QByteArray m_body; ///< {"common_name":"issue.bench.local","ttl":"<s>s"}
};

OperationType pkiIssueType();

} // namespace vw
