#include "localtarget/servicelaunch.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QUrl>

#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vw {

namespace {

/// True when every folder from / down to `dir` lets others pass (o+x).
bool othersCanPass(const QString &dir)
{
    QString path = QDir(dir).absolutePath();
    while (true) {
        struct stat st;
        if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !(st.st_mode & S_IXOTH))
            return false;
        if (path == QLatin1String("/"))
            return true;
        path = QFileInfo(path).absolutePath();
    }
}

} // namespace

bool serviceUser(const char *systemUser, ServiceUser *out, QString *error)
{
    ServiceUser u;
    u.root = geteuid() == 0;
    u.uid = geteuid();
    u.gid = getegid();
    if (u.root) {
        const passwd *pw = getpwnam(systemUser);
        if (!pw) {
            *error = QStringLiteral("running as root: the service runs as the system user %1, "
                                    "which is missing (its Debian package makes it)")
                         .arg(QString::fromLatin1(systemUser));
            return false;
        }
        u.uid = pw->pw_uid;
        u.gid = pw->pw_gid;
    }
    *out = u;
    return true;
}

QString makeServiceDataDir(const QString &stateDir, const QString &svcDir, const QString &name,
                           const ServiceUser &user, QString *error)
{
    QString dataDir = svcDir + QStringLiteral("/data");
    if (user.root) {
        ::chmod(QFile::encodeName(stateDir).constData(), 0711); // pass, not list
        ::chmod(QFile::encodeName(svcDir).constData(), 0711);
        if (!othersCanPass(svcDir)) {
            ::chmod(QFile::encodeName(stateDir).constData(), 0700);
            ::chmod(QFile::encodeName(svcDir).constData(), 0700);
            QByteArray tmpl =
                QFile::encodeName(QDir::tempPath() + QStringLiteral("/vwb-%1-XXXXXX").arg(name));
            if (!::mkdtemp(tmpl.data())) {
                *error =
                    QStringLiteral("cannot create a data directory in %1").arg(QDir::tempPath());
                return {};
            }
            dataDir = QFile::decodeName(tmpl);
        }
    }
    if (!QDir().mkpath(dataDir) || ::chmod(QFile::encodeName(dataDir).constData(), 0700) != 0) {
        *error = QStringLiteral("cannot create %1").arg(dataDir);
        return {};
    }
    if (user.root && ::chown(QFile::encodeName(dataDir).constData(), user.uid, user.gid) != 0) {
        *error = QStringLiteral("cannot give %1 to the service's user").arg(dataDir);
        return {};
    }
    return dataDir;
}

QByteArray randomServicePassword(int bytes)
{
    QByteArray random(bytes, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                          random.size() / 4);
    return random.toHex();
}

QString lastServiceLogLines(const QString &path, int lines)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    const QList<QByteArray> all = f.readAll().split('\n');
    QStringList out;
    for (qsizetype i = qMax<qsizetype>(0, all.size() - lines - 1); i < all.size(); ++i)
        if (!all[i].trimmed().isEmpty())
            out << QString::fromUtf8(all[i]);
    return out.join(QLatin1Char('\n'));
}

namespace {

bool readServicePassword(const QString &path, QByteArray *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read the password file %1: %2").arg(path, f.errorString());
        return false;
    }
    *out = f.readAll().trimmed();
    if (out->isEmpty()) {
        *error = QStringLiteral("the password file %1 is empty").arg(path);
        return false;
    }
    return true;
}

} // namespace

bool localTargetServiceEndpoint(const QString &name, const QString &localTargetDir,
                                ServiceEndpoint *out, QString *error)
{
    const QString dir = localTargetDir.isEmpty() ? defaultLocalTargetDir() : localTargetDir;
    LocalTargetState state;
    if (!readLocalTargetState(dir, &state, error))
        return false;
    const LocalTargetNode *n = state.node(name);
    if (!n || n->kind != name) {
        *error = QStringLiteral("the local target in %1 has no %2 service (`target up dev "
                                "--with %2` starts one)")
                     .arg(dir, name);
        return false;
    }
    if (!isLocalTargetProcess(n->pid, n->configFile)) {
        *error =
            QStringLiteral("the local target's %1 (pid %2) is not running").arg(name).arg(n->pid);
        return false;
    }
    const QUrl url(n->address);
    ServiceEndpoint e;
    e.host = url.host();
    e.port = url.port();
    e.user = n->user;
    e.pid = n->pid;
    if (!readServicePassword(n->secretFile, &e.password, error))
        return false;
    *out = e;
    return true;
}

bool parseServiceUrl(const QString &connection, const QStringList &schemes, int defaultPort,
                     const QString &passwordFile, const QString &what, ServiceEndpoint *out,
                     QString *error)
{
    const QUrl url(connection, QUrl::StrictMode);
    if (!url.isValid() || !schemes.contains(url.scheme()) || url.host().isEmpty()
        || url.userName().isEmpty()) {
        *error = QStringLiteral("connection \"%1\" is neither the local target's %2 service nor "
                                "%3://USER@HOST:PORT")
                     .arg(connection, what, schemes.value(0));
        return false;
    }
    if (!url.password().isEmpty()) {
        *error = QStringLiteral("connection: no password in the URL (it would sit in the profile "
                                "and the session); give password_file");
        return false;
    }
    if (passwordFile.isEmpty()) {
        *error = QStringLiteral("connection %1 needs password_file (a file with the password)")
                     .arg(connection);
        return false;
    }
    ServiceEndpoint e;
    e.host = url.host();
    e.port = url.port(defaultPort);
    e.user = url.userName();
    if (!readServicePassword(passwordFile, &e.password, error))
        return false;
    *out = e;
    return true;
}

} // namespace vw
