#include "k8s/jobmanifest.h"

#include "engine/executors/shardplan.h"

namespace vw::k8s {

QList<int> failJobExitCodes()
{
    return {1, 2, 3, 5, 130};
}

qint64 activeDeadlineSeconds(const RenderOptions &options)
{
    const qint64 planS = (options.profile.totalDurationMs() + 999) / 1000;
    return qint64(options.startDelayS) + planS + qint64(options.deadlineMarginS);
}

namespace {

QStringList shardArgs(const RenderOptions &o)
{
    QStringList a = {QStringLiteral("k8s"),
                     QStringLiteral("shard"),
                     QStringLiteral("run"),
                     QString::fromLatin1(kProfileMountDir) + QStringLiteral("/profile.yaml"),
                     QStringLiteral("--shard"),
                     QStringLiteral("auto/%1").arg(o.parallelism),
                     QStringLiteral("--start-at"),
                     QStringLiteral("$(VW_START_AT)"),
                     QStringLiteral("--addr"),
                     o.address,
                     QStringLiteral("--yes"),
                     QStringLiteral("--token-file"),
                     QString::fromLatin1(kTokenMountDir) + QStringLiteral("/token")};
    if (o.caSecret)
        a << QStringLiteral("--ca-cert")
          << QString::fromLatin1(kCaMountDir) + QStringLiteral("/ca.crt");
    if (!o.vaultNamespace.isEmpty())
        a << QStringLiteral("--namespace") << o.vaultNamespace;
    a << QStringLiteral("--out") << QString::fromLatin1(kWorkDir) + QStringLiteral("/shard.json");
    return a;
}

void emitEnv(YAML::Emitter &e, const QString &name)
{
    e << YAML::Key << "env" << YAML::Value << YAML::BeginSeq;
    e << YAML::BeginMap;
    emitPair(e, "name", QStringLiteral("VW_START_AT"));
    e << YAML::Key << "valueFrom" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "configMapKeyRef" << YAML::Value << YAML::BeginMap;
    emitPair(e, "name", name + QStringLiteral("-start"));
    emitPair(e, "key", QStringLiteral("start_at"));
    e << YAML::EndMap << YAML::EndMap << YAML::EndMap;
    e << YAML::BeginMap;
    emitPair(e, "name", QStringLiteral("NODE_NAME")); // the shard's node (session shard.node)
    e << YAML::Key << "valueFrom" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "fieldRef" << YAML::Value << YAML::BeginMap;
    emitPair(e, "fieldPath", QStringLiteral("spec.nodeName"));
    e << YAML::EndMap << YAML::EndMap << YAML::EndMap;
    e << YAML::BeginMap;
    emitPair(e, "name", QStringLiteral("HOME"));
    emitPair(e, "value", QLatin1String(kWorkDir));
    e << YAML::EndMap;
    e << YAML::EndSeq;
}

void emitContainer(YAML::Emitter &e, const RenderOptions &o, const QString &name)
{
    e << YAML::BeginMap;
    emitPair(e, "name", QLatin1String(kContainerName));
    emitPair(e, "image", o.image);
    emitPair(e, "imagePullPolicy", QStringLiteral("IfNotPresent"));
    emitStringList(e, "args", shardArgs(o));
    emitEnv(e, name);
    e << YAML::Key << "resources" << YAML::Value << YAML::BeginMap;
    for (const char *side : {"requests", "limits"})
        emitStringMap(e, side, {QStringLiteral("cpu"), o.cpu, QStringLiteral("memory"), o.memory});
    e << YAML::EndMap;
    e << YAML::Key << "securityContext" << YAML::Value << YAML::BeginMap;
    emitPair(e, "allowPrivilegeEscalation", false);
    emitPair(e, "readOnlyRootFilesystem", true);
    e << YAML::Key << "capabilities" << YAML::Value << YAML::BeginMap;
    emitStringList(e, "drop", {QStringLiteral("ALL")});
    e << YAML::EndMap << YAML::EndMap;
    e << YAML::Key << "volumeMounts" << YAML::Value << YAML::BeginSeq;
    auto mount = [&e](const char *volume, const QString &path, bool readOnly) {
        e << YAML::BeginMap;
        emitPair(e, "name", QLatin1String(volume));
        emitPair(e, "mountPath", path);
        if (readOnly)
            emitPair(e, "readOnly", true);
        e << YAML::EndMap;
    };
    mount("config", QLatin1String(kProfileMountDir), true);
    mount("token", QLatin1String(kTokenMountDir), true);
    if (o.caSecret)
        mount("ca", QLatin1String(kCaMountDir), true);
    mount("work", QLatin1String(kWorkDir), false);
    mount("tmp", QStringLiteral("/tmp"), false);
    e << YAML::EndSeq;
    e << YAML::EndMap;
}

void emitSecretVolume(YAML::Emitter &e, const char *volume, const SecretRef &ref,
                      const QString &path, int mode, const char *modeText)
{
    e << YAML::BeginMap;
    emitPair(e, "name", QLatin1String(volume));
    e << YAML::Key << "secret" << YAML::Value << YAML::BeginMap;
    emitPair(e, "secretName", ref.name);
    e << YAML::Key << "defaultMode" << YAML::Value << mode << YAML::Comment(modeText);
    e << YAML::Key << "items" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    emitPair(e, "key", ref.key);
    emitPair(e, "path", path);
    e << YAML::Key << "mode" << YAML::Value << mode << YAML::Comment(modeText);
    e << YAML::EndMap << YAML::EndSeq;
    e << YAML::EndMap << YAML::EndMap;
}

void emitVolumes(YAML::Emitter &e, const RenderOptions &o, const QString &name)
{
    e << YAML::Key << "volumes" << YAML::Value << YAML::BeginSeq;
    e << YAML::BeginMap;
    emitPair(e, "name", QStringLiteral("config"));
    e << YAML::Key << "configMap" << YAML::Value << YAML::BeginMap;
    emitPair(e, "name", name + QStringLiteral("-config"));
    e << YAML::EndMap << YAML::EndMap;
    emitSecretVolume(e, "token", o.tokenSecret, QStringLiteral("token"), 0400, "0400");
    if (o.caSecret)
        emitSecretVolume(e, "ca", *o.caSecret, QStringLiteral("ca.crt"), 0444, "0444");
    for (const char *dir : {"work", "tmp"}) {
        e << YAML::BeginMap;
        emitPair(e, "name", QLatin1String(dir));
        e << YAML::Key << "emptyDir" << YAML::Value << YAML::BeginMap;
        emitPair(e, "sizeLimit", QStringLiteral("1Gi"));
        e << YAML::EndMap << YAML::EndMap;
    }
    e << YAML::EndSeq;
}

void emitPodSpec(YAML::Emitter &e, const RenderOptions &o, const QString &name)
{
    e << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    emitPair(e, "restartPolicy", QStringLiteral("Never"));
    // SIGTERM (the Job failing, a drain): the shard ends its stage and cleans up, with
    // retries for up to 60 s (README "Cleanup and leftovers"), before SIGKILL.
    emitPair(e, "terminationGracePeriodSeconds", qint64(90));
    emitPair(e, "automountServiceAccountToken", false);
    emitPair(e, "enableServiceLinks", false);
    e << YAML::Key << "securityContext" << YAML::Value << YAML::BeginMap;
    emitPair(e, "runAsNonRoot", true);
    emitPair(e, "runAsUser", qint64(kImageUid));
    emitPair(e, "runAsGroup", qint64(kImageUid));
    emitPair(e, "fsGroup", qint64(kImageUid));
    e << YAML::Key << "seccompProfile" << YAML::Value << YAML::BeginMap;
    emitPair(e, "type", QStringLiteral("RuntimeDefault"));
    e << YAML::EndMap << YAML::EndMap;
    e << YAML::Key << "topologySpreadConstraints" << YAML::Value << YAML::BeginSeq
      << YAML::BeginMap;
    emitPair(e, "maxSkew", qint64(1));
    emitPair(e, "topologyKey", QStringLiteral("kubernetes.io/hostname"));
    emitPair(e, "whenUnsatisfiable", QStringLiteral("ScheduleAnyway"));
    e << YAML::Key << "labelSelector" << YAML::Value << YAML::BeginMap;
    emitStringMap(e, "matchLabels", podLabels(name));
    e << YAML::EndMap << YAML::EndMap << YAML::EndSeq;
    e << YAML::Key << "containers" << YAML::Value << YAML::BeginSeq;
    emitContainer(e, o, name);
    e << YAML::EndSeq;
    emitVolumes(e, o, name);
    e << YAML::EndMap;
}

} // namespace

QByteArray renderJob(const RenderOptions &o, const QString &name)
{
    YAML::Emitter e;
    e << YAML::BeginMap;
    emitPair(e, "apiVersion", QStringLiteral("batch/v1"));
    emitPair(e, "kind", QStringLiteral("Job"));
    e << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    emitPair(e, "name", name);
    if (!o.kubeNamespace.isEmpty())
        emitPair(e, "namespace", o.kubeNamespace);
    emitStringMap(e, "labels", podLabels(name));
    emitStringMap(e, "annotations",
                  {QStringLiteral("vault-workbench/profile"), o.profile.name,
                   QStringLiteral("vault-workbench/plan-hash"), planHash(o.profile),
                   QStringLiteral("vault-workbench/start-delay-seconds"),
                   QString::number(o.startDelayS)});
    e << YAML::EndMap;
    e << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    emitPair(e, "completionMode", QStringLiteral("Indexed"));
    emitPair(e, "completions", qint64(o.parallelism));
    emitPair(e, "parallelism", qint64(o.parallelism));
    emitPair(e, "backoffLimitPerIndex", qint64(0));
    emitPair(e, "maxFailedIndexes", qint64(0));
    emitPair(e, "activeDeadlineSeconds", activeDeadlineSeconds(o));
    emitPair(e, "ttlSecondsAfterFinished", qint64(o.ttlAfterFinishedS));
    e << YAML::Key << "podFailurePolicy" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "rules" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    emitPair(e, "action", QStringLiteral("FailJob"));
    e << YAML::Key << "onExitCodes" << YAML::Value << YAML::BeginMap;
    emitPair(e, "containerName", QLatin1String(kContainerName));
    emitPair(e, "operator", QStringLiteral("In"));
    e << YAML::Key << "values" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const int code : failJobExitCodes())
        e << code;
    e << YAML::EndSeq;
    e << YAML::EndMap << YAML::EndMap << YAML::EndSeq << YAML::EndMap;
    e << YAML::Key << "template" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    emitStringMap(e, "labels", podLabels(name));
    e << YAML::EndMap;
    emitPodSpec(e, o, name);
    e << YAML::EndMap; // template
    e << YAML::EndMap; // spec
    e << YAML::EndMap;
    return documentText(
        e, {QStringLiteral("The Indexed Job: pod I runs shard I of %1 of profile %2 (written by "
                           "vault-workbench k8s render;")
                .arg(o.parallelism)
                .arg(o.profile.name),
            QStringLiteral("docs/distributed.md, \"The manifests, field by field\").")});
}

} // namespace vw::k8s
