// Keeps the Vault token out of core dumps (issue 9 item 7; the choice is explained in
// docs/architecture.md, "Secrets in memory"): the process that holds a token, the CLI `run`
// and the GUI, marks itself not dumpable (prctl PR_SET_DUMPABLE 0, Linux) before it reads the
// token. The kernel then writes no core file for it, and other processes of the same user
// cannot ptrace it or read its /proc/<pid>/mem and environ.
#pragma once

#include <QString>

namespace vw {

/// Marks this process not dumpable. False + *error (the system's message) when the kernel
/// refused; the caller warns and goes on.
bool excludeFromCoreDumps(QString *error);

/// True when this process is marked not dumpable (prctl PR_GET_DUMPABLE == 0).
bool coreDumpsExcluded();

} // namespace vw
