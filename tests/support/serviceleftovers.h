// What the workbench may leave in Vault after a run against a local target's service
// (tst_ops_mariadb, tst_ops_redis): the tests of docs/local-targets.md "Services" compare it
// with an empty list after each run.
#pragma once

#include "vault/vaultclient.h"

#include <QByteArray>
#include <QStringList>

namespace vw::test {

/// The workbench's things in Vault: "mount <path>" for each vwb- mount, "policy <name>" for
/// each vwb- policy, "leases <prefix>" for each vwb- lease prefix (LIST sys/leases/lookup/),
/// "error: ..." when a list fails.
QStringList vaultLeftovers(const TargetSpec &target, const QByteArray &token);

} // namespace vw::test
