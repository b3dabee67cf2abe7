#include "engine/runrecord.h"

#include <QFile>
#include <QSysInfo>
#include <QThread>

namespace vw {

namespace {

/// The value of the first "key: value" line of a /proc file whose key is `key`.
QString procField(const QString &path, const QByteArray &key)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return QString();
    // /proc files report size 0; readAll() reads them to the end anyway.
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const int colon = line.indexOf(':');
        if (colon < 0)
            continue;
        if (line.left(colon).trimmed() == key)
            return QString::fromUtf8(line.mid(colon + 1).trimmed());
    }
    return QString();
}

} // namespace

ClientInfo ClientInfo::collect()
{
    ClientInfo c;
    c.hostname = QSysInfo::machineHostName();
    c.os = QSysInfo::prettyProductName();
    c.kernel = QSysInfo::kernelType() + QLatin1Char(' ') + QSysInfo::kernelVersion();
    c.cpuModel = procField(QStringLiteral("/proc/cpuinfo"), "model name");
    c.logicalCores = QThread::idealThreadCount();
    // "MemTotal:       16314156 kB"
    const QString mem = procField(QStringLiteral("/proc/meminfo"), "MemTotal");
    const QStringList parts = mem.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (!parts.isEmpty()) {
        bool ok = false;
        const qint64 kb = parts.first().toLongLong(&ok);
        if (ok)
            c.memoryBytes = kb * 1024;
    }
    c.appVersion = QStringLiteral(VW_VERSION);
    c.qtVersion = QString::fromLatin1(qVersion());
    return c;
}

QString runStatusKey(RunStatus s)
{
    switch (s) {
    case RunStatus::Completed:
        return QStringLiteral("completed");
    case RunStatus::Stopped:
        return QStringLiteral("stopped");
    case RunStatus::Failed:
        return QStringLiteral("failed");
    case RunStatus::SetupFailed:
        return QStringLiteral("setup_failed");
    case RunStatus::Incomplete:
        return QStringLiteral("incomplete");
    }
    return QString();
}

bool runStatusFromKey(const QString &k, RunStatus *out)
{
    for (RunStatus s : {RunStatus::Completed, RunStatus::Stopped, RunStatus::Failed,
                        RunStatus::SetupFailed, RunStatus::Incomplete}) {
        if (runStatusKey(s) == k) {
            if (out)
                *out = s;
            return true;
        }
    }
    return false;
}

void RunRecord::splitReplicates()
{
    const int k = int(plan.ramp.stages.size());
    if (plan.repeat < 2 || !replicates.isEmpty() || stages.size() <= k)
        return;
    replicates = vw::splitReplicates(stages, k);
    stages = poolReplicates(replicates);
}

RunRecord RunRecord::ofReplicates(const QList<RunRecord> &runs)
{
    if (runs.isEmpty())
        return {};
    if (runs.size() == 1)
        return runs.first();
    RunRecord out = runs.first();
    out.replicates.clear();
    out.resources.clear();
    out.leftovers.clear();
    QStringList cleanup;
    bool failed = false;
    for (const RunRecord &r : runs) {
        for (const Replicate &rep : r.replicateList())
            if (!rep.isEmpty())
                out.replicates.append(rep);
        out.resources += r.resources;
        out.leftovers += r.leftovers;
        if (!r.cleanupError.isEmpty())
            cleanup << r.cleanupError;
        if (!failed && r.status != RunStatus::Completed) {
            failed = true;
            out.status = r.status;
            out.error = r.error;
        }
    }
    out.finishedAt = runs.last().finishedAt;
    out.cleanupError = cleanup.join(QStringLiteral("; "));
    if (out.replicates.size() < 2) {
        out.stages = out.replicates.value(0);
        out.replicates.clear();
    } else {
        out.stages = poolReplicates(out.replicates);
    }
    return out;
}

} // namespace vw
