#include "ops/opparams.h"

#include "ops/operationtype.h"
#include "util/duration.h"

#include <QJsonValue>
#include <cmath>
#include <limits>

namespace vw {

/// The only code that fills an OpParams (friend of OpParams).
struct OpParamsBuilder {
    static OpParams make(const QString &type, const QVariantMap &values)
    {
        OpParams p;
        p.m_type = type;
        p.m_values = values;
        return p;
    }
};

namespace {

constexpr double kMaxExactJsonInteger = 9007199254740992.0; // 2^53

/// "1048576 (1 MiB)", "4096 (4 KiB)", "100".
QString bytesText(qint64 n)
{
    if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
        return QStringLiteral("%1 (%2 MiB)").arg(n).arg(n / (1024 * 1024));
    if (n >= 1024 && n % 1024 == 0)
        return QStringLiteral("%1 (%2 KiB)").arg(n).arg(n / 1024);
    return QString::number(n);
}

QString multipleText(const ParamSpec &s)
{
    if (s.multipleOf <= 1)
        return QString();
    if (s.kind == ParamKind::Duration)
        return s.multipleOf == 1000
                   ? QStringLiteral(", whole seconds")
                   : QStringLiteral(", a multiple of %1").arg(formatDurationMs(s.multipleOf));
    return QStringLiteral(", a multiple of %1").arg(s.multipleOf);
}

/// What a valid value is, as the start of an error message.
QString expectation(const ParamSpec &s)
{
    switch (s.kind) {
    case ParamKind::Integer:
        return QStringLiteral("must be a whole number from %1").arg(allowedText(s));
    case ParamKind::Bytes:
        return QStringLiteral("must be a whole number of bytes from %1").arg(allowedText(s));
    case ParamKind::Duration:
        return QStringLiteral("must be a duration from %1 (e.g. \"%2\")")
            .arg(allowedText(s),
                 formatDurationMs(s.defaultValue.isValid() ? s.defaultValue.toLongLong() : s.min));
    case ParamKind::Choice:
        return QStringLiteral("must be one of %1").arg(allowedText(s));
    case ParamKind::String:
        return QStringLiteral("must be text");
    case ParamKind::Boolean:
        return QStringLiteral("must be true or false");
    }
    return QString();
}

/// A raw or JSON value as it was written, for "(got ...)".
QString gotText(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::UnknownType:
        return QStringLiteral("nothing");
    case QMetaType::QString:
        return QStringLiteral("\"%1\"").arg(v.toString());
    case QMetaType::QVariantList:
        return QStringLiteral("a list");
    case QMetaType::QVariantMap:
        return QStringLiteral("a mapping");
    default:
        return v.toString();
    }
}

bool isIntegerType(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return true;
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        return v.toULongLong() <= quint64(std::numeric_limits<qint64>::max());
    default:
        return false;
    }
}

/// A raw (YAML) value to its canonical form, or nullopt when its type is wrong.
std::optional<QVariant> canonicalFromRaw(const ParamSpec &s, const QVariant &raw)
{
    switch (s.kind) {
    case ParamKind::Integer:
    case ParamKind::Bytes:
        return isIntegerType(raw) ? std::optional<QVariant>(QVariant(raw.toLongLong()))
                                  : std::nullopt;
    case ParamKind::Duration: {
        if (raw.typeId() != QMetaType::QString)
            return std::nullopt;
        const std::optional<qint64> ms = parseDurationMs(raw.toString());
        return ms ? std::optional<QVariant>(QVariant(qint64(*ms))) : std::nullopt;
    }
    case ParamKind::Choice:
    case ParamKind::String:
        return raw.typeId() == QMetaType::QString ? std::optional<QVariant>(raw) : std::nullopt;
    case ParamKind::Boolean:
        return raw.typeId() == QMetaType::Bool ? std::optional<QVariant>(raw) : std::nullopt;
    }
    return std::nullopt;
}

/// A JSON value (paramsToJson's form) to its canonical form, or nullopt when its type is wrong.
std::optional<QVariant> canonicalFromJson(const ParamSpec &s, const QJsonValue &v)
{
    switch (s.kind) {
    case ParamKind::Integer:
    case ParamKind::Bytes:
    case ParamKind::Duration: {
        if (!v.isDouble())
            return std::nullopt;
        const double d = v.toDouble();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > kMaxExactJsonInteger)
            return std::nullopt;
        return QVariant(qint64(d));
    }
    case ParamKind::Choice:
    case ParamKind::String:
        return v.isString() ? std::optional<QVariant>(QVariant(v.toString())) : std::nullopt;
    case ParamKind::Boolean:
        return v.isBool() ? std::optional<QVariant>(QVariant(v.toBool())) : std::nullopt;
    }
    return std::nullopt;
}

