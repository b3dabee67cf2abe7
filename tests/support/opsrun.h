// What the integration tests of the operation types (tests/integration/tst_ops_*.cpp) share:
// typed operation specs from raw params, an operation made by hand, a VaultResponse as the
// HttpResult an operation classifies, the target and mount list of a BaoServer, and a run of
// a few short stages against it with the checks every such test makes (each op served in each
// stage without errors, nothing of the run left on the server).
#pragma once

#include "baoserver.h"
#include "engine/benchmarkrun.h"
#include "http/httpmessage.h"
#include "ops/operation.h"
#include "profile/profile.h"
#include "vault/vaultclient.h"

#include <QList>
#include <QStringList>
#include <QVariantMap>
#include <functional>
#include <memory>

namespace vw::test {

/// The spec of `type` with `raw` params parsed by the registry; a bad param is a test bug
/// (qFatal).
OperationSpec opSpec(const QString &type, const QVariantMap &raw = {}, int weight = 100);
/// An operation of `type` made from `raw`, or null when the params do not parse.
std::unique_ptr<Operation> makeOp(const QString &type, const QVariantMap &raw = {});
/// `r` as the transport would have answered it (status, transport error, body).
HttpResult toResult(const VaultResponse &r);
/// A run prefix of its own for an operation set up by hand: "vwt" + 6 hex digits (not "vwb-",
/// so a sweep of real runs' leftovers never takes it).
QString uniquePrefix();

/// The dev server's address with a 15 s request timeout.
TargetSpec targetOf(const BaoServer &bao);
/// The secrets engine mount paths ("kv/", "vwb-…-kv/"); empty on error (logged).
QStringList mountPaths(const BaoServer &bao);
/// Those of mountPaths() starting with `prefix`.
QStringList mountsWithPrefix(const BaoServer &bao, const QString &prefix);

/// A profile named `name` against `bao` running `ops` over `stages` (closed model), each with
/// `warmupMs` of warm-up; request timeout 10 s.
Profile opsProfile(const BaoServer &bao, const QString &name, const QList<OperationSpec> &ops,
                   const QList<StageSpec> &stages, qint64 warmupMs);

/// Run options with the server's root token.
RunOptions rootOptions(const BaoServer &bao);

/// Starts `run` and waits up to `timeoutMs` for its end. False (with *error) when it did not
/// end in time. `beforeWait` runs after start(), while the run goes on (may be empty).
bool runToEnd(BenchmarkRun &run, int timeoutMs, RunRecord *out, QString *error,
              const std::function<void()> &beforeWait = {});

/// Parses `yaml` with the real profile parser and runs it to its end with the root token;
/// `wire` may connect to the run's signals before it starts. A default RunRecord (logged) when
/// the profile does not parse or the run does not end within `timeoutMs`.
RunRecord runProfileYaml(const BaoServer &bao, const QByteArray &yaml, int timeoutMs,
                         const std::function<void(BenchmarkRun &)> &wire = {});

/// The checks of a run of the operation tests, as one message ("" when all hold): it
/// completed, its cleanup had no error, it has `stages` stages, each with `opsPerStage` rows,
/// each of them with count > 0 and no error.
QString checkEveryOpServed(const RunRecord &run, int stages, int opsPerStage);
/// "" when the mount list is `before` again and no mount starts with the run's prefix;
/// otherwise what is left.
QString checkNothingLeft(const BaoServer &bao, const RunRecord &run, const QStringList &before);

/// The most of each field of the service beside the server (docs/measurement.md "The service
/// beside the server") over a run's server samples; -1 where no sample knew it.
struct ServiceMaxima {
    double connections = -1;
    double users = -1;
    double coresBusy = -1; ///< cores
    double opsPerSecond = -1;
};
ServiceMaxima serviceMaxima(const ServerTelemetry &telemetry);

} // namespace vw::test
