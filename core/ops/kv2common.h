// Shared by the KV operations: their params (declared once, kv2ParamSpecs(); KV v1's
// kv1_read/kv1_write take the same), the payload and the seeding of secrets; for kv2_read,
// kv2_write, kv2_list and kv2_metadata_read also the KV v2 mount (with the post-enable
// "Upgrading from non-versioned to versioned data" wait) and the request paths.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/opsupport.h"

#include <QJsonObject>

namespace vw {

/// The typed params of the KV operations; bounds and defaults are in kv2ParamSpecs().
struct Kv2Params {
    int keys = 0; ///< distinct secrets key-0 .. key-(keys-1), >= 1
    /// Bytes of the "value" string of each secret, >= 1; kKv2SeedBytes for the types that
    /// do not declare `payload_bytes` (kv2_list, kv2_metadata_read).
    int payloadBytes = 0;
    /// From params parsed for a KV operation type (core/ops/opparams.h).
    static Kv2Params from(const OpParams &params);
};

/// Bytes of each seeded secret's value for the types without `payload_bytes`.
constexpr int kKv2SeedBytes = 16;

/// `keys` (1 to 100000, the seeding cost bound; default 100), described `description` or,
/// when empty, as the secrets each request picks one of at random.
ParamSpec kv2KeysParam(const QString &description = {});
/// `keys` and `payload_bytes` (1 to 1 MiB, the HVD study's largest secret and Vault 1.21's
/// JSON string limit; default 100). A 1 MiB value is a request body of 1 MiB + 21 bytes,
/// far below `max_request_size` (32 MiB); OpenBao has no single-string limit
/// (docs/profile-format.md, KV payload sizes).
QList<ParamSpec> kv2ParamSpecs();

/// Writes `count` secrets `<pathPrefix><i>` (i = 0 .. count-1) with `body` (a JSON object),
/// one request each, on the control thread. false + *error naming the first refused path.
bool seedKvSecrets(VaultClient &client, const QString &pathPrefix, int count,
                   const QJsonObject &body, QString *error);

/// A read of a seeded secret succeeded: status 200 and a body of at least `payloadBytes`
/// bytes (the value is in it), so a server or transport that answers short is an
/// InvalidResponse, never a fast "success" (read sizes are honoured).
ErrorClass classifyKvRead(const HttpResult &result, int payloadBytes);

/// `bytes` printable ASCII characters (letters and digits), safe inside a JSON string.
QByteArray kv2Payload(int bytes, std::mt19937_64 &rng);

/// Base of both KV v2 operations: owns the mount "<runPrefix>-kv2-<opIndex>".
class Kv2OperationBase : public CreatingOperation {
public:
    /// Read, create and update on "<mount>/data/*" (both KV v2 operations use only these).
    QString aclRules() const override;

protected:
    explicit Kv2OperationBase(const Kv2Params &params)
        : m_params(params)
    {
    }
    /// Enables the mount and waits (<= 10 s) until the KV upgrade is over.
    bool setupMount(VaultClient &client, const SetupContext &ctx, QString *error);
    /// "/v1/<mount>/data/key-<n>" with n = rng % keys. Cheap: one append to a prefix.
    QByteArray randomKeyPath(VuState &vu) const;
    /// "<mount>/data/key-<n>" for VaultClient::request during setup.
    QString keyPath(int n) const;
    /// Writes key-0 .. key-(keys-1), each {"value": <payloadBytes chars>}, after setupMount().
    bool seedSecrets(VaultClient &client, const SetupContext &ctx, QString *error);

    Kv2Params m_params;
    QString m_mount;
    QByteArray m_keyPathPrefix;
};

} // namespace vw
