#include "k8s/k8srender.h"

#include "engine/executors/shardplan.h"
#include "k8s/jobmanifest.h"
#include "k8s/networkpolicymanifest.h"

#include <QJsonDocument>
#include <QRegularExpression>

namespace vw::k8s {

namespace {

bool isDnsLabel(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    return s.size() <= 63 && re.match(s).hasMatch();
}

bool isDnsSubdomain(const QString &s)
{
    static const QRegularExpression re(
        QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"));
    return s.size() <= 253 && re.match(s).hasMatch();
}

QByteArray renderConfigMap(const RenderOptions &o, const QString &name)
{
    YAML::Emitter e;
    e << YAML::BeginMap;
    emitPair(e, "apiVersion", QStringLiteral("v1"));
    emitPair(e, "kind", QStringLiteral("ConfigMap"));
    emitMetadata(e, name + QStringLiteral("-config"), o.kubeNamespace, podLabels(name));
    e << YAML::Key << "data" << YAML::Value << YAML::BeginMap;
    const QJsonObject plan = shardPlanJson(o.profile, ShardSpec{});
    emitLiteral(e, "plan.json",
                QString::fromUtf8(QJsonDocument(plan).toJson(QJsonDocument::Indented)));
    emitLiteral(e, "profile.yaml", QString::fromUtf8(o.profileYaml));
    e << YAML::EndMap;
    e << YAML::EndMap;
    return documentText(e, {QStringLiteral("The profile the shards run and its plan (plan hash "
                                           "%1); never a token.")
                                .arg(planHash(o.profile))});
}

QByteArray renderKustomization(const RenderOptions &o)
{
    YAML::Emitter e;
    e << YAML::BeginMap;
    emitPair(e, "apiVersion", QStringLiteral("kustomize.config.k8s.io/v1beta1"));
    emitPair(e, "kind", QStringLiteral("Kustomization"));
    if (!o.kubeNamespace.isEmpty())
        emitPair(e, "namespace", o.kubeNamespace);
    emitStringList(e, "resources",
                   {QStringLiteral("configmap.yaml"), QStringLiteral("start.yaml"),
                    QStringLiteral("networkpolicy.yaml"), QStringLiteral("job.yaml")});
    e << YAML::EndMap;
    return documentText(
        e, {QStringLiteral("kubectl apply -k DIR, or: vault-workbench k8s up|run DIR (sets the "
                           "start barrier in start.yaml first)."),
            QStringLiteral("The token Secret is not here: create it first (docs/distributed.md, "
                           "\"Running on a cluster\").")});
}

} // namespace

std::optional<SecretRef> parseSecretRef(const QString &text, const QString &defaultKey,
                                        QString *error)
{
    const qsizetype slash = text.indexOf(QLatin1Char('/'));
    SecretRef ref{slash < 0 ? text : text.left(slash),
                  slash < 0 ? defaultKey : text.mid(slash + 1)};
    static const QRegularExpression key(QStringLiteral("^[-._a-zA-Z0-9]+$"));
    if (!isDnsSubdomain(ref.name)) {
        *error = QStringLiteral("\"%1\" is not a Secret name (lower case letters, digits, '-' "
                                "and '.')")
                     .arg(ref.name);
        return std::nullopt;
    }
    if (!key.match(ref.key).hasMatch()) {
        *error = QStringLiteral("\"%1\" is not a Secret key ([-._a-zA-Z0-9]+)").arg(ref.key);
        return std::nullopt;
    }
    return ref;
}

QString jobName(const QString &profileName)
{
    QString out;
    for (const QChar c : profileName.toLower()) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z'))
            || (c >= QLatin1Char('0') && c <= QLatin1Char('9')))
            out += c;
        else if (!out.endsWith(QLatin1Char('-')))
            out += QLatin1Char('-');
    }
    out = out.left(36);
    while (out.startsWith(QLatin1Char('-')))
        out.remove(0, 1);
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    return QStringLiteral("vwb-") + (out.isEmpty() ? QStringLiteral("run") : out);
}

