// What a section of the profile form hands to ProfileForm (profileform.h) to change the YAML
// text: a function from the text to the new text (core/editing/profileedit.h), applied as one
// undoable edit; and QVariant -> yaml-cpp scalar. GUI thread only.
#pragma once

#include "editing/profileedit.h"

#include <QString>
#include <QVariant>
#include <functional>
#include <optional>
#include <yaml-cpp/yaml.h>

namespace vw {

/// The new text from the old; nullopt and *error when the edit cannot be made.
using YamlEdit = std::function<std::optional<QString>(const QString &yaml, QString *error)>;
using YamlEditSink = std::function<void(const YamlEdit &)>;

/// A scalar node for a bool, a whole number, a number or text (yamlText(): quoted only when
/// a plain scalar would not read back as text).
inline YAML::Node yamlScalar(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        return YAML::Node(v.toBool());
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
        return YAML::Node(v.toLongLong());
    case QMetaType::Double:
        return YAML::Node(QString::number(v.toDouble(), 'g', 12).toStdString());
    default:
        return yamlText(v.toString()); // "123" as text stays text
    }
}

} // namespace vw
