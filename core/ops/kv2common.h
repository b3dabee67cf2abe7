// Shared by kv2_read and kv2_write: parameters, the KV v2 mount (with the post-enable
// "Upgrading from non-versioned to versioned data" wait) and the request paths.
#pragma once

#include "ops/operation.h"
#include "ops/operationregistry.h"
#include "ops/opsupport.h"

#include <QVariantMap>

namespace vw {

struct Kv2Params {
    static constexpr int kMaxKeys = 100000;          ///< seeding cost bound
    static constexpr int kMaxPayloadBytes = 1048576; ///< Vault 1.21's JSON string limit
    int keys = 100;          ///< distinct secrets key-0 .. key-(keys-1)
    int payloadBytes = 100;  ///< bytes of the "value" string of each secret
    /// Values from validated params (defaults where absent).
    static Kv2Params fromParams(const QVariantMap &params);
};

QStringList kv2ParamNames();
QList<ParamError> validateKv2Params(const QVariantMap &params);

/// `bytes` printable ASCII characters (letters and digits), safe inside a JSON string.
QByteArray kv2Payload(int bytes, std::mt19937_64 &rng);

/// Base of both KV v2 operations: owns the mount "<runPrefix>-kv2-<opIndex>".
class Kv2OperationBase : public Operation {
public:
    bool cleanup(VaultClient &client, QString *error) override;

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
    MountTracker m_mounts;
};

} // namespace vw
