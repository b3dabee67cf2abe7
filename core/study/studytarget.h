// What a study needs from the local-target command (`vault-workbench target ...`, issue 11,
// "Local targets") when its file has `target_up:`: the command lines it runs, and the token
// of the target it started, read from `target env`'s `export VAULT_TOKEN=...` line (the
// target keeps its root token in its state folder; the study never writes it anywhere).
#pragma once

#include <QByteArray>
#include <QStringList>

namespace vw {

/// {"target", "status"}: exit 0 when the local target is up (the study then uses it as it is
/// and leaves it up).
QStringList targetStatusArguments();
/// {"target", "env"}: prints `export VAULT_ADDR=...` and `export VAULT_TOKEN=...` lines.
QStringList targetEnvArguments();
/// {"target", "down"}
QStringList targetDownArguments();

/// The value of the last `VAULT_TOKEN=` assignment in `output` (lines such as
/// `export VAULT_TOKEN=s.abc`, `VAULT_TOKEN='s.abc'`, `export VAULT_ADDR=... VAULT_TOKEN=...`),
/// without its quotes; empty when there is none.
QByteArray tokenFromTargetEnv(const QByteArray &output);

} // namespace vw
