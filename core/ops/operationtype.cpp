#include "ops/operationtype.h"

namespace vw {

QString operationGroupName(OperationGroup group)
{
    switch (group) {
    case OperationGroup::Sys:
        return QStringLiteral("sys");
    case OperationGroup::Kv:
        return QStringLiteral("kv");
    case OperationGroup::Ssh:
        return QStringLiteral("ssh");
    case OperationGroup::Pki:
        return QStringLiteral("pki");
    case OperationGroup::Transit:
        return QStringLiteral("transit");
    case OperationGroup::Totp:
        return QStringLiteral("totp");
    case OperationGroup::Auth:
        return QStringLiteral("auth");
    case OperationGroup::Identity:
        return QStringLiteral("identity");
    case OperationGroup::Cubbyhole:
        return QStringLiteral("cubbyhole");
    case OperationGroup::Database:
        return QStringLiteral("db");
    case OperationGroup::Ldap:
        return QStringLiteral("ldap");
    }
    return QString();
}

} // namespace vw
