// What a running benchmark publishes to its observers (GUI, headless printer):
// an immutable value, at most 10 per second (hotspot's *DataAvailable snapshots).
#pragma once

#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QMetaType>

namespace vw {

enum class RunPhase {
    Idle,
    Connecting,   ///< pre-flight: sys/health, token check
    SettingUp,    ///< operations' setup (mounts, roles, keys, seeded data)
    Running,      ///< measured window: stages
    CleaningUp,   ///< operations' cleanup (also after stop or failure)
    Finished,
};
QString runPhaseName(RunPhase p);

struct RunSnapshot {
    RunPhase phase = RunPhase::Idle;
    qint64 elapsedMs = 0;          ///< since the measured window began
    int stageIndex = -1;           ///< current stage, -1 before the first
    int stageCount = 0;
    int vus = 0;                   ///< planned VUs of the current stage
    qint64 stageElapsedMs = 0;
    qint64 stageDurationMs = 0;
    bool inWarmup = false;
    int inFlight = 0;              ///< in-flight gauge now (all workers)
    QList<StageStats> stages;      ///< completed stages so far
    StageStats current;            ///< the current stage's steady window so far (partial)
    TimeSeries series;             ///< the whole 1-second series so far
};

} // namespace vw

Q_DECLARE_METATYPE(vw::RunSnapshot)
