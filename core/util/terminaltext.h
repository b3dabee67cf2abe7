// Text for a terminal that cannot drive it: what reaches stderr may carry a test name from an
// imported config, a label, or an error text a server answered, and an escape sequence in it
// (ESC [ ... m, a cursor move, a title change) would be obeyed by the user's terminal.
#pragma once

#include <QString>

namespace vw {

/// `text` with every control character except newline and tab shown as a visible escape:
/// ESC -> "\x1b", CR -> "\x0d", DEL -> "\x7f", C1 controls (U+0080..U+009F) -> "\u0085"...
/// Printable text, including any non-ASCII letter, is unchanged.
QString terminalSafe(const QString &text);

} // namespace vw
