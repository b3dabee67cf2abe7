// Keeps secrets (the Vault token, a local target's root token and unseal key, an HCL file's
// vault_token) out of core dumps (issue 9 item 7, issue 23 finding 5; the choice is explained
// in docs/architecture.md, "Secrets in memory"). Every vault-workbench process, each command
// and the GUI, calls excludeFromCoreDumpsAtStart() first thing in main(): it is marked not
// dumpable (prctl PR_SET_DUMPABLE 0, Linux) and its core file size limit is 0 (RLIMIT_CORE,
// soft and hard). The kernel then writes no core file for it, and other processes of the same
// user cannot ptrace it or read its /proc/<pid>/mem and environ. Children started with exec
// (bao, nginx, HAProxy) are dumpable again but inherit the core limit of 0.
// Debugging a crash: VW_ALLOW_CORE_DUMPS=1 in the environment leaves both alone (and
// excludeFromCoreDumps() then does nothing either).
#pragma once

#include <QString>

namespace vw {

/// The environment variable that allows core dumps when it is "1".
inline constexpr char kAllowCoreDumpsVariable[] = "VW_ALLOW_CORE_DUMPS";

/// True when VW_ALLOW_CORE_DUMPS is "1".
bool coreDumpsAllowedByEnvironment();

/// At process start, before any secret is read: not dumpable and RLIMIT_CORE 0 (soft and
/// hard), unless coreDumpsAllowedByEnvironment(). Returns the warning to print: empty when
/// done; the system's message when the kernel refused (the caller warns and goes on); a
/// reminder that a core may hold secrets when the variable allows core dumps.
QString excludeFromCoreDumpsAtStart();

/// Marks this process not dumpable (again: the token paths call it before they read the
/// token, whatever happened at start). Does nothing and returns true when
/// coreDumpsAllowedByEnvironment(). False + *error (the system's message) when the kernel
/// refused; the caller warns and goes on.
bool excludeFromCoreDumps(QString *error);

/// True when this process is marked not dumpable (prctl PR_GET_DUMPABLE == 0).
bool coreDumpsExcluded();

/// The soft core file size limit of this process (RLIMIT_CORE) in bytes; -1 for unlimited.
qint64 coreFileLimitBytes();

} // namespace vw
