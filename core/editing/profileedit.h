// Editing profile YAML text by key path, for the GUI's form editor (ui/profileform/): each
// function takes the whole text and returns the whole new text with only the edited key's
// text changed, so that comments and unrelated keys survive (docs/profile-format.md, "The
// form editor"). Positions come from yaml-cpp's Marks of the keys; the text of a key in block
// style is the key's line plus the more-indented lines under it.
//
// What is preserved:
//  - every line outside the edited key's lines, comments included;
//  - a scalar on the key's line is replaced in place: the key, its spacing and a trailing
//    `# comment` on that line stay;
//  - a block value (map, list) is re-emitted with the key's indentation: comments inside it
//    are lost; comment and blank lines after its last item stay;
//  - a key inside a flow map (`target: { address: x }`) re-emits that whole flow map, in
//    flow style, on the key's lines.
// A key that is absent is added as the last key of its nearest existing block-style parent
// (a new top-level key at the end of the text).
//
// Headless, pure functions, any thread.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace YAML {
class Node;
} // namespace YAML

namespace vw {

/// `yaml` with the value at mapping-key `path` (e.g. {"target", "address"}) set to `value`
/// (a yaml-cpp node: a scalar, or a map/list whose style, flow or block, is kept). nullopt and
/// *error when `yaml` does not load as YAML, is not a map at the root, or a key of `path`
/// holds something that is not a map.
std::optional<QString> setYamlValue(const QString &yaml, const QStringList &path,
                                    const YAML::Node &value, QString *error = nullptr);

/// `yaml` without the key at `path` (its lines; in a flow map, the flow map re-emitted); a
/// block map left empty goes with its key (`target:` alone would be null, not a map). An
/// absent key returns `yaml` unchanged. nullopt and *error as for setYamlValue().
std::optional<QString> removeYamlKey(const QString &yaml, const QStringList &path,
                                     QString *error = nullptr);

/// A scalar node that is text: written plain when YAML reads it back as text, double-quoted
/// when a plain scalar would be a number, a boolean or null ("123", "true", "").
YAML::Node yamlText(const QString &text);

/// `node` as YAML text, every line indented by `indent` spaces, no trailing newline:
/// a scalar (quoted only when it must be), a flow map as `{ a: 1, b: x }`, a flow list as
/// `[a, b]`, block maps and lists one entry a line (a list item's map starts after `- `).
QString emitYaml(const YAML::Node &node, int indent = 0);

} // namespace vw
