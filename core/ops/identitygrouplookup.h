// identity_group_lookup: GET /v1/identity/group/id/<id> (or /name/<name>, param `by`) of one
// of `groups` internal groups made at setup, picked at random per request (vault-benchmark's
// `identity` test, workload group_read). Setup makes `entities` entities ("<runPrefix>-grpe-
// <opIndex>-<i>"), then the groups ("<runPrefix>-grpl-<opIndex>-<g>"), entity i a member of
// group i mod `groups` (vault-benchmark's `balanced` preset); cleanup deletes them all
// (core/ops/identitycommon.h). Success is 200 with data.id.
#pragma once

#include "ops/identitycommon.h"

#include <QVector>

namespace vw {

class IdentityGroupLookupOperation : public CreatingOperation {
public:
    IdentityGroupLookupOperation(int groups, int entities, IdentityLookupBy by)
        : m_groups(groups)
        , m_entities(entities)
        , m_by(by)
    {
    }
    /// `entities` then `groups` sequential creates.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on identity/group/id/* (or name/*).
    QString aclRules() const override;

private:
    int m_groups = 1;
    int m_entities = 0;
    IdentityLookupBy m_by = IdentityLookupBy::Id;
    QVector<QByteArray> m_paths; ///< "/v1/identity/group/id/<id>", one per group
};

OperationType identityGroupLookupType();

} // namespace vw
