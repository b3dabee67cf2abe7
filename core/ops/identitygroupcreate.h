// identity_group_create: POST /v1/identity/group {name, type: internal, metadata,
// member_entity_ids} of a new internal group per request, named "<runPrefix>-grp-<opIndex>-
// <vu>-<iteration>-<random>", each listing the same `members` entities made at setup (named
// "<runPrefix>-grpm-<opIndex>-<i>"): a group write also updates its members' memberships.
// Cleanup deletes every group the requests made, then the members (core/ops/identitycommon.h).
// Success is 200 with data.id.
#pragma once

#include "ops/identitycommon.h"

namespace vw {

class IdentityGroupCreateOperation : public CreatingOperation {
public:
    explicit IdentityGroupCreateOperation(int members)
        : m_members(members)
    {
    }
    /// `members` sequential entity creates.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Create and update on identity/group.
    QString aclRules() const override;

private:
    int m_members = 0;
    QByteArray m_bodyHead; ///< {"name":"<prefix>-
    QByteArray m_bodyTail; ///< ","type":"internal","metadata":{...},"member_entity_ids":[...]}
};

OperationType identityGroupCreateType();

} // namespace vw
