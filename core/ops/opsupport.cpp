#include "ops/opsupport.h"

#include "vault/vaultclient.h"

#include <cmath>

namespace vw {

std::optional<qint64> intParam(const QVariantMap &params, const QString &key, qint64 def)
{
    const auto it = params.constFind(key);
    if (it == params.cend())
        return def;
    const QVariant &v = it.value();
    switch (v.typeId()) {
    case QMetaType::Bool:
        return std::nullopt;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15)
            return std::nullopt;
        return qint64(d);
    }
    case QMetaType::QString:
    case QMetaType::QByteArray: {
        bool ok = false;
        const qint64 n = v.toString().trimmed().toLongLong(&ok);
        return ok ? std::optional<qint64>(n) : std::nullopt;
    }
    default: {
        bool ok = false;
        const qint64 n = v.toLongLong(&ok);
        return ok ? std::optional<qint64>(n) : std::nullopt;
    }
    }
}

void checkIntParam(const QVariantMap &params, const QString &key, qint64 min, qint64 max,
                   QList<ParamError> &errors)
{
    const std::optional<qint64> n = intParam(params, key, min);
    if (!n || *n < min || *n > max)
        errors.append({key, QStringLiteral("must be an integer from %1 to %2, got \"%3\"")
                                .arg(min)
                                .arg(max)
                                .arg(params.value(key).toString())});
}

QString stringParam(const QVariantMap &params, const QString &key, const QString &def)
{
    const auto it = params.constFind(key);
    return it == params.cend() ? def : it.value().toString().trimmed();
}

void checkChoiceParam(const QVariantMap &params, const QString &key, const QStringList &allowed,
                      QList<ParamError> &errors)
{
    if (!params.contains(key))
        return;
    const QString value = stringParam(params, key, QString());
    if (!allowed.contains(value))
        errors.append({key, QStringLiteral("must be one of %1, got \"%2\"")
                                .arg(allowed.join(QStringLiteral(", ")), value)});
}

bool MountTracker::enable(VaultClient &client, const QString &path, const QString &type,
                          const QJsonObject &extra, QString *error)
{
    QJsonObject body = extra;
    body.insert(QStringLiteral("type"), type);
    const VaultResponse r = client.post(QStringLiteral("sys/mounts/") + path, body);
    if (r.ok() || r.status == 0) { // no answer: it may exist, so cleanup must try
        if (!m_paths.contains(path))
            m_paths.append(path);
    }
    if (r.ok() && r.errorClass == ErrorClass::None)
        return true;
    if (error)
        *error = QStringLiteral("enable %1 mount %2: %3").arg(type, path, r.describe());
    return false;
}

bool MountTracker::disableAll(VaultClient &client, QString *error)
{
    QStringList failures;
    QStringList left;
    for (const QString &path : std::as_const(m_paths)) {
        QString why;
        if (!client.disableMount(path, &why)) {
            left << path;
            failures << why;
        }
    }
    m_paths = left;
    if (!failures.isEmpty() && error)
        *error = failures.join(QStringLiteral("; "));
    return m_paths.isEmpty();
}

} // namespace vw
