// Shared by the PKI operations (pki_issue, pki_sign, pki_revoke, pki_crl_read): the key types
// a profile may name and their Vault key_type/key_bits, the CA made at setup (a root in
// "<runPrefix>-pki-<opIndex>" and, for `ca: intermediate`, an intermediate signed by it in
// "<runPrefix>-pki-<opIndex>-int", as vault-benchmark does), the role "bench", the common
// params, and a scan for one string member of a JSON response (hot path). Vault API calls
// used: sys/mounts, root/generate/internal, intermediate/generate/internal,
// root/sign-intermediate, intermediate/set-signed, roles/:name, issue/:role, sign/:role,
// revoke, crl.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/opsupport.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace vw {

/// The leaf key types: "rsa-2048", "rsa-3072", "rsa-4096" (RSA of those bits), "ec-256",
/// "ec-384", "ec-521" (ECDSA P-256, P-384, P-521), "ed25519": Vault's PKI key types and sizes
/// (vault-benchmark's docs/examples/pki use each).
enum class PkiKeyType { Rsa2048, Ec256, Ed25519, Rsa3072, Rsa4096, Ec384, Ec521 };

QStringList pkiKeyTypeNames(); ///< in the order shown
std::optional<PkiKeyType> pkiKeyType(const QString &name); ///< nullopt if not a name above
/// Puts Vault's `key_type` ("rsa", "ec", "ed25519") and, where it applies, `key_bits`
/// (2048, 3072, 4096; 256, 384, 521) into a role or CA request body.
void putVaultKeyType(QJsonObject &body, PkiKeyType type);
/// The bits of an RSA or EC key type; 0 for Ed25519.
int pkiKeyBits(PkiKeyType type);
/// True for the RSA key types.
bool pkiKeyIsRsa(PkiKeyType type);

/// Where certificates are issued from: the root itself, or an intermediate the root signed.
enum class PkiCaKind { Root, Intermediate };

/// The params shared by pki_issue and pki_sign (declared in pkiCertParamSpecs()).
struct PkiCertParams {
    PkiKeyType keyType = PkiKeyType::Rsa2048;
    qint64 ttlMs = 0; ///< certificate lifetime in milliseconds (whole seconds)
    bool noStore = false; ///< role no_store: the server does not keep the certificates
    PkiCaKind ca = PkiCaKind::Intermediate;
    /// From params parsed for pki_issue or pki_sign; nullopt if a choice is not declared.
    static std::optional<PkiCertParams> from(const OpParams &params);
};

/// key_type (default rsa-2048), ttl (1s to 30 days, default 5m), no_store (default false),
/// ca (root or intermediate, default intermediate).
QList<ParamSpec> pkiCertParamSpecs();
/// The `ca` param alone (pki_crl_read).
ParamSpec pkiCaParamSpec();
std::optional<PkiCaKind> pkiCaKind(const QString &name);

/// "300s" for 300000 ms.
QString pkiSeconds(qint64 ms);

/// The CA of one PKI operation, made through its ResourceTracker.
struct PkiCa {
    QString rootMount; ///< "<runPrefix>-pki-<opIndex>"
    QString issueMount; ///< the mount that issues: rootMount, or "<rootMount>-int"
};

/// Enables the mount(s) (max_lease_ttl 87600h), generates an internal ECDSA P-256 root CA
/// and, for PkiCaKind::Intermediate, an intermediate (generate, sign by the root, set-signed).
/// The CA key type does not follow the leaf key type: the leaves are what is measured.
/// false + *error naming the step and the server's answer.
bool setupPkiCa(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                PkiCaKind kind, PkiCa *ca, QString *error);

/// Writes role "<mount>/roles/bench": subdomains of bench.local, leaf key `keyType`, `ttlMs`
/// (max_ttl at least 1 h), `noStore`, no lease.
bool writePkiRole(ResourceTracker &created, VaultClient &client, const QString &mount,
                  PkiKeyType keyType, qint64 ttlMs, bool noStore, QString *error);

/// The string value of the first member named `key` (e.g. "serial_number") in the JSON text
/// `body`, or empty. Scans the text instead of parsing it (hot path); a value with escapes
/// is returned as written.
QByteArray jsonStringMember(const QByteArray &body, const QByteArray &key);

/// True for a certificate serial as Vault writes it: hex digits separated by ':' or '-'.
bool isPkiSerial(const QByteArray &serial);

/// Classify for a 200 response carrying data.serial_number (issue, sign): None, else
/// HttpStatus for another status, InvalidResponse for a 200 without a serial.
ErrorClass classifyCertificateResponse(const HttpResult &result);

/// Base of the PKI operations that make their own CA (all but pki_revoke): owns the mounts
/// through m_created and removes them (with every certificate in them) at cleanup.
class PkiOperationBase : public CreatingOperation {
public:
    /// The mount that issues (after setup()).
    QString issueMount() const { return m_ca.issueMount; }

protected:
    PkiCa m_ca;
};

} // namespace vw
