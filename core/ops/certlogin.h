// cert_login: POST /v1/auth/<mount>/login {"name": "bench"} over mutual TLS (vault-benchmark's
// cert_auth). The client certificate is the target's own (`target.client_cert` /
// `target.client_key`, docs/profile-format.md "Target"), which the control plane and both
// transports present on https targets (SetupContext::clientCertFile). Setup enables cert auth
// at "<runPrefix>-cert-<opIndex>" and writes certs/bench whose `certificate` is that client
// certificate (a non-CA certificate Vault trusts when the presented one matches it exactly);
// params `ttl` -> token_ttl, `type` -> token_type (LoginParams, core/ops/authsupport.h). Without an https target with a client
// certificate setup fails with a clear error. Success is 200 with a non-empty
// auth.client_token. The tokens the logins make are revoked when cleanup disables the auth
// method (batch tokens are not stored: they expire).
#pragma once

#include "ops/authsupport.h"
#include "ops/creatingoperation.h"
#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/opsupport.h"

namespace vw {

class CertLoginOperation : public CreatingOperation {
public:
    explicit CertLoginOperation(const LoginParams &params)
        : m_params(params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;

private:
    LoginParams m_params;
    QByteArray m_path; ///< "/v1/auth/<mount>/login"
};

OperationType certLoginType();

} // namespace vw
