// Standby consistency before the load (issue 21 item 9; docs/local-targets.md, "Standby
// consistency"): after setup (operations and per-VU credentials) and before the warm-up, every
// node the run loads (TargetSpec::loadAddresses(): the target, or each node of a spread run)
// must serve everything setup made. A standby of OpenBao 2.7 answers reads from its own copy
// of the storage, which trails the active node's by up to about a second; a run against a
// standby then failed in its first second (a role 404, pki_issue/totp/ssh 400, seeded keys
// 404). Two checks per node, each polled every 50 ms with a bounded wait:
// 1. OpenBao's own means (VaultClient::waitForIndex()): GET auth/token/lookup-self with the
//    newest X-Vault-Index setup saw (VaultClient::consistencyIndex()) and
//    "X-Vault-Inconsistent: fail": answered once the node
//    has applied every write setup made (mounts, roles, keys, secret-ids, policies, seeded
//    secrets, the VUs' tokens); 429 with no error text while it has not. Skipped when the
//    server sends no X-Vault-Index (Vault OSS, OpenBao before 2.7, a dev server).
// 2. A read-back of what the operations and credentials report as created
//    (RunRecord::resources): each mount and auth method (.../tune), policy and role answers
//    2xx, as the node's router and caches see them, not only its storage.
// Behind a load balancer consecutive requests reach different nodes: each probe must answer
// 2xx kServedInRow times in a row. Control thread (synchronous, seconds at most).
#pragma once

#include "vault/workbenchresource.h"

#include <QList>
#include <QString>

namespace vw {

class VaultClient;

constexpr int kServedInRow = 6; ///< 2xx answers in a row that count as served
constexpr qint64 kServedWaitMs = 15000; ///< per node and check

/// How the check went: per node, how long it waited (ms) and how many probes it sent.
struct ServedCheck {
    bool ok = false;
    QString error; ///< "node http://127.0.0.1:8202 does not serve role ... after 15 s: 404"
    bool usedIndex = false; ///< check 1 ran (the server sent X-Vault-Index)
    qint64 waitedMs = 0; ///< the longest wait of a node
    int probes = 0;
};

/// Runs both checks on every node `client` loads, with `client`'s token (the one setup used).
/// `timeoutMs` bounds each check on each node. Never changes anything on the server.
ServedCheck waitUntilEveryNodeServes(VaultClient &client, const QList<WorkbenchResource> &created,
                                     qint64 timeoutMs = kServedWaitMs);

} // namespace vw
