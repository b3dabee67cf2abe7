// Text for a terminal that cannot drive it: what reaches stderr may carry a test name from an
// imported config, a label, or an error text a server answered, and what reaches stdout may
// carry a session's label or operation names; an escape sequence in it (ESC [ ... m, a cursor
// move, a title change) would be obeyed by the user's terminal, and a bidi control (U+202E)
// or an invisible character (U+200B) would make it show something else than it says.
#pragma once

#include <QString>

namespace vw {

/// True for what terminalSafe() escapes: C0 controls except newline and tab, DEL, C1
/// controls (U+0080..U+009F), format characters (Unicode category Cf: the bidi controls
/// U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069, the zero-width U+200B..U+200D,
/// U+2060..U+2064, U+FEFF, the soft hyphen U+00AD), the line and paragraph separators
/// U+2028/U+2029, and lone surrogates.
bool isTerminalUnsafe(char16_t c);

/// `text` with every isTerminalUnsafe() character shown as a visible escape:
/// ESC -> "\x1b", CR -> "\x0d", DEL -> "\x7f", others -> "\u0085", "\u202e"... A CR right
/// before a newline (a CRLF line end, as in CSV) is kept. Printable text, including any
/// non-ASCII letter, is unchanged.
QString terminalSafe(const QString &text);

} // namespace vw
