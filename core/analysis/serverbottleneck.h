// Which server resource saturates at the knee, from the server telemetry of a run
// (core/stats/servertelemetry.h; docs/measurement.md, "Server telemetry" and "Which resource
// saturates"). The rules, checked in this order at the knee stage (when there is no knee, the
// last measured stage the validity guard did not flag client-bound), against the first stage
// with server data:
//   cpu      the server's cores busy >= kCpuSaturatedShare of the cores it may use
//   memory   resident memory grew by >= kMemoryClimbRatio and rose at every stage to there
//   storage  the barrier's get/put time grew by >= kServerTimeGrowth and is >= kStorageShare
//            of the server-side request time there (storage, not CPU)
//   client_or_network  server-side request time stayed within kServerTimeFlat while the
//            client's mean latency grew by >= kClientTimeGrowth: the time is spent outside
//            the server (network, client, queueing before the server)
//   none     server data, but none of these shows
//   not_assessed  no server metrics (or no stage with them)
// Pure functions; any thread.
#pragma once

#include "analysis/evidence.h"
#include "stats/servertelemetry.h"
#include "stats/stagestats.h"

#include <QJsonObject>
#include <optional>

namespace vw {

inline constexpr double kCpuSaturatedShare = 0.9;
inline constexpr double kMemoryClimbRatio = 1.5;
inline constexpr double kServerTimeGrowth = 2.0;
inline constexpr double kStorageShare = 0.25;
inline constexpr double kServerTimeFlat = 1.5;
inline constexpr double kClientTimeGrowth = 2.0;

struct ServerBottleneck {
    /// "cpu", "memory", "storage", "client_or_network", "none", "not_assessed"
    QString resource = QStringLiteral("not_assessed");
    std::optional<int> stage; ///< the stage judged (the knee's), 0-based
    /// "server CPU: 1.96 of 2 cores busy at stage 4 (16 VUs), the knee" or
    /// "not assessed (no server metrics)"
    Evidence evidence;

    /// {"resource","stage","evidence":Evidence::toJson()}
    QJsonObject toJson() const;
};

/// The verdict for `stages` with `server`, at `kneeStage` (none: the last measured stage).
/// `fallbackCores`: the cores of the machine when the server runs on it (a known server
/// process), used when the server does not report its own; 0 = unknown.
ServerBottleneck assessServerBottleneck(const QList<StageStats> &stages,
                                        const ServerTelemetry &server, std::optional<int> kneeStage,
                                        int fallbackCores);

} // namespace vw
