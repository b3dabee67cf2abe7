// Shared by kv1_read and kv1_write: the KV v1 mount "<runPrefix>-kv1-<opIndex>" and the
// request paths. Their params are KV v2's (kv2ParamSpecs(), core/ops/kv2common.h): `keys`
// and `payload_bytes`. A KV v1 secret is the flat object {"value": "<payload>"}; a write is
// one storage put with no versions or metadata (the cheapest write path).
#pragma once

#include "ops/creatingoperation.h"
#include "ops/kv2common.h"

namespace vw {

class Kv1OperationBase : public CreatingOperation {
public:
protected:
    explicit Kv1OperationBase(const Kv2Params &params)
        : m_params(params)
    {
    }
    /// Enables the KV v1 mount (no upgrade wait: KV v1 has none).
    bool setupMount(VaultClient &client, const SetupContext &ctx, QString *error);
    /// "/v1/<mount>/key-<n>" with n = rng % keys.
    QByteArray randomKeyPath(VuState &vu) const;
    /// {"value": "<payload_bytes chars>"}, made from a seed of the op's index.
    QByteArray secretBody(const SetupContext &ctx) const;

    Kv2Params m_params;
    QString m_mount;
    QByteArray m_keyPathPrefix;
};

} // namespace vw
