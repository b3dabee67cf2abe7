// Runs the vault-workbench executable (VW_APP_BINARY) as the integration tests do: one
// process, stdin a pipe (never a terminal), an environment without the caller's Vault
// settings, bounded in time, stopped (by its own QProcess, our child) when it overruns.
// Every integration test that runs the app uses these: runApp() for a run awaited whole,
// startApp() for one the test watches while it runs (reads its output, acts on the server,
// kills it). The environment is core/util/childenvironment.h's, as for the app's own children.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <functional>

namespace vw::test {

/// What one run of the app gave.
struct AppResult {
    int exitCode = -1; ///< -1 when it crashed or timed out
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    QString out; ///< stdout (local 8-bit), with AppRun::redact replaced
    QString err; ///< stderr, the same; "timed out: " + stderr when it overran
    qint64 ms = 0; ///< wall time from start to exit, milliseconds
};

/// The test's own environment without any VAULT_* or BAO_* variable (childEnvironment(),
/// core/util/childenvironment.h: no token, address or TLS setting of the machine running the
/// tests), HOME = `home` (no ~/.vault-token of the user), and VAULT_TOKEN = `token` when it
/// is not empty.
QProcessEnvironment appEnvironment(const QString &home, const QByteArray &token = QByteArray());

struct AppRun {
    QStringList args;
    QString workDir;
    QProcessEnvironment env;
    int timeoutMs = 60000;
    /// A secret (the token) replaced by "<TOKEN-LEAKED>" in out and err, so that a leak
    /// fails the test without printing the secret.
    QByteArray redact;
    /// Non-empty: runs `sh -c "<shellPrefix> exec app args"` instead, e.g. "ulimit -n 64;".
    QString shellPrefix;
    /// Set: runs in the child between fork and exec (QProcess::setChildProcessModifier),
    /// e.g. a resource limit (tests/support/writefailure.h, applyFileSizeLimit).
    std::function<void()> childModifier;
};

/// An AppRun of `args` in `workDir` with `env`, bounded by `timeoutMs`, nothing redacted, no
/// shell prefix or child modifier: the usual run, without listing every field.
AppRun appRun(const QStringList &args, const QString &workDir, const QProcessEnvironment &env,
              int timeoutMs = 60000);

/// Runs the app once, waits for it (at most run.timeoutMs) and reads its output.
AppResult runApp(const AppRun &run);

/// Starts the app as runApp() does (program, `sh -c` for a shellPrefix, args, workDir, env)
/// in `p` and returns at once: the caller waits, reads and stops it (run.timeoutMs and
/// run.redact are not used). `p` may have been set up further before (channels, a child
/// process modifier). False when it did not start within 10 s.
bool startApp(QProcess &p, const AppRun &run);

} // namespace vw::test
