#include "guilauncher.h"

#include <cerrno>
#include <cstring>
#include <string>

#include <limits.h>
#include <unistd.h>

namespace vw {

namespace {

constexpr const char *kGuiExecutable = "vault-workbench-gui";

std::string selfDirectory()
{
    char buf[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return {};
    std::string path(buf, size_t(n));
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

} // namespace

QString guiExecutablePath()
{
    const std::string dir = selfDirectory();
    if (dir.empty())
        return {};
    for (const std::string &candidate :
         {dir + "/" + kGuiExecutable, dir + "/../lib/vault-workbench/" + kGuiExecutable}) {
        if (access(candidate.c_str(), X_OK) == 0)
            return QString::fromStdString(candidate);
    }
    return {};
}

QString execGuiExecutable(char **argv)
{
    const QString path = guiExecutablePath();
    if (path.isEmpty())
        return QStringLiteral("%1 is not installed beside this executable")
            .arg(QLatin1String(kGuiExecutable));
    const std::string p = path.toStdString();
    execv(p.c_str(), argv);
    return QStringLiteral("cannot start %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno)));
}

} // namespace vw
