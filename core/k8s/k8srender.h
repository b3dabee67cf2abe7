// `vault-workbench k8s render` (docs/distributed.md, "Kubernetes"): a profile as plain
// Kubernetes manifests for an Indexed Job of N shards, plus a kustomization.yaml. Pure
// functions of their options (no clock, no environment, never a token: the token is a Secret
// reference), so the same options give the same bytes (the golden files of tst_k8srender).
//
//   kustomization.yaml  the files below, and the namespace when one is given
//   configmap.yaml      ConfigMap <name>-config: profile.yaml (the file as given), plan.json
//   start.yaml          ConfigMap <name>-start: start_at, the start barrier; render writes
//                       kStartAtPlaceholder, `k8s up|run` writes now + the start delay
//   networkpolicy.yaml  NetworkPolicy <name>: no ingress; egress to DNS and the Vault address
//   job.yaml            the Indexed Job <name> (core/k8s/jobmanifest.h)
#pragma once

#include "k8s/k8syaml.h"
#include "profile/profile.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace vw::k8s {

/// A key of a Secret: `--token-secret NAME[/KEY]`.
struct SecretRef {
    QString name;
    QString key;
};
/// "NAME" (key `defaultKey`) or "NAME/KEY"; names are DNS-1123 subdomains, keys
/// [-._a-zA-Z0-9]+. nullopt and *error otherwise.
std::optional<SecretRef> parseSecretRef(const QString &text, const QString &defaultKey,
                                        QString *error);

/// What `k8s render` was asked for. Defaults are the command's defaults.
struct RenderOptions {
    Profile profile; ///< parsed (validated) profile
    QByteArray profileYaml; ///< its file's text, written to the ConfigMap as it is
    int parallelism = 1; ///< N: completions = parallelism = shards, 1..kMaxShards
    QString address; ///< the Vault address the pods load (--addr), http(s)://host:port
    QString name; ///< object names; empty: jobName(profile.name)
    QString kubeNamespace; ///< --namespace; empty: none written (kubectl's current one)
    QString image = QStringLiteral("vault-workbench:latest");
    SecretRef tokenSecret{QStringLiteral("vault-workbench-token"), QStringLiteral("token")};
    std::optional<SecretRef> caSecret; ///< --cacert-secret: the CA of an https address
    QString vaultNamespace; ///< --vault-namespace: run's --namespace (Vault Enterprise)
    int startDelayS = 60; ///< barrier = apply time + this (pull, schedule, pre-flight, setup)
    int deadlineMarginS = 600; ///< activeDeadlineSeconds = delay + plan + this (setup, cleanup)
    int ttlAfterFinishedS = 86400; ///< ttlSecondsAfterFinished (collect before it passes)
    QString cpu = QStringLiteral("1"); ///< requests = limits
    QString memory = QStringLiteral("512Mi"); ///< requests = limits
};

/// One written file: its name in the output folder and its bytes.
struct RenderedFile {
    QString name;
    QByteArray text;
};

/// The start barrier's value before `k8s up|run` sets it: `run --start-at` refuses it (exit
/// 2, a config exit code, so the Job fails at once rather than starting unsynchronised).
inline const char kStartAtPlaceholder[] = "set-by-vault-workbench-k8s-up";

/// "vwb-" + the profile name in DNS-1123 label form (lower case, [a-z0-9-], at most 40
/// characters; "vwb-run" for a name with none of them). Pods are <name>-<index>-<suffix>.
QString jobName(const QString &profileName);

/// Every file, in the order of the list above (kustomization.yaml first). nullopt and *error
/// for options that cannot give valid manifests (N out of range, an address that is not
/// http(s)://host[:port], a name that is not a DNS-1123 label, an open-model plan with fewer
/// max_vus than shards).
std::optional<QList<RenderedFile>> renderManifests(const RenderOptions &options, QString *error);

/// start.yaml: ConfigMap <name>-start {start_at: `startAt`} (in `kubeNamespace` when given).
QByteArray renderStartConfigMap(const QString &name, const QString &kubeNamespace,
                                const QString &startAt);

/// Labels every object and pod carries (the NetworkPolicy and the spread select by them):
/// app.kubernetes.io/name: vault-workbench, app.kubernetes.io/instance: <name>.
QStringList podLabels(const QString &name);

/// metadata: {name, namespace?, labels} of an object.
void emitMetadata(YAML::Emitter &e, const QString &name, const QString &kubeNamespace,
                  const QStringList &labels);

} // namespace vw::k8s
