// What `kubectl get job|pods -o json` says about a rendered Job, for `k8s run` (following it)
// and `k8s collect` (a pod per completion index), and what a rendered folder holds
// (job.yaml: the Job's name, namespace, completions, start delay). Pure functions; any thread.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace vw::k8s {

/// The Job of a `k8s render` folder, read back from its job.yaml.
struct RenderedJob {
    QString name;
    QString kubeNamespace; ///< empty: kubectl's current namespace
    int completions = 0;
    int startDelayS = 60; ///< annotation vault-workbench/start-delay-seconds
    qint64 activeDeadlineS = 0;
};
/// nullopt and *error when DIR/job.yaml is missing or is not a rendered Indexed Job.
std::optional<RenderedJob> readRenderedJob(const QString &dir, QString *error);

/// One pod of the Job (`kubectl get pods -l batch.kubernetes.io/job-name=NAME -o json`).
struct ShardPod {
    QString name;
    int index = -1; ///< annotation batch.kubernetes.io/job-completion-index
    QString phase; ///< Pending, Running, Succeeded, Failed
    std::optional<int> exitCode; ///< the shard container's, once it terminated
    QString reason; ///< its termination reason (Error, OOMKilled, ...)
    QString node;
};
/// The pods in the list; nullopt and *error when it is not a pod list.
std::optional<QList<ShardPod>> parsePods(const QByteArray &json, QString *error);

/// The Job's status (`kubectl get job NAME -o json`).
struct JobState {
    int active = 0;
    int ready = 0;
    int succeeded = 0;
    int failed = 0;
    bool complete = false; ///< condition Complete True
    bool failedJob = false; ///< condition Failed True
    QString reason; ///< of the Failed condition: PodFailurePolicy, DeadlineExceeded, ...
    QString message;
    QString failedIndexes; ///< "1,3-4"
    QString completedIndexes;
};
std::optional<JobState> parseJob(const QByteArray &json, QString *error);

/// "active 3, ready 3, succeeded 0, failed 0" (+ ", failed indexes 1").
QString jobStateLine(const JobState &s);

} // namespace vw::k8s
