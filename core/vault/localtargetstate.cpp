#include "vault/localtargetstate.h"

#include "util/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QThread>

#include <unistd.h>

namespace vw {

const LocalTargetNode *LocalTargetState::node(const QString &name) const
{
    for (const LocalTargetNode &n : nodes)
        if (n.name == name)
            return &n;
    return nullptr;
}

QStringList LocalTargetState::baoAddresses() const
{
    QStringList out;
    for (const LocalTargetNode &n : nodes)
        if (n.isBao())
            out << n.address;
    return out;
}

QString LocalTargetState::tokenFile() const
{
    return dir + QStringLiteral("/root-token");
}

QString LocalTargetState::unsealKeysFile() const
{
    return dir + QStringLiteral("/unseal-keys.json");
}

QString LocalTargetState::stateFile() const
{
    return dir + QStringLiteral("/target.json");
}

QString defaultLocalTargetDir(const std::function<QString(const char *)> &env)
{
    if (const QString d = env("VW_TARGET_DIR"); !d.isEmpty())
        return QDir(d).absolutePath();
    QString base = env("XDG_STATE_HOME");
    if (base.isEmpty())
        base = env("HOME") + QStringLiteral("/.local/state");
    return QDir::cleanPath(base + QStringLiteral("/vault-workbench/target"));
}

QString defaultLocalTargetDir()
{
    return defaultLocalTargetDir([](const char *name) { return qEnvironmentVariable(name); });
}

bool readLocalTargetState(const QString &dir, LocalTargetState *state, QString *error)
{
    const QString path = dir + QStringLiteral("/target.json");
    QFile f(path);
    if (!f.exists()) {
        *error = QStringLiteral("no local target in %1 (`vault-workbench target up` starts one)")
                     .arg(dir);
        return false;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: not a local target state (%2)").arg(path, pe.errorString());
        return false;
    }
    const QJsonObject o = doc.object();
    LocalTargetState s;
    s.dir = QDir(dir).absolutePath();
    s.topology = o.value(QStringLiteral("topology")).toString();
    s.loadBalancer = o.value(QStringLiteral("load_balancer")).toString();
    s.lbRoute = o.value(QStringLiteral("lb_route")).toString();
    s.tls = o.value(QStringLiteral("tls")).toBool();
    s.telemetry = o.value(QStringLiteral("telemetry")).toBool();
    s.audit = o.value(QStringLiteral("audit")).toString(QStringLiteral("none"));
    s.caFile = o.value(QStringLiteral("ca_file")).toString();
    s.baoBinary = o.value(QStringLiteral("bao_binary")).toString();
    s.startedAt = o.value(QStringLiteral("started_at")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        LocalTargetNode node;
        node.name = n.value(QStringLiteral("name")).toString();
        node.kind = n.value(QStringLiteral("kind")).toString();
        node.address = n.value(QStringLiteral("address")).toString();
        node.nodeId = n.value(QStringLiteral("node_id")).toString();
        node.pid = qint64(n.value(QStringLiteral("pid")).toDouble());
        node.configFile = n.value(QStringLiteral("config_file")).toString();
        node.logFile = n.value(QStringLiteral("log_file")).toString();
        node.user = n.value(QStringLiteral("user")).toString();
        node.secretFile = n.value(QStringLiteral("secret_file")).toString();
        if (node.name.isEmpty() || node.kind.isEmpty()) {
            *error = QStringLiteral("%1: a node without name or kind").arg(path);
            return false;
        }
        s.nodes << node;
    }
    *state = s;
    return true;
}

bool writeLocalTargetState(const LocalTargetState &s, QString *error)
{
    QJsonArray nodes;
    for (const LocalTargetNode &n : s.nodes) {
        QJsonObject o{{QStringLiteral("name"), n.name},
                      {QStringLiteral("kind"), n.kind},
                      {QStringLiteral("address"), n.address},
                      {QStringLiteral("pid"), double(n.pid)},
                      {QStringLiteral("config_file"), n.configFile},
                      {QStringLiteral("log_file"), n.logFile}};
        if (!n.nodeId.isEmpty())
            o.insert(QStringLiteral("node_id"), n.nodeId);
        if (!n.user.isEmpty())
            o.insert(QStringLiteral("user"), n.user);
        if (!n.secretFile.isEmpty())
            o.insert(QStringLiteral("secret_file"), n.secretFile);
        nodes.append(o);
    }
    const QJsonObject o{{QStringLiteral("topology"), s.topology},
                        {QStringLiteral("load_balancer"), s.loadBalancer},
                        {QStringLiteral("lb_route"), s.lbRoute},
                        {QStringLiteral("tls"), s.tls},
                        {QStringLiteral("telemetry"), s.telemetry},
                        {QStringLiteral("audit"), s.audit},
                        {QStringLiteral("ca_file"), s.caFile},
                        {QStringLiteral("bao_binary"), s.baoBinary},
                        {QStringLiteral("started_at"), s.startedAt},
                        {QStringLiteral("nodes"), nodes}};
    return writeFileAtomically(s.stateFile(), QJsonDocument(o).toJson(), error);
}

bool writePrivateFile(const QString &path, const QByteArray &data, QString *error)
{
    return writeFileAtomically(path, data, error, 0600);
}

QByteArray readLocalTargetToken(const QString &dir, QString *error)
{
    QFile f(dir + QStringLiteral("/root-token"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("no root token in %1: %2").arg(dir, f.errorString());
        return {};
    }
    return f.readAll().trimmed();
}

bool isLocalTargetName(const QString &text)
{
    static const QRegularExpression name(QStringLiteral("^[a-z][a-z0-9]*(-[a-z0-9]+)*$"));
    return name.match(text).hasMatch();
}

bool isLocalTargetProcess(qint64 pid, const QString &needle)
{
    if (pid <= 0 || needle.isEmpty())
        return false;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray s = stat.readAll();
    const qsizetype close = s.lastIndexOf(')'); // "pid (comm) S ..."
    if (close < 0 || close + 2 >= s.size() || s.at(close + 2) == 'Z')
        return false;
    // A process in the middle of exec (setsid -> bao, just started) shows an empty command
    // line for a moment: read it again for up to 200 ms before calling the PID someone else's.
    for (int attempt = 0; attempt < 20; ++attempt) {
        QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!cmd.open(QIODevice::ReadOnly))
            return false;
        QByteArray line = cmd.readAll();
        if (!line.isEmpty()) {
            line.replace('\0', ' ');
            return line.contains(QFile::encodeName(needle));
        }
        QThread::msleep(10);
    }
    return false;
}

qint64 localTargetPid(const QString &name, const QString &dir)
{
    LocalTargetState s;
    QString error;
    if (!readLocalTargetState(dir.isEmpty() ? defaultLocalTargetDir() : dir, &s, &error))
        return 0;
    const LocalTargetNode *n = s.node(name);
    return n && isLocalTargetProcess(n->pid, n->configFile) ? n->pid : 0;
}

} // namespace vw
