// Runs the vault-workbench executable (VW_APP_BINARY) as the integration tests do: one
// process, stdin a pipe (never a terminal), an environment without the caller's Vault
// settings, bounded in time, stopped (by its own QProcess, our child) when it overruns.
// Used by tst_cli, tst_cleanup, tst_importhcl, tst_localtarget and tst_preflightlimits.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace vw::test {

/// What one run of the app gave.
struct AppResult {
    int exitCode = -1; ///< -1 when it crashed or timed out
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    QString out; ///< stdout (local 8-bit), with AppRun::redact replaced
    QString err; ///< stderr, the same; "timed out: " + stderr when it overran
    qint64 ms = 0; ///< wall time from start to exit, milliseconds
};

/// The test's own environment without any VAULT_* or BAO_* variable (no token, address or
/// TLS setting of the machine running the tests), HOME = `home` (no ~/.vault-token of the
/// user), and VAULT_TOKEN = `token` when it is not empty.
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
};

/// Runs the app once, waits for it (at most run.timeoutMs) and reads its output.
AppResult runApp(const AppRun &run);

} // namespace vw::test
