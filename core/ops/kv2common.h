// Shared by kv2_read and kv2_write: their params (declared once, kv2ParamSpecs()), the KV v2
// mount (with the post-enable "Upgrading from non-versioned to versioned data" wait) and the
// request paths.
#pragma once

#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/opsupport.h"

namespace vw {

/// The typed params of both KV v2 operations; bounds and defaults are in kv2ParamSpecs().
struct Kv2Params {
    int keys = 0;            ///< distinct secrets key-0 .. key-(keys-1), >= 1
    int payloadBytes = 0;    ///< bytes of the "value" string of each secret, >= 1
    /// From params parsed for kv2_read or kv2_write (core/ops/opparams.h).
    static Kv2Params from(const OpParams &params);
};

/// `keys` (1 to 100000, the seeding cost bound; default 100) and `payload_bytes` (1 to
/// 1 MiB, Vault 1.21's JSON string limit; default 100).
QList<ParamSpec> kv2ParamSpecs();

/// `bytes` printable ASCII characters (letters and digits), safe inside a JSON string.
QByteArray kv2Payload(int bytes, std::mt19937_64 &rng);

/// Base of both KV v2 operations: owns the mount "<runPrefix>-kv2-<opIndex>".
class Kv2OperationBase : public Operation {
public:
    bool cleanup(VaultClient &client, QString *error) override;
    QList<WorkbenchResource> resources() const override { return m_created.resources(); }
    /// Read, create and update on "<mount>/data/*" (both KV v2 operations use only these).
    QString aclRules() const override;

protected:
    explicit Kv2OperationBase(const Kv2Params &params) : m_params(params) {}
    /// Enables the mount and waits (<= 10 s) until the KV upgrade is over.
    bool setupMount(VaultClient &client, const SetupContext &ctx, QString *error);
    /// "/v1/<mount>/data/key-<n>" with n = rng % keys. Cheap: one append to a prefix.
    QByteArray randomKeyPath(VuState &vu) const;
    /// "<mount>/data/key-<n>" for VaultClient::request during setup.
    QString keyPath(int n) const;

    Kv2Params m_params;
    QString m_mount;
    QByteArray m_keyPathPrefix;
    ResourceTracker m_created;
};

} // namespace vw
