// The base of every operation that creates something on the server (a mount, an auth method,
// a role, a policy): what it made goes through m_created (core/ops/opsupport.h,
// ResourceTracker, which tags it), and cleanup() and resources() are written here once.
// Same threads as Operation (core/ops/operation.h): setup and cleanup on the control thread.
#pragma once

#include "ops/operation.h"
#include "ops/opsupport.h"

namespace vw {

class CreatingOperation : public Operation {
public:
    /// Removes what m_created holds, newest first (ResourceTracker::removeAll()). An
    /// operation that also forgets state of its setup overrides it and calls this one.
    bool cleanup(VaultClient &client, QString *error) override
    {
        return m_created.removeAll(client, error);
    }
    /// What m_created holds, in creation order.
    QList<WorkbenchResource> resources() const override { return m_created.resources(); }

protected:
    ResourceTracker m_created;
};

} // namespace vw