/// Range, multiple and choice checks of a canonical value; true when it is valid.
bool withinSpec(const ParamSpec &s, const QVariant &value)
{
    switch (s.kind) {
    case ParamKind::Integer:
    case ParamKind::Bytes:
    case ParamKind::Duration: {
        const qint64 n = value.toLongLong();
        return n >= s.min && n <= s.max && (s.multipleOf <= 1 || n % s.multipleOf == 0);
    }
    case ParamKind::Choice:
        return s.allowed.contains(value.toString());
    case ParamKind::String:
    case ParamKind::Boolean:
        return true;
    }
    return false;
}

/// The shared second half of both parsers: defaults, required params, the cross-field check.
ParamParseResult finish(const OperationType &type, QVariantMap values, QList<ParamError> errors)
{
    for (const ParamSpec &s : type.params) {
        if (values.contains(s.name))
            continue;
        if (s.required())
            errors.append({s.name, QStringLiteral("required: %1 (%2)").arg(s.name, expectation(s)),
                           ParamError::At::Block});
        else
            values.insert(s.name, s.defaultValue);
    }
    ParamParseResult r;
    if (errors.isEmpty()) {
        const OpParams params = OpParamsBuilder::make(type.name, values);
        if (type.check)
            errors = type.check(params);
        if (errors.isEmpty())
            r.params = params;
    }
    r.errors = errors;
    return r;
}

ParamError unknownKey(const OperationType &type, const QString &key)
{
    const QStringList known = type.paramNames();
    return {key,
            QStringLiteral("unknown parameter for %1 (known: %2)")
                .arg(type.name,
                     known.isEmpty() ? QStringLiteral("none") : known.join(QStringLiteral(", "))),
            ParamError::At::Key};
}

} // namespace

QString paramKindName(ParamKind kind)
{
    switch (kind) {
    case ParamKind::Integer:
        return QStringLiteral("integer");
    case ParamKind::Bytes:
        return QStringLiteral("bytes");
    case ParamKind::Duration:
        return QStringLiteral("duration");
    case ParamKind::Choice:
        return QStringLiteral("choice");
    case ParamKind::String:
        return QStringLiteral("string");
    case ParamKind::Boolean:
        return QStringLiteral("boolean");
    }
    return QString();
}

ParamSpec integerParam(const QString &name, qint64 min, qint64 max, qint64 def, const QString &unit,
                       const QString &description)
{
    ParamSpec s;
    s.name = name;
    s.kind = ParamKind::Integer;
    s.defaultValue = QVariant(def);
    s.min = min;
    s.max = max;
    s.unit = unit;
    s.description = description;
    return s;
}

ParamSpec bytesParam(const QString &name, qint64 min, qint64 max, qint64 def,
                     const QString &description)
{
    ParamSpec s = integerParam(name, min, max, def, QStringLiteral("bytes"), description);
    s.kind = ParamKind::Bytes;
    return s;
}

ParamSpec durationParam(const QString &name, qint64 minMs, qint64 maxMs, qint64 defMs,
                        qint64 multipleOfMs, const QString &description)
{
    ParamSpec s = integerParam(name, minMs, maxMs, defMs, QStringLiteral("ms"), description);
    s.kind = ParamKind::Duration;
    s.multipleOf = multipleOfMs;
    return s;
}

ParamSpec choiceParam(const QString &name, const QStringList &allowed, const QString &def,
                      const QString &description)
{
    ParamSpec s;
    s.name = name;
    s.kind = ParamKind::Choice;
    s.defaultValue = QVariant(def);
    s.allowed = allowed;
    s.description = description;
    return s;
}

ParamSpec stringParam(const QString &name, const QString &def, const QString &description)
{
    ParamSpec s;
    s.name = name;
    s.kind = ParamKind::String;
    s.defaultValue = QVariant(def);
    s.description = description;
    return s;
}

ParamSpec booleanParam(const QString &name, bool def, const QString &description)
{
    ParamSpec s;
    s.name = name;
    s.kind = ParamKind::Boolean;
    s.defaultValue = QVariant(def);
    s.description = description;
    return s;
}

