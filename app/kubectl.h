// kubectl as `vault-workbench k8s up|run|collect|down` run it (docs/distributed.md, "Running
// on a cluster"): a QProcess with an argument list (no shell), the program $VW_KUBECTL or
// `kubectl` on PATH, the workbench's child environment (core/util/childenvironment.h: no
// VAULT_* / BAO_*, so no token reaches kubectl; KUBECONFIG and the rest pass), bounded in
// time. Nothing here ever passes a token in argv.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace vw::cli {

struct KubectlResult {
    bool started = false; ///< false: kubectl was not found or did not start
    int exitCode = -1; ///< -1 when it crashed or overran
    QByteArray out;
    QByteArray err;
    /// "kubectl get job x: <stderr's last line>" for messages.
    QString problem(const QStringList &args) const;
};

/// Runs kubectl `args`, waits at most `timeoutMs` (then kills it).
KubectlResult runKubectl(const QStringList &args, int timeoutMs = 60000);

/// {"-n", ns} or nothing.
QStringList namespaceArgs(const QString &kubeNamespace);

} // namespace vw::cli
