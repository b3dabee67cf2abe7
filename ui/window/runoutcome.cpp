#include "window/runoutcome.h"

#include <QCoreApplication>

namespace vw {

namespace {
QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("RunOutcome", text, nullptr, n);
}

QString reasonOr(const QString &error)
{
    return error.isEmpty() ? tr("no reason given") : error;
}
} // namespace

RunOutcome runOutcome(const Session &s)
{
    switch (s.status) {
    case RunStatus::Completed:
    case RunStatus::Stopped:
        if (!s.cleanupError.isEmpty())
            return RunOutcome::CleanupFailed;
        return s.status == RunStatus::Completed ? RunOutcome::Completed : RunOutcome::Stopped;
    case RunStatus::Failed:
        return RunOutcome::Failed;
    case RunStatus::SetupFailed:
        // the pre-flight's words when nothing answered (core/engine/operationsetup.cpp)
        return s.error.startsWith(QLatin1String("cannot reach")) ? RunOutcome::Unreachable
                                                                 : RunOutcome::SetupFailed;
    case RunStatus::Incomplete:
        return RunOutcome::Incomplete;
    }
    return RunOutcome::Failed;
}

RunOutcomeLook runOutcomeLook(RunOutcome o)
{
    switch (o) {
    case RunOutcome::Completed:
        return {tr("Completed"), QStringLiteral("#2e7d32"), QStringLiteral("#ffffff")};
    case RunOutcome::Stopped:
        return {tr("Stopped"), QStringLiteral("#546e7a"), QStringLiteral("#ffffff")};
    case RunOutcome::Failed:
        return {tr("Failed"), QStringLiteral("#c62828"), QStringLiteral("#ffffff")};
    case RunOutcome::SetupFailed:
        return {tr("Setup failed"), QStringLiteral("#e65100"), QStringLiteral("#ffffff")};
    case RunOutcome::Unreachable:
        return {tr("Unreachable"), QStringLiteral("#6a1b9a"), QStringLiteral("#ffffff")};
    case RunOutcome::CleanupFailed:
        return {tr("Cleanup failed"), QStringLiteral("#f9a825"), QStringLiteral("#000000")};
    case RunOutcome::Incomplete:
        return {tr("Incomplete"), QStringLiteral("#795548"), QStringLiteral("#ffffff")};
    }
    return {};
}

QString runStatusText(RunStatus s)
{
    switch (s) {
    case RunStatus::Completed:
        return tr("completed");
    case RunStatus::Stopped:
        return tr("stopped");
    case RunStatus::Failed:
        return tr("failed");
    case RunStatus::SetupFailed:
        return tr("setup failed");
    case RunStatus::Incomplete:
        return tr("did not finish");
    }
    return QString();
}

QString runOutcomeMessage(const Session &s)
{
    const int n = int(s.stages.size());
    switch (runOutcome(s)) {
    case RunOutcome::Completed:
        return tr("Run completed: %n stage(s) measured", n);
    case RunOutcome::Stopped:
        return tr("Run stopped by you after %n stage(s)", n);
    case RunOutcome::Failed:
        return tr("Run failed after %n stage(s): ", n) + reasonOr(s.error);
    case RunOutcome::SetupFailed:
        return tr("Setup failed, nothing measured: ") + reasonOr(s.error);
    case RunOutcome::Unreachable:
        return tr("Target unreachable, nothing measured: ") + reasonOr(s.error);
    case RunOutcome::CleanupFailed:
        return (s.status == RunStatus::Stopped ? tr("Run stopped by you after %n stage(s)", n)
                                               : tr("Run completed: %n stage(s) measured", n))
               + tr("; cleanup failed: ") + s.cleanupError;
    case RunOutcome::Incomplete:
        return tr("Run did not finish: %n stage(s) saved", n);
    }
    return QString();
}

QString stageDoneMessage(const StageStats &s)
{
    QStringList parts;
    for (const OpStats &o : s.ops)
        parts << tr("%1 %2/s p99 %3 ms")
                     .arg(o.op)
                     .arg(s.throughputPerS(o), 0, 'f', 0)
                     .arg(latencyCellMs(o.latency, 99, 2));
    return tr("Stage %1 (%2 VUs) done: %3")
        .arg(stageNumber(s.index))
        .arg(s.vus)
        .arg(parts.join(QStringLiteral(" · ")));
}

} // namespace vw
