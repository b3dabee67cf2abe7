// Setup and cleanup of a run's operations, on the run's control thread: the pre-flight check
// (profile sanity, open-file limit, server reachable, initialised, unsealed, token accepted
// and living long enough for the run), creating the
// operations from the registry (core/ops/operationregistry.h), their setup (mounts, roles,
// keys, seeded data, under one random "vwb-xxxxxx" prefix) and their cleanup, which the run
// calls always, also after a failed setup or a stop. Errors go into the RunRecord
// (status, error) as the session reports them (docs/session-format.md).
#pragma once

#include "engine/runrecord.h"
#include "engine/vucredentials.h"
#include "engine/worker.h"
#include "ops/operation.h"
#include "profile/profile.h"

#include <functional>
#include <memory>
#include <vector>

namespace vw {

class VaultClient;

class OperationSetup {
public:
    /// `stopRequested` is polled between steps (the user's stop request).
    OperationSetup(const Profile &profile, const QByteArray &token,
                   std::function<bool()> stopRequested);
    ~OperationSetup();

    /// Checks the profile, the open-file limit for its VUs, the server and the token (accepted,
    /// and living long enough: core/engine/tokenlifetime.h); fills s.server and s.token.
    /// False with s.status and s.error set; nothing is created on the server.
    bool preflight(VaultClient &client, RunRecord &s);
    /// Creates one Operation per profile entry and the mix the workers draw from. False with
    /// s.error set (unknown type).
    bool createOperations(RunRecord &s);
    /// Chooses the run's prefix ("vwb-" + 6 random hex digits) into s.runPrefix, so that it
    /// can be shown before anything is created; setupOperations() chooses one if not.
    static QString choosePrefix(RunRecord &s);
    /// Runs each operation's setup in profile order under the run prefix (s.runPrefix);
    /// what they created is in s.resources, also after a failure. False with s.status and
    /// s.error set (a setup failed, or a stop was requested: RunStatus::Stopped).
    bool setupOperations(VaultClient &client, RunRecord &s);
    /// Per-VU credentials (profile `auth:` block, core/engine/vucredentials.h), after
    /// setupOperations(): the method, the policy (union of the operations' aclRules() for
    /// "least") and the logins; what it made is added to s.resources and the logins to s.auth.
    /// True without doing anything when the profile has no `auth:` block. False with s.error.
    bool setupCredentials(VaultClient &client, RunRecord &s);
    /// After setupCredentials(): waits until every node the run loads serves everything
    /// setup made (core/engine/servedcheck.h: the newest X-Vault-Index, then each resource in
    /// s.resources read back), bounded. False with s.error ("node ... does not serve role
    /// ... after 15 s") or, on a stop, s.status Stopped.
    bool waitUntilServed(VaultClient &client, RunRecord &s);
    /// The per-VU credentials after setupCredentials(), or nullptr (no `auth:` block).
    VuCredentials *credentials() const { return m_credentials.get(); }
    /// The union of the operations' aclRules() (each distinct rule text once, profile order).
    QString leastPrivilegeRules() const;
    /// Removes the per-VU credentials (first), then runs every created operation's cleanup in reverse order under the cleanup retry
    /// policy (core/vault/retrypolicy.h), then forgets them; returns the errors joined by
    /// "; " (empty when everything was removed) and what is left in *leftovers.
    QString cleanupOperations(VaultClient &client, QList<WorkbenchResource> *leftovers);

    /// Any thread, while the operations exist: each lease-issuing operation's counts so far
    /// (Operation::leaseCounts(), core/ops/leasecounter.h), labelled as OpStats::op, in
    /// profile order; empty when no operation issues leases.
    QList<OpLeases> leaseCounts() const;
    /// After setupOperations(): the first operation's reader of the service it makes Vault
    /// work against (Operation::serviceProbe(), core/ops/serviceprobe.h), or nullptr.
    std::unique_ptr<ServiceProbe> serviceProbe() const;

    bool hasOperations() const { return !m_ops.empty(); }
    int operationCount() const { return int(m_ops.size()); }
    /// Valid while the operations exist (until cleanupOperations()).
    const OperationMix &mix() const { return m_mix; }

private:
    const Profile &m_profile;
    const QByteArray m_token;
    std::function<bool()> m_stopRequested;
    std::vector<std::unique_ptr<Operation>> m_ops;
    OperationMix m_mix;
    std::unique_ptr<VuCredentials> m_credentials;
};

} // namespace vw
