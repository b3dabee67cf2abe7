// identity_entity_lookup: GET /v1/identity/entity/id/<id> (or /name/<name>, param `by`) of one
// of `entities` entities made at setup, picked at random per request (vault-benchmark's
// `identity` test seeds entity_count entities). Setup makes them one by one, named
// "<runPrefix>-entl-<opIndex>-<i>", and cleanup deletes them (core/ops/identitycommon.h).
// Success is 200 with data.id.
#pragma once

#include "ops/identitycommon.h"

#include <QVector>

namespace vw {

class IdentityEntityLookupOperation : public CreatingOperation {
public:
    IdentityEntityLookupOperation(int entities, IdentityLookupBy by)
        : m_entities(entities)
        , m_by(by)
    {
    }
    /// `entities` sequential creates.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on identity/entity/id/* (or name/*).
    QString aclRules() const override;

private:
    int m_entities = 1;
    IdentityLookupBy m_by = IdentityLookupBy::Id;
    QVector<QByteArray> m_paths; ///< "/v1/identity/entity/id/<id>", one per entity
};

OperationType identityEntityLookupType();

} // namespace vw