QString formatParamValue(const ParamSpec &spec, const QVariant &canonical)
{
    if (!canonical.isValid())
        return QString();
    switch (spec.kind) {
    case ParamKind::Integer:
    case ParamKind::Bytes:
        return QString::number(canonical.toLongLong());
    case ParamKind::Duration:
        return formatDurationMs(canonical.toLongLong());
    case ParamKind::Boolean:
        return canonical.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case ParamKind::Choice:
    case ParamKind::String:
        return canonical.toString();
    }
    return QString();
}

QString allowedText(const ParamSpec &spec)
{
    switch (spec.kind) {
    case ParamKind::Integer:
        return QStringLiteral("%1 to %2").arg(spec.min).arg(spec.max) + multipleText(spec);
    case ParamKind::Bytes:
        return QStringLiteral("%1 to %2").arg(bytesText(spec.min), bytesText(spec.max))
               + multipleText(spec);
    case ParamKind::Duration:
        return QStringLiteral("%1 to %2")
                   .arg(formatDurationMs(spec.min), formatDurationMs(spec.max))
               + multipleText(spec);
    case ParamKind::Choice:
        return spec.allowed.join(QStringLiteral(", "));
    case ParamKind::String:
        return QStringLiteral("any text");
    case ParamKind::Boolean:
        return QStringLiteral("true or false");
    }
    return QString();
}

ParamParseResult parseParams(const OperationType &type, const QVariantMap &raw)
{
    QVariantMap values;
    QList<ParamError> errors;
    for (auto it = raw.cbegin(); it != raw.cend(); ++it) {
        const ParamSpec *s = type.param(it.key());
        if (!s) {
            errors.append(unknownKey(type, it.key()));
            continue;
        }
        const std::optional<QVariant> v = canonicalFromRaw(*s, it.value());
        if (!v || !withinSpec(*s, *v)) {
            errors.append({s->name,
                           QStringLiteral("%1 (got %2)").arg(expectation(*s), gotText(it.value())),
                           ParamError::At::Value});
            continue;
        }
        values.insert(s->name, *v);
    }
    return finish(type, values, errors);
}

QJsonValue paramValueToJson(const ParamSpec &spec, const QVariant &canonical)
{
    if (!canonical.isValid())
        return QJsonValue(QJsonValue::Null);
    switch (spec.kind) {
    case ParamKind::Integer:
    case ParamKind::Bytes:
    case ParamKind::Duration:
        return QJsonValue(canonical.toLongLong());
    case ParamKind::Choice:
    case ParamKind::String:
        return QJsonValue(canonical.toString());
    case ParamKind::Boolean:
        return QJsonValue(canonical.toBool());
    }
    return QJsonValue(QJsonValue::Null);
}

QJsonObject paramsToJson(const OperationType &type, const OpParams &params)
{
    QJsonObject out;
    for (const ParamSpec &s : type.params)
        out.insert(s.name, paramValueToJson(s, params.value(s.name)));
    return out;
}

ParamParseResult paramsFromJson(const OperationType &type, const QJsonObject &json)
{
    QVariantMap values;
    QList<ParamError> errors;
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        const ParamSpec *s = type.param(it.key());
        if (!s) {
            errors.append(unknownKey(type, it.key()));
            continue;
        }
        const std::optional<QVariant> v = canonicalFromJson(*s, it.value());
        if (!v || !withinSpec(*s, *v)) {
            const QString canonicalForm = s->kind == ParamKind::Duration
                                              ? QStringLiteral(", in JSON a number of ms")
                                              : QString();
            errors.append(
                {s->name,
                 QStringLiteral("%1%2 (got %3)")
                     .arg(expectation(*s), canonicalForm, gotText(it.value().toVariant())),
                 ParamError::At::Value});
            continue;
        }
        values.insert(s->name, *v);
    }
    return finish(type, values, errors);
}

QVariantMap paramsToRaw(const OperationType &type, const OpParams &params)
{
    QVariantMap out;
    for (const ParamSpec &s : type.params) {
        const QVariant v = params.value(s.name);
        if (!v.isValid())
            continue;
        if (s.kind == ParamKind::Duration)
            out.insert(s.name, formatDurationMs(v.toLongLong()));
        else
            out.insert(s.name, v);
    }
    return out;
}

} // namespace vw
