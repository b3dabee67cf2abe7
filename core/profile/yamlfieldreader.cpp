#include "profile/yamlfieldreader.h"

#include "util/duration.h"
#include "profile/nearestword.h"
#include "profile/yamlvariant.h"

namespace vw {

QString YamlFieldReader::joinPath(const QString &parent, const QString &key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString YamlFieldReader::indexPath(const QString &parent, int i)
{
    return parent + QStringLiteral("[%1]").arg(i);
}

bool YamlFieldReader::isTokenKey(const QString &key)
{
    if (key == QLatin1String("token_ttl") || key == QLatin1String("token_type"))
        return false;
    return key.contains(QLatin1String("token"), Qt::CaseInsensitive);
}

QString YamlFieldReader::scalarText(const YAML::Node &n)
{
    return QString::fromStdString(n.Scalar());
}

bool YamlFieldReader::isQuoted(const YAML::Node &n)
{
    return n.Tag() == "!" || n.Tag() == "tag:yaml.org,2002:str";
}

void YamlFieldReader::add(const YAML::Mark &m, const QString &field, const QString &message)
{
    ProfileError e;
    if (!m.is_null()) {
        e.line = m.line + 1;
        e.column = m.column + 1;
    }
    e.field = field;
    e.message = message;
    errors.append(e);
}

void YamlFieldReader::scanKeys(const YAML::Node &n, const QString &path)
{
    if (n.IsMap()) {
        for (auto it = n.begin(); it != n.end(); ++it) {
            if (!it->first.IsScalar()) {
                add(it->first.Mark(), path, QStringLiteral("keys must be plain text"));
                continue;
            }
            const QString key = scalarText(it->first);
            const QString field = joinPath(path, key);
            if (isTokenKey(key))
                add(it->first.Mark(), field,
                    QStringLiteral("tokens are never stored in profiles: use VAULT_TOKEN, "
                                   "BAO_TOKEN or ~/.vault-token"));
            else
                scanKeys(it->second, field);
        }
    } else if (n.IsSequence()) {
        for (std::size_t i = 0; i < n.size(); ++i)
            scanKeys(n[i], indexPath(path, int(i)));
    }
}

bool YamlFieldReader::checkMap(const YAML::Node &n, const QString &path, const QStringList &allowed,
                               QMap<QString, YAML::Node> *keys)
{
    if (!n.IsMap()) {
        add(n.Mark(), path, QStringLiteral("must be a mapping of key: value"));
        return false;
    }
    for (auto it = n.begin(); it != n.end(); ++it) {
        const QString key = it->first.IsScalar() ? scalarText(it->first) : QString();
        if (!it->first.IsScalar() || isTokenKey(key))
            continue;
        if (!allowed.contains(key))
            add(it->first.Mark(), joinPath(path, key),
                unknownWithSuggestion(QStringLiteral("unknown key"), key, allowed,
                                      QStringLiteral("expected")));
        else if (keys->contains(key))
            add(it->first.Mark(), joinPath(path, key), QStringLiteral("duplicate key"));
        else
            keys->insert(key, it->first);
    }
    return true;
}

std::optional<QString> YamlFieldReader::text(const YAML::Node &n, const QString &field,
                                             bool nonEmpty)
{
    if (!n.IsScalar() && !n.IsNull()) {
        add(n.Mark(), field, QStringLiteral("must be a text value"));
        return std::nullopt;
    }
    const QString s = n.IsNull() ? QString() : scalarText(n);
    if (nonEmpty && s.trimmed().isEmpty()) {
        add(n.Mark(), field, QStringLiteral("must not be empty"));
        return std::nullopt;
    }
    return s;
}

std::optional<qint64> YamlFieldReader::wholeNumber(const YAML::Node &n, const QString &field,
                                                   qint64 min, qint64 max)
{
    const QVariant v =
        n.IsScalar() && !isQuoted(n) ? resolvePlainYamlScalar(scalarText(n)) : QVariant();
    const QString range = QStringLiteral("must be a whole number from %1 to %2").arg(min).arg(max);
    if (v.typeId() != QMetaType::LongLong) {
        add(n.Mark(), field,
            n.IsScalar() ? range + QStringLiteral(" (got \"%1\")").arg(scalarText(n)) : range);
        return std::nullopt;
    }
    const qint64 x = v.toLongLong();
    if (x < min || x > max) {
        add(n.Mark(), field, range + QStringLiteral(" (got %1)").arg(x));
        return std::nullopt;
    }
    return x;
}

std::optional<bool> YamlFieldReader::boolean(const YAML::Node &n, const QString &field)
{
    const QVariant v =
        n.IsScalar() && !isQuoted(n) ? resolvePlainYamlScalar(scalarText(n)) : QVariant();
    if (v.typeId() != QMetaType::Bool) {
        add(n.Mark(), field, QStringLiteral("must be true or false"));
        return std::nullopt;
    }
    return v.toBool();
}

std::optional<qint64> YamlFieldReader::duration(const YAML::Node &n, const QString &field,
                                                qint64 minMs, qint64 maxMs)
{
    const std::optional<qint64> ms = n.IsScalar() ? parseDurationMs(scalarText(n)) : std::nullopt;
    if (!ms) {
        add(n.Mark(), field,
            QStringLiteral("%1is not a duration (use a number with a unit: 500ms, 10s, "
                           "1.5s, 2m, 1h, 1m30s)")
                .arg(n.IsScalar() ? QStringLiteral("\"%1\" ").arg(scalarText(n)) : QString()));
        return std::nullopt;
    }
    if (*ms < minMs) {
        add(n.Mark(), field, QStringLiteral("must be longer than 0"));
        return std::nullopt;
    }
    if (*ms > maxMs) {
        add(n.Mark(), field,
            QStringLiteral("\"%1\" is too long: at most %2")
                .arg(scalarText(n), formatDurationMs(maxMs)));
        return std::nullopt;
    }
    return ms;
}

} // namespace vw
