// `vault-workbench k8s up|run|collect|down DIR` (docs/distributed.md, "Running on a
// cluster"): a folder written by `k8s render`, driven with kubectl (kubectl.h).
//   up       DIR/start.yaml gets the barrier (now + the start delay), `kubectl apply -k DIR`
//   run      up, then `kubectl get job -o json` every 2 s until Complete or Failed: the
//            state as it changes, then each failed index with its pod's exit code
//   collect  each index's `kubectl logs` -> its session frame (core/k8s/sessionframe.h) ->
//            DIR of shard sessions -> merge (distcommand.h mergeAndWrite)
//   down     `kubectl delete -k DIR --ignore-not-found`
#pragma once

#include <QString>
#include <QStringList>

namespace vw::cli {

/// `sub` is up, run, collect or down; `args` the words after it. The exit code.
int k8sDriverCommand(const QString &sub, const QStringList &args);

/// What run's exit code `code` means, for a failed pod ("late start: not ready by the
/// barrier"); "exit N" for a code run does not use.
QString runExitMeaning(int code);

} // namespace vw::cli
