// yaml-cpp's syntax errors in the profile writer's terms. yaml-cpp says "illegal map value" or
// "end of map not found" where it noticed a problem; parseProfile()
// (core/profile/profileparser.cpp) shows this sentence instead, with yaml-cpp's words kept in
// parentheses (docs/profile-format.md, "Errors"). Pure, any thread.
#pragma once

#include <QString>

#include <string>

namespace vw {

/// What is wrong at 1-based `line` (column `column`) of `text`, for yaml-cpp's message `raw`:
///  - "illegal map value" on a line holding `key: a: b`: a plain value cannot hold ": ";
///  - "illegal map value" under a line without ':' (`ramp`): that line is missing its ':';
///  - "illegal map value" under a `key: value` line, indented further: the key is indented
///    differently from the keys above it (both indentations in spaces);
///  - "illegal map value" otherwise: "a value cannot start a map here: is the line above
///    missing a ':' or is this line indented too far?";
///  - "end of map/sequence not found": the line is indented differently from the keys above
///    it (with both indentations in spaces and the line of the sibling above);
///  - a tab in the indentation: YAML indents with spaces only;
///  - any other message: `raw` itself.
/// The sentence ends with "(YAML reader: <raw>)" except in the last case. No trailing period.
QString friendlyYamlSyntaxMessage(const std::string &text, int line, int column,
                                  const QString &raw);

} // namespace vw
