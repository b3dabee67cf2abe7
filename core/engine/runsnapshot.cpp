#include "engine/runsnapshot.h"

namespace vw {

QString runPhaseName(RunPhase p)
{
    switch (p) {
    case RunPhase::Idle:
        return QStringLiteral("idle");
    case RunPhase::Connecting:
        return QStringLiteral("connecting");
    case RunPhase::SettingUp:
        return QStringLiteral("setting up");
    case RunPhase::Running:
        return QStringLiteral("running");
    case RunPhase::CleaningUp:
        return QStringLiteral("cleaning up");
    case RunPhase::Finished:
        return QStringLiteral("finished");
    }
    return QString();
}

} // namespace vw
