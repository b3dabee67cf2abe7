// job.yaml of `k8s render` (docs/distributed.md, "The manifests, field by field"): the
// Indexed Job whose pod I runs shard I of N,
//   vault-workbench k8s shard run /etc/vault-workbench/profile.yaml --shard auto/N
//       --start-at $(VW_START_AT) --addr URL --yes --token-file <Secret file> ... --out FILE
// (I from JOB_COMPLETION_INDEX, the barrier from the <name>-start ConfigMap through the
// environment, the session printed framed on stdout at the end: core/k8s/sessionframe.h).
#pragma once

#include "k8s/k8srender.h"

#include <QByteArray>
#include <QList>

namespace vw::k8s {

/// Where the pod finds things (its container's paths).
inline const char kProfileMountDir[] = "/etc/vault-workbench";
inline const char kTokenMountDir[] = "/var/run/secrets/vault-workbench";
inline const char kCaMountDir[] = "/var/run/secrets/vault-workbench-ca";
inline const char kWorkDir[] = "/var/lib/vault-workbench"; ///< an emptyDir: HOME, the session
inline const char kContainerName[] = "shard";
/// The image's user and group (packaging/Dockerfile), also the pod's fsGroup: the kubelet
/// makes the 0400 token file readable by that group only.
inline constexpr int kImageUid = 10001;

/// The exit codes of `run` that end the whole Job at once (podFailurePolicy FailJob), as
/// app/cli.h numbers them: 1 failed (an abort rule, a failed stage, stopped), 2 config
/// (usage, invalid profile, no token, the barrier placeholder), 3 setup, 5 late start (not
/// ready by the barrier), 130 aborted. Any other non-zero code fails its index, and with
/// maxFailedIndexes 0 the Job too.
QList<int> failJobExitCodes();

/// activeDeadlineSeconds: start delay + the plan's duration (stages x repeat, rounded up) +
/// the margin for pre-flight, setup and cleanup.
qint64 activeDeadlineSeconds(const RenderOptions &options);

/// job.yaml's text; `name` already checked.
QByteArray renderJob(const RenderOptions &options, const QString &name);

} // namespace vw::k8s
