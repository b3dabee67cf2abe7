// Test support for tests that start local targets through the executable (`vault-workbench
// target up|status|down`, `run --addr leader`): the environment they run it in, running it,
// and a guard that stops the target by PID when a test leaves early.
#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace vw::test {

/// What one run of the executable did.
struct AppResult {
    int exitCode = -1;   ///< -1 when it crashed or was killed after `timeoutMs`
    QString out;
    QString err;
    qint64 ms = 0;
};

/// This process's environment without VAULT_TOKEN, BAO_TOKEN, VAULT_ADDR, BAO_ADDR and
/// VAULT_CACERT, with HOME = `home` (no ~/.vault-token of the user) and VW_TARGET_DIR =
/// `stateDir`.
QProcessEnvironment localTargetEnvironment(const QString &home, const QString &stateDir);

/// Runs VW_APP_BINARY `args` in `workDir` with `env`; kills it after `timeoutMs`.
AppResult runApp(const QStringList &args, const QProcessEnvironment &env, const QString &workDir,
                 int timeoutMs = 120000);

/// Stops the local target in `dir` (stopLocalTarget(), by PID) when it goes out of scope and
/// the target's state is still there: nothing stays running after a failed check.
struct StopTargetOnExit {
    QString dir;
    ~StopTargetOnExit();
};

} // namespace vw::test
