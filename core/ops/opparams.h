// Operation parameters as data: each operation type declares its params as a list of
// ParamSpec (name, kind, default, allowed values or range, unit, one-line description), and
// one generic parser turns the raw `params:` map of a profile into OpParams, the canonical
// typed values of every declared param. The ops, `vault-workbench ops` and the operations
// table of docs/profile-format.md read these specs; paramsToJson()/paramsFromJson() are the
// canonical stored form (e.g. for a session). No operation parses its params itself.
//
// Canonical values (OpParams, and their JSON form):
//   integer   qint64                       JSON number
//   bytes     qint64, in bytes             JSON number
//   duration  qint64, in milliseconds      JSON number (milliseconds)
//   choice    QString, one of `allowed`    JSON string
//   string    QString                      JSON string
//   boolean   bool                         JSON true/false
// Raw values (a profile's YAML, through core/profile/yamlvariant.h): integers and bytes are
// plain whole numbers, durations are text with a unit ("5m", core/util/duration.h), choices
// and strings are text, booleans are plain true/false, as everywhere else in a profile.
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantMap>
#include <functional>
#include <optional>

namespace vw {

struct OperationType;

enum class ParamKind { Integer, Bytes, Duration, Choice, String, Boolean };

/// "integer", "bytes", "duration", "choice", "string", "boolean" (ops output, docs table).
QString paramKindName(ParamKind kind);

/// One declared parameter of an operation type.
struct ParamSpec {
    QString name; ///< key under `params`, e.g. "payload_bytes"
    ParamKind kind = ParamKind::Integer;
    /// Canonical value used when the key is absent (see the table above); an invalid
    /// QVariant makes the param required.
    QVariant defaultValue;
    QStringList allowed; ///< Choice: the accepted values, in the order shown
    /// Integer, Bytes, Duration: inclusive bounds in the canonical unit (ms for durations).
    qint64 min = 0;
    qint64 max = 0;
    /// Integer, Bytes, Duration: the value must be a multiple of this (1000 for a duration
    /// of whole seconds); 1 for any.
    qint64 multipleOf = 1;
    QString unit; ///< what the canonical number counts: "ms", "bytes", "secrets"...
    QString description; ///< one line, what the param does

    bool required() const { return !defaultValue.isValid(); }
};

/// Spec builders, so that an operation's file declares each param in one statement.
ParamSpec integerParam(const QString &name, qint64 min, qint64 max, qint64 def, const QString &unit,
                       const QString &description);
ParamSpec bytesParam(const QString &name, qint64 min, qint64 max, qint64 def,
                     const QString &description);
ParamSpec durationParam(const QString &name, qint64 minMs, qint64 maxMs, qint64 defMs,
                        qint64 multipleOfMs, const QString &description);
ParamSpec choiceParam(const QString &name, const QStringList &allowed, const QString &def,
                      const QString &description);
ParamSpec stringParam(const QString &name, const QString &def, const QString &description);
ParamSpec booleanParam(const QString &name, bool def, const QString &description);

/// A canonical value as people read it: 300000 ms -> "5m", 1048576 bytes -> "1048576",
/// true -> "true", a choice or string as is.
QString formatParamValue(const ParamSpec &spec, const QVariant &canonical);
/// What a value may be: "1 to 100000", "1s to 24h, whole seconds", "ed25519, rsa-2048",
/// "true or false", "any text".
QString allowedText(const ParamSpec &spec);

/// A canonical value in its JSON form (table above).
QJsonValue paramValueToJson(const ParamSpec &spec, const QVariant &canonical);

/// A problem with one param (or with the whole `params` map when `param` is empty).
struct ParamError {
    enum class At {
        Key, ///< the key itself (unknown key): points at the key in the YAML
        Value, ///< the key's value (wrong type, out of range, not one of the choices)
        Block ///< the `params` map (a required param is missing, unknown operation type)
    };
    QString param; ///< key under `params`, e.g. "payload_bytes"; empty for the whole block
    QString message; ///< human sentence, no trailing period
    At at = At::Value;
};

/// The canonical typed values of every declared param of one operation type. Made only by
/// parseParams() or paramsFromJson(), so an OpParams always holds valid values; a
/// default-constructed one is the params of a type that declares none.
class OpParams {
public:
    OpParams() = default;

    QString typeName() const { return m_type; } ///< the type it was parsed for; "" if default
    bool isEmpty() const { return m_values.isEmpty(); }
    bool contains(const QString &name) const { return m_values.contains(name); }
    QStringList names() const { return m_values.keys(); }
    /// Canonical value (table above); invalid QVariant for an undeclared name.
    QVariant value(const QString &name) const { return m_values.value(name); }
    /// Integer, Bytes, Duration (ms) values.
    qint64 integer(const QString &name) const { return m_values.value(name).toLongLong(); }
    qint64 durationMs(const QString &name) const { return integer(name); }
    /// Choice, String values.
    QString text(const QString &name) const { return m_values.value(name).toString(); }
    bool boolean(const QString &name) const { return m_values.value(name).toBool(); }
    /// name -> canonical value.
    QVariantMap values() const { return m_values; }

    /// Same values (the type name is not compared: OperationSpec compares types itself).
    bool operator==(const OpParams &o) const { return m_values == o.m_values; }
    bool operator!=(const OpParams &o) const { return !(*this == o); }

private:
    friend struct OpParamsBuilder;
    QString m_type;
    QVariantMap m_values;
};

/// Result of parseParams() and paramsFromJson(): params set only when errors is empty.
struct ParamParseResult {
    std::optional<OpParams> params;
    QList<ParamError> errors;
    bool ok() const { return params.has_value() && errors.isEmpty(); }
};

/// The one parser of operation params: rejects unknown keys, wrong types, values out of
/// range, not a multiple of `multipleOf` or not among the choices, missing required params,
/// then runs the type's cross-field check; fills every absent param with its default. All
/// problems are reported, not only the first.
ParamParseResult parseParams(const OperationType &type, const QVariantMap &raw);

/// Canonical JSON: every declared param, values as in the table above (durations in ms).
QJsonObject paramsToJson(const OperationType &type, const OpParams &params);
/// The reverse of paramsToJson(), as strict: JSON types must be the canonical ones, values
/// pass the same checks as parseParams(); an absent param takes its default (a param added
/// after the JSON was written); an unknown key is an error.
ParamParseResult paramsFromJson(const OperationType &type, const QJsonObject &json);

/// Raw values that parseParams() reads back to `params`: what a profile's YAML would say
/// (durations as text with a unit). Used by the YAML writer.
QVariantMap paramsToRaw(const OperationType &type, const OpParams &params);

} // namespace vw
