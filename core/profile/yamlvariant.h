// Internal to core/profile: YAML <-> QVariant for operation params, shared by the profile
// parser and writer so that profileToYaml() output parses back to the same QVariant types.
// Plain (unquoted) scalars are typed by the YAML 1.2 core schema: null (~, null, empty) ->
// invalid QVariant, true/false -> bool, decimal/0o octal/0x hex integers -> qlonglong,
// floats (incl. .inf, .nan) -> double, anything else -> QString. Quoted and block scalars are
// always QString. Sequences -> QVariantList, mappings -> QVariantMap.
#pragma once

#include <QString>
#include <QVariant>

namespace YAML {
class Emitter;
class Node;
} // namespace YAML

namespace vw {

/// Type of a plain scalar per the YAML 1.2 core schema.
QVariant resolvePlainYamlScalar(const QString &text);

/// `n` as a QVariant (see above). Mapping keys that are not scalars are skipped.
QVariant yamlToVariant(const YAML::Node &n);

/// Writes `v` so that yamlToVariant() of the result equals `v` for the types above (other
/// integer types come back as qlonglong, float as double, QStringList as a QVariantList of
/// QString, anything else as its toString()). Strings that would read back as another type
/// are double-quoted; doubles always carry a '.' or an exponent.
void emitYamlVariant(YAML::Emitter &out, const QVariant &v);

/// Emits a string scalar, double-quoted when plain text would read back as another type.
void emitYamlString(YAML::Emitter &out, const QString &s);

} // namespace vw
