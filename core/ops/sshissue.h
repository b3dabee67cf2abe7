// ssh_issue: POST /v1/<mount>/issue/bench: the server generates a key pair of `key_type` and
// signs its public key with the CA (Vault >= 1.12, OpenBao). Params (declared in
// sshIssueType()): ca_key_type (as ssh_sign's), key_type (the key pair generated per
// request: rsa-2048/3072/4096, ecdsa-p256/p384/p521, ed25519), ttl.
// Success is 200 with data.signed_key; 200 without it is InvalidResponse.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/sshcommon.h"

namespace vw {

/// The typed params of ssh_issue; values, bounds and defaults are declared in sshIssueType().
struct SshIssueParams {
    SshKeyType caKeyType = SshKeyType::Ed25519;
    QString keyType; ///< the API's key_type: "rsa", "ec" or "ed25519"
    int keyBits = 0; ///< the API's key_bits: 2048.. for rsa, 256/384/521 for ec, 0 for ed25519
    qint64 ttlMs = 0; ///< certificate TTL in milliseconds (whole seconds, 1s to 24h)
    /// From params parsed for ssh_issue; nullopt if a choice is not a declared one.
    static std::optional<SshIssueParams> from(const OpParams &params);
};

class SshIssueOperation : public CreatingOperation {
public:
    explicit SshIssueOperation(const SshIssueParams &params)
        : m_params(params)
    {
    }
    /// Enables "<runPrefix>-ssh-<opIndex>", generates the CA and writes role "bench"
    /// (setupSshCa(), core/ops/sshcommon.h); builds the request body once.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on "<mount>/issue/bench".
    QString aclRules() const override;

private:
    SshIssueParams m_params;
    QByteArray m_path; ///< "/v1/<mount>/issue/bench"
    QByteArray m_body;
};

OperationType sshIssueType();

} // namespace vw
