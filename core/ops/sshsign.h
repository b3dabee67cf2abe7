// ssh_sign: POST /v1/<mount>/sign/bench with a locally generated client public key
// (vault-benchmark's ssh_sign). Params (declared in sshSignType()): ca_key_type (the CA key
// the server generates at setup), client_key_type (the keys sent to be signed; a pool of
// kKeyPool made at setup) and ttl (certificate lifetime, whole seconds).
// Success is 200 with data.signed_key; 200 without it is InvalidResponse.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/sshcommon.h"

#include <QList>
#include <optional>

namespace vw {

/// The typed params of ssh_sign; values, bounds and defaults are declared in sshSignType().
struct SshSignParams {
    SshKeyType caKeyType = SshKeyType::Ed25519;
    SshKeyType clientKeyType = SshKeyType::Ed25519;
    qint64 ttlMs = 0; ///< certificate TTL in milliseconds (whole seconds, 1s to 24h)
    /// From params parsed for ssh_sign (core/ops/opparams.h); nullopt if a key type is not
    /// one of the declared choices (parseParams() never lets that through).
    static std::optional<SshSignParams> from(const OpParams &params);
};

class SshSignOperation : public CreatingOperation {
public:
    static constexpr int kKeyPool = 8; ///< client keys made at setup, picked per request

    explicit SshSignOperation(const SshSignParams &params)
        : m_params(params)
    {
    }
    /// Enables "<runPrefix>-ssh-<opIndex>", generates the CA, writes role "bench"
    /// (setupSshCa(), core/ops/sshcommon.h) and the client key pool (RSA-2048 pools take a few hundred ms of CPU).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on "<mount>/sign/bench".
    QString aclRules() const override;

private:
    SshSignParams m_params;
    QByteArray m_path; ///< "/v1/<mount>/sign/bench"
    QList<QByteArray> m_bodies; ///< one prebuilt JSON body per pooled client key
};

OperationType sshSignType();

} // namespace vw
