// `vault-workbench study STUDY.yaml [--short] [--out-dir DIR] [--yes] [target flags]`: runs a
// study's profiles x targets one after the other in this process (core/study/studyrunner.h),
// saves each session as <out-dir>/<profile>__<target>.json and writes one HTML report
// (core/study/studyreport.h) to <out-dir>/study-report.html. With `target_up:` in the study
// it runs this executable's `target up ...` before the runs (unless `target status` says the
// local target is up) and `target down` after them, and takes the token from `target env`
// (app/studylog.h).
// Format: docs/profile-format.md, "Studies".
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "study". Returns the exit code (cli.h): 0 every run
/// completed; 1 a run failed or was stopped (the others ran, the report names it); 2 usage
/// error, a study or profile with errors (printed as FILE:line:column: field: message),
/// unwritable --out-dir, no token; 3 `target up` failed (nothing ran).
int studyCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp studyHelp();

} // namespace vw::cli
