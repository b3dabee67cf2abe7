// How the workbench names session files: the CLI's default `run --out`
// (app/runcommand.cpp) and the GUI's auto-save file (ui/sessionfiles.cpp) build their names
// from a profile name or a label made safe here.
#pragma once

#include <QString>

namespace vw {

/// `text` as one part of a file name: every run of characters other than ASCII letters,
/// digits, '.', '_' and '-' becomes one '_' (so no '/', space or control character is left);
/// when the result is empty or starts with '.', `fallback` is put in front, so that the part
/// is never empty, ".", ".." or a hidden name. "ssh sign/ed25519" -> "ssh_sign_ed25519".
QString sessionFileNamePart(const QString &text, const QString &fallback);

} // namespace vw
