// The headless half of vault-workbench: argv dispatch, usage text, exit codes, output.
#pragma once

#include <QString>
#include <QStringList>

namespace vw::cli {

/// Exit codes of the headless commands (documented in usage()).
enum ExitCode {
    ExitOk = 0, ///< run completed, report printed
    ExitFailed = 1, ///< the run failed in the measured window, or was stopped
    ExitUsage = 2, ///< bad arguments, invalid profile, no token, unreadable session
    ExitSetup = 3, ///< unreachable, sealed, token refused or too short-lived, open-file
    ///< limit too low for the VUs, operation setup failed
    /// compare --fail-on worse: a verdict was `worse` (the same number as ExitSetup; compare
    /// sets up nothing)
    ExitWorse = 3,
    /// run: cleanup left something on the server (before 1 and 3); cleanup: something
    /// tagged by the workbench is still there afterwards
    ExitCleanup = 4,
    /// run --start-at: not ready (pre-flight and setup done) by the start barrier plus its
    /// tolerance; the shard did not start (docs/distributed.md, "Failure modes")
    ExitLateStart = 5,
    ExitAborted = 130 ///< a second SIGINT/SIGTERM: left at once, without cleanup
};

/// True when argv[1] is a headless command (run, report, compare, ops, cleanup, study, bench-transport,
/// --help, -h, --version): the caller then builds a QCoreApplication instead of a
/// QApplication. Reads argv only.
bool isHeadless(int argc, char **argv);
/// The first argument when it is neither a command, an option nor an existing file (a typo
/// such as "vault-workbench frobnicate"), else empty: reported before any window opens.
QString unknownFirstArgument(int argc, char **argv);

/// Runs a headless command; `args` is QCoreApplication::arguments(). Returns the exit code.
int runHeadless(const QStringList &args);

/// The --help text (all commands, options, the token lookup and the exit codes).
QString usage();

/// `text` quoted for a POSIX shell when it needs it (for commands printed to copy).
QString shellQuoted(const QString &text);

/// Unbuffered line output (flushed at once, so that piped output keeps pace with the run).
/// What reaches a terminal is terminalSafe() (core/util/terminaltext.h): stderr always; stdout
/// when it is a terminal, so that data piped to a file (CSV, JSON, a profile) stays as it is.
void printOut(const QString &text);
/// printOut() of UTF-8 text in pieces (a streamed report, e.g. `report --format json`), each
/// piece whole characters. False, with *error the OS text, when stdout took less than all of
/// it (a full disk, a closed pipe).
bool printOutChunk(const QByteArray &utf8, QString *error);
void printErr(const QString &text);
/// stdout, always terminalSafe(): text for people (report's table, compare's table), whose
/// labels and names come from files and must not drive a terminal even through a pipe.
void printOutEscaped(const QString &text);
/// Asks `question` on the terminal ("... [y/N] " on stderr) and reads one line of stdin;
/// true for "y" or "yes" (any case). The caller checks that stdin is a terminal.
bool askYesNo(const QString &question);

} // namespace vw::cli
