// Line-level facts of block-style YAML text, shared by the editor's completion
// (core/editing/yamlcompletion.cpp) and the syntax-error wording
// (core/profile/yamlsyntaxmessage.cpp). Pure, any thread.
#pragma once

#include <QString>

namespace vw {

/// The number of leading spaces of `line` (a tab is not indentation in YAML).
inline int yamlIndentOf(const QString &line)
{
    int n = 0;
    while (n < line.size() && line.at(n) == QLatin1Char(' '))
        ++n;
    return n;
}

/// Whether `line` holds nothing but spaces or a comment.
inline bool yamlBlankOrComment(const QString &line)
{
    const QString t = line.trimmed();
    return t.isEmpty() || t.startsWith(QLatin1Char('#'));
}

} // namespace vw
