// Shared by ssh_sign and ssh_issue: the CA key types a profile may name (`ca_key_type`), the
// SSH mount "<runPrefix>-ssh-<opIndex>" with its server-generated CA and role "bench", and the
// check of a signing answer.
#pragma once

#include "ops/operation.h"
#include "ops/opparams.h"
#include "ops/opsupport.h"
#include "ops/sshkeys.h"

#include <QStringList>
#include <optional>

namespace vw {

/// "ed25519", "rsa-2048", "rsa-4096": the choices of `ca_key_type` (and of ssh_sign's client_key_type).
QStringList sshKeyTypeNames();
/// The key type of one of sshKeyTypeNames(), or nullopt.
std::optional<SshKeyType> sshKeyType(const QString &name);

/// `ca_key_type`: the CA key the server generates at setup (default ed25519).
ParamSpec sshCaKeyTypeParam();
/// `ttl`: lifetime of each certificate, 1s to 24h, whole seconds (default 5m).
ParamSpec sshTtlParam();

/// Enables "<runPrefix>-ssh-<opIndex>" through `created`, has the server generate a CA key of
/// `caKeyType` (config/ca) and writes role "bench" (user certificates for principal "bench",
/// `ttlMs`). Returns the mount path, or empty + *error.
QString setupSshCa(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                   SshKeyType caKeyType, qint64 ttlMs, QString *error);

/// "300s" for 300000 ms: Vault's duration text for whole seconds.
QString sshSeconds(qint64 ms);

/// True when `body` (a JSON response) has a non-empty string member "signed_key".
/// Scans the text instead of parsing it all (hot path).
bool hasSignedKey(const QByteArray &body);

/// 200 with a signed_key is success; 200 without it is InvalidResponse.
ErrorClass classifySshCertificate(const HttpResult &result);

} // namespace vw
