// Internal to core/profile: YAML to QVariant for operation params and plain numbers.
// Plain (unquoted) scalars are typed by the YAML 1.2 core schema: null (~, null, empty) ->
// invalid QVariant, true/false -> bool, decimal/0o octal/0x hex integers -> qlonglong,
// floats (incl. .inf, .nan) -> double, anything else -> QString. Quoted and block scalars are
// always QString. Sequences -> QVariantList, mappings -> QVariantMap.
#pragma once

#include <QString>
#include <QVariant>

namespace YAML {
class Node;
} // namespace YAML

namespace vw {

/// Type of a plain scalar per the YAML 1.2 core schema.
QVariant resolvePlainYamlScalar(const QString &text);

/// `n` as a QVariant (see above). Mapping keys that are not scalars are skipped.
QVariant yamlToVariant(const YAML::Node &n);

} // namespace vw
