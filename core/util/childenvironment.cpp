#include "util/childenvironment.h"

#include <QStringList>

namespace vw {

bool isScrubbedFromChildren(const QString &name)
{
    return name.startsWith(QLatin1String("VAULT_")) || name.startsWith(QLatin1String("BAO_"));
}

QProcessEnvironment childEnvironment(const QProcessEnvironment &from)
{
    QProcessEnvironment env = from;
    const QStringList names = from.keys();
    for (const QString &name : names)
        if (isScrubbedFromChildren(name))
            env.remove(name);
    return env;
}

} // namespace vw
