// Where an unclosed flow collection or quoted scalar began. yaml-cpp reports a syntax error
// where it noticed it: a `{` left open on line 14 is reported at the end of the flow, often
// lines later. parseProfile() (core/profile/profileparser.cpp) uses this scan to report the
// opening bracket or quote instead (docs/profile-format.md, "Errors").
#pragma once

#include <QString>

#include <string>

namespace vw {

/// An opener found by findUnclosedOpener().
struct YamlOpener {
    int line = 0; ///< 1-based line of the bracket or quote, 0 when none was found
    int column = 0; ///< 1-based column (in bytes of the UTF-8 text)
    char opener = 0; ///< '{', '[', '"' or '\''
    char closedBy = 0; ///< the wrong closer met (']' for a '{'), 0 when never closed
    int closeLine = 0; ///< where that wrong closer is (1-based), 0 when never closed
    int closeColumn = 0;

    bool found() const { return line > 0; }
    /// "unclosed '{' opened at line 14, column 9" or
    /// "'[' opened at line 3, column 5 is closed by '}' at line 3, column 12"
    QString message() const;
};

/// A bracket/quote balance scan of `text` up to (and including) 1-based line `untilLine`
/// (0: the whole text). Ignores comments (`#` at a line start or after a space), brackets
/// inside quoted scalars and the content of block scalars (`|`, `>`). A quote opens a scalar
/// only where a scalar can start (line start, after `- `, `: `, `? `, `,`, `[`, `{`), so the
/// apostrophes in `don't` and `rock 'n roll` are text. Returns the innermost flow collection or quote still open at
/// the end of the scan, or the first one closed by the wrong bracket; an empty result when all
/// are balanced. Pure, any thread.
YamlOpener findUnclosedOpener(const std::string &text, int untilLine = 0);

} // namespace vw