QStringList podLabels(const QString &name)
{
    return {QStringLiteral("app.kubernetes.io/name"), QStringLiteral("vault-workbench"),
            QStringLiteral("app.kubernetes.io/instance"), name};
}

void emitMetadata(YAML::Emitter &e, const QString &name, const QString &kubeNamespace,
                  const QStringList &labels)
{
    e << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    emitPair(e, "name", name);
    if (!kubeNamespace.isEmpty())
        emitPair(e, "namespace", kubeNamespace);
    emitStringMap(e, "labels", labels);
    e << YAML::EndMap;
}

QByteArray renderStartConfigMap(const QString &name, const QString &kubeNamespace,
                                const QString &startAt)
{
    YAML::Emitter e;
    e << YAML::BeginMap;
    emitPair(e, "apiVersion", QStringLiteral("v1"));
    emitPair(e, "kind", QStringLiteral("ConfigMap"));
    emitMetadata(e, name + QStringLiteral("-start"), kubeNamespace, podLabels(name));
    e << YAML::Key << "data" << YAML::Value << YAML::BeginMap;
    emitPair(e, "start_at", startAt);
    e << YAML::EndMap;
    e << YAML::EndMap;
    return documentText(e, {QStringLiteral("The start barrier (UTC) every shard waits for: "
                                           "`vault-workbench k8s up|run` writes it.")});
}

std::optional<QList<RenderedFile>> renderManifests(const RenderOptions &o, QString *error)
{
    if (o.parallelism < 1 || o.parallelism > kMaxShards) {
        *error =
            QStringLiteral("--parallelism %1: expected 1..%2").arg(o.parallelism).arg(kMaxShards);
        return std::nullopt;
    }
    if (!o.profile.ramp.model) {
        *error = QStringLiteral("the profile has no ramp");
        return std::nullopt;
    }
    // As `run --shard` refuses it: an arrival-rate shard needs a VU of the max_vus pool.
    if (o.profile.ramp.model->isOpen() && o.parallelism > o.profile.ramp.peakVus()) {
        *error = QStringLiteral("--parallelism %1: max_vus %2 leaves shards without a VU for "
                                "their arrivals (use at most %2)")
                     .arg(o.parallelism)
                     .arg(o.profile.ramp.peakVus());
        return std::nullopt;
    }
    const std::optional<VaultEndpoint> vault = vaultEndpoint(o.address, error);
    if (!vault)
        return std::nullopt;
    const QString name = o.name.isEmpty() ? jobName(o.profile.name) : o.name;
    // Pod host names are <job>-<index>; 63 characters in all.
    if (!isDnsLabel(name) || name.size() > 52) {
        *error = QStringLiteral("--name \"%1\": expected a DNS-1123 label of at most 52 "
                                "characters (lower case letters, digits, '-')")
                     .arg(name);
        return std::nullopt;
    }
    if (!o.kubeNamespace.isEmpty() && !isDnsLabel(o.kubeNamespace)) {
        *error = QStringLiteral("--namespace \"%1\": not a Kubernetes namespace name")
                     .arg(o.kubeNamespace);
        return std::nullopt;
    }
    if (o.startDelayS < 1 || o.deadlineMarginS < 0 || o.ttlAfterFinishedS < 0) {
        *error = QStringLiteral("--start-delay must be >= 1 s");
        return std::nullopt;
    }
    return QList<RenderedFile>{
        {QStringLiteral("kustomization.yaml"), renderKustomization(o)},
        {QStringLiteral("configmap.yaml"), renderConfigMap(o, name)},
        {QStringLiteral("start.yaml"),
         renderStartConfigMap(name, o.kubeNamespace, QLatin1String(kStartAtPlaceholder))},
        {QStringLiteral("networkpolicy.yaml"), renderNetworkPolicy(name, o.kubeNamespace, *vault)},
        {QStringLiteral("job.yaml"), renderJob(o, name)},
    };
}

} // namespace vw::k8s
