// Test support for tests that start local targets through the executable (`vault-workbench
// target up|status|down`, `run --addr leader`): the environment they run it in, running it,
// and a guard that stops the target by PID when a test leaves early.
#pragma once

#include "apprun.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace vw::test {

/// appEnvironment(home) (apprun.h: no VAULT_* or BAO_* variable, HOME = `home`) with
/// VW_TARGET_DIR = `stateDir`.
QProcessEnvironment localTargetEnvironment(const QString &home, const QString &stateDir);

/// Runs VW_APP_BINARY `args` in `workDir` with `env`; kills it after `timeoutMs` (apprun.h).
AppResult runApp(const QStringList &args, const QProcessEnvironment &env, const QString &workDir,
                 int timeoutMs = 120000);

/// Stops the local target in `dir` (stopLocalTarget(), by PID) when it goes out of scope and
/// the target's state is still there: nothing stays running after a failed check.
struct StopTargetOnExit {
    QString dir;
    ~StopTargetOnExit();
};

} // namespace vw::test
