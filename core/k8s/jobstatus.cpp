#include "k8s/jobstatus.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <yaml-cpp/yaml.h>

namespace vw::k8s {

std::optional<RenderedJob> readRenderedJob(const QString &dir, QString *error)
{
    const QString path = QDir(dir).filePath(QStringLiteral("job.yaml"));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2 (render the folder with `vault-workbench k8s render`)")
                     .arg(path, f.errorString());
        return std::nullopt;
    }
    try {
        const YAML::Node job = YAML::Load(f.read(1 << 20).toStdString());
        if (job["kind"].as<std::string>("") != "Job"
            || job["spec"]["completionMode"].as<std::string>("") != "Indexed") {
            *error = QStringLiteral("%1 is not an Indexed Job").arg(path);
            return std::nullopt;
        }
        RenderedJob r;
        r.name = QString::fromStdString(job["metadata"]["name"].as<std::string>(""));
        r.kubeNamespace = QString::fromStdString(job["metadata"]["namespace"].as<std::string>(""));
        r.completions = job["spec"]["completions"].as<int>(0);
        r.activeDeadlineS = job["spec"]["activeDeadlineSeconds"].as<qint64>(0);
        r.startDelayS = QString::fromStdString(
                            job["metadata"]["annotations"]["vault-workbench/start-delay-seconds"]
                                .as<std::string>("60"))
                            .toInt();
        if (r.name.isEmpty() || r.completions < 1) {
            *error = QStringLiteral("%1: no name or completions").arg(path);
            return std::nullopt;
        }
        return r;
    } catch (const YAML::Exception &e) {
        *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

std::optional<QList<ShardPod>> parsePods(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject() || !doc.object().value(QStringLiteral("items")).isArray()) {
        *error = QStringLiteral("kubectl gave no pod list (%1)").arg(pe.errorString());
        return std::nullopt;
    }
    QList<ShardPod> pods;
    for (const QJsonValue &v : doc.object().value(QStringLiteral("items")).toArray()) {
        const QJsonObject item = v.toObject();
        const QJsonObject meta = item.value(QStringLiteral("metadata")).toObject();
        const QJsonObject status = item.value(QStringLiteral("status")).toObject();
        ShardPod p;
        p.name = meta.value(QStringLiteral("name")).toString();
        bool ok = false;
        p.index = meta.value(QStringLiteral("annotations"))
                      .toObject()
                      .value(QStringLiteral("batch.kubernetes.io/job-completion-index"))
                      .toString()
                      .toInt(&ok);
        if (!ok)
            p.index = -1;
        p.phase = status.value(QStringLiteral("phase")).toString();
        p.node = item.value(QStringLiteral("spec"))
                     .toObject()
                     .value(QStringLiteral("nodeName"))
                     .toString();
        for (const QJsonValue &c : status.value(QStringLiteral("containerStatuses")).toArray()) {
            const QJsonObject terminated = c.toObject()
                                               .value(QStringLiteral("state"))
                                               .toObject()
                                               .value(QStringLiteral("terminated"))
                                               .toObject();
            if (c.toObject().value(QStringLiteral("name")).toString() == QLatin1String("shard")
                && terminated.contains(QStringLiteral("exitCode"))) {
                p.exitCode = terminated.value(QStringLiteral("exitCode")).toInt();
                p.reason = terminated.value(QStringLiteral("reason")).toString();
            }
        }
        pods.append(p);
    }
    return pods;
}

std::optional<JobState> parseJob(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()
        || doc.object().value(QStringLiteral("kind")).toString() != QLatin1String("Job")) {
        *error = QStringLiteral("kubectl gave no Job (%1)").arg(pe.errorString());
        return std::nullopt;
    }
    const QJsonObject st = doc.object().value(QStringLiteral("status")).toObject();
    JobState s;
    s.active = st.value(QStringLiteral("active")).toInt();
    s.ready = st.value(QStringLiteral("ready")).toInt();
    s.succeeded = st.value(QStringLiteral("succeeded")).toInt();
    s.failed = st.value(QStringLiteral("failed")).toInt();
    s.failedIndexes = st.value(QStringLiteral("failedIndexes")).toString();
    s.completedIndexes = st.value(QStringLiteral("completedIndexes")).toString();
    for (const QJsonValue &v : st.value(QStringLiteral("conditions")).toArray()) {
        const QJsonObject c = v.toObject();
        if (c.value(QStringLiteral("status")).toString() != QLatin1String("True"))
            continue;
        const QString type = c.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("Complete"))
            s.complete = true;
        if (type == QLatin1String("Failed")) {
            s.failedJob = true;
            s.reason = c.value(QStringLiteral("reason")).toString();
            s.message = c.value(QStringLiteral("message")).toString();
        }
    }
    return s;
}

QString jobStateLine(const JobState &s)
{
    QString line = QStringLiteral("active %1, ready %2, succeeded %3, failed %4")
                       .arg(s.active)
                       .arg(s.ready)
                       .arg(s.succeeded)
                       .arg(s.failed);
    if (!s.failedIndexes.isEmpty())
        line += QStringLiteral(", failed indexes ") + s.failedIndexes;
    return line;
}

} // namespace vw::k8s
