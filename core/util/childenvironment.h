// The environment every process the workbench starts gets (issue 23 finding 6): the bao nodes
// and the load balancer of `target up` (core/localtarget/localtarget.cpp), the commands a
// study runs (app/studylog.cpp) and helper tools. It is this process's environment without
// any VAULT_* or BAO_* variable: the caller's VAULT_TOKEN / BAO_TOKEN (and VAULT_ADDR,
// VAULT_NAMESPACE, ...) never reach a child that would keep them in /proc/<pid>/environ for
// its life. A child that needs one gets it back explicitly from its caller (the dev server's
// BAO_DEV_ROOT_TOKEN_ID). docs/local-targets.md, "Processes and their environment".
#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace vw {

/// True for the names a child never inherits: every name starting with "VAULT_" or "BAO_"
/// (case-sensitive, as the tools read them).
bool isScrubbedFromChildren(const QString &name);

/// `from` without the names isScrubbedFromChildren() says (default: this process's
/// environment). Thread-safe.
QProcessEnvironment childEnvironment(
    const QProcessEnvironment &from = QProcessEnvironment::systemEnvironment());

} // namespace vw
