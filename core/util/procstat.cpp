#include "util/procstat.h"

#include <QDir>
#include <QFile>

#include <unistd.h>

namespace vw {

namespace {

/// "VmRSS:     91392 kB" -> 91392 * 1024; -1 when the key is missing.
qint64 statusKb(const QByteArray &status, const QByteArray &key)
{
    for (const QByteArray &line : status.split('\n')) {
        if (!line.startsWith(key))
            continue;
        const QList<QByteArray> parts = line.mid(key.size()).simplified().split(' ');
        bool ok = false;
        const qint64 v = parts.value(0).toLongLong(&ok);
        return ok ? v : -1;
    }
    return -1;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray();
    return f.readAll(); // /proc files report size 0: readAll reads to the end
}

/// The fields of /proc/<pid>/stat after the command name (field 3, state, first).
QList<QByteArray> statFields(const QByteArray &stat)
{
    const qsizetype close = stat.lastIndexOf(')');
    if (close <= 0)
        return {};
    return stat.mid(close + 2).simplified().split(' ');
}

} // namespace

double procTreeCpuSeconds(qint64 pid)
{
    const long tck = sysconf(_SC_CLK_TCK);
    const QList<QByteArray> own = statFields(readAll(QStringLiteral("/proc/%1/stat").arg(pid)));
    if (pid <= 0 || tck <= 0 || own.size() < 15)
        return -1;
    // Fields 14-17 (utime, stime, cutime, cstime) are at 11..14 here (from field 3).
    double ticks = 0;
    for (int i = 11; i <= 14; ++i)
        ticks += own.at(i).toDouble();
    const QByteArray parent = QByteArray::number(pid);
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &e : entries) {
        if (e.isEmpty() || !e.at(0).isDigit())
            continue;
        const QList<QByteArray> f = statFields(readAll(QStringLiteral("/proc/%1/stat").arg(e)));
        if (f.size() >= 13 && f.at(1) == parent) // field 4, ppid
            ticks += f.at(11).toDouble() + f.at(12).toDouble();
    }
    return ticks / double(tck);
}

qint64 procRssBytes(qint64 pid)
{
    const qint64 kb = statusKb(readAll(QStringLiteral("/proc/%1/status").arg(pid)), "VmRSS:");
    return kb >= 0 ? kb * 1024 : -1;
}

QString serverProcessProblem(qint64 pid)
{
    const QByteArray comm = readAll(QStringLiteral("/proc/%1/comm").arg(pid)).trimmed();
    if (pid <= 0 || comm.isEmpty())
        return QStringLiteral("no process %1 (/proc/%1 cannot be read)").arg(pid);
    if (comm != "bao" && comm != "vault")
        return QStringLiteral("process %1 is \"%2\", not a bao or vault server")
            .arg(pid)
            .arg(QString::fromLocal8Bit(comm));
    return QString();
}

bool readProcUsage(qint64 pid, ProcUsage *out, QString *error)
{
    *out = ProcUsage();
    const QByteArray status = readAll(QStringLiteral("/proc/%1/status").arg(pid));
    const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || status.isEmpty() || stat.isEmpty()) {
        *error = QStringLiteral("no process %1 (/proc/%1 cannot be read)").arg(pid);
        return false;
    }
    const qint64 rssKb = statusKb(status, "VmRSS:");
    out->rssBytes = rssKb >= 0 ? rssKb * 1024 : -1;
    out->threads = int(statusKb(status, "Threads:"));
    // The command name (field 2) is in parentheses and may hold spaces: fields after the last
    // ')' start with field 3 (state); utime and stime are fields 14 and 15 (proc(5)).
    const qsizetype close = stat.lastIndexOf(')');
    const QList<QByteArray> f = stat.mid(close + 2).simplified().split(' ');
    bool okU = false, okS = false;
    const double utime = f.value(11).toDouble(&okU);
    const double stime = f.value(12).toDouble(&okS);
    const long tck = sysconf(_SC_CLK_TCK);
    if (close > 0 && okU && okS && tck > 0)
        out->cpuSeconds = (utime + stime) / double(tck);
    return true;
}

} // namespace vw
