// identity_entity_create: POST /v1/identity/entity {name, metadata} of a new entity per
// request, named "<runPrefix>-ent-<opIndex>-<vu>-<iteration>-<random>" with the workbench tag
// and `metadata` more pairs in its metadata (the storage write and the identity store's
// indexes vault-benchmark's `identity` test populates at setup, here measured per request).
// Setup makes nothing but records the name prefix; cleanup deletes every entity of it
// (identity/entity/batch-delete, core/ops/identitycommon.h). Success is 200 with data.id.
#pragma once

#include "ops/identitycommon.h"

namespace vw {

class IdentityEntityCreateOperation : public CreatingOperation {
public:
    explicit IdentityEntityCreateOperation(int metadataPairs)
        : m_metadataPairs(metadataPairs)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Create and update on identity/entity.
    QString aclRules() const override;

private:
    int m_metadataPairs = 0;
    QByteArray m_bodyHead; ///< {"name":"<prefix>-
    QByteArray m_bodyTail; ///< ","metadata":{...}}
};

OperationType identityEntityCreateType();

} // namespace vw
