#include "session/sessionsize.h"

#include "session/sessionio.h"
#include "util/atomicfile.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace vw {

namespace {

constexpr qint64 kHeaderBytes = 64 * 1024;
constexpr qint64 kStageBytes = 1024;
constexpr qint64 kOpStageBytes = 512;
constexpr qint64 kBucketBytes = 12; // "[1234,56]," in the histogram's counts
constexpr qint64 kMaxBuckets = 2730; // 32 KiB of counts
constexpr double kMaxRequestsPerVuSecond = 10000;
constexpr qint64 kSeriesRowBytes = 100;
constexpr qint64 kTelemetrySecondBytes = 512;

} // namespace

qint64 estimatedSessionBytes(const Profile &plan)
{
    const qint64 ops = std::max<qint64>(1, plan.operations.size());
    const qint64 nodes = std::max<qint64>(1, plan.target.loadAddresses().size());
    const qint64 opGroups = ops * (nodes > 1 ? 1 + nodes : 1);
    qint64 bytes = kHeaderBytes + 2 * qint64(plan.sourceYaml.size());
    qint64 runMs = 0;
    for (int i = 0; i < plan.ramp.stages.size(); ++i) {
        const StageSpec &st = plan.ramp.stages.at(i);
        runMs += st.durationMs;
        const double seconds =
            double(std::max<qint64>(0, st.durationMs - plan.ramp.warmupMs)) / 1000;
        const double perSecond = plan.ramp.model->isOpen()
                                     ? plan.ramp.plannedRate(i)
                                     : plan.ramp.plannedVus(i) * kMaxRequestsPerVuSecond;
        const qint64 requests = qint64(std::ceil(perSecond * seconds));
        const qint64 buckets = std::clamp<qint64>(requests, 1, kMaxBuckets);
        bytes += kStageBytes + opGroups * (kOpStageBytes + kBucketBytes * buckets);
    }
    const qint64 seconds = runMs / 1000 + 1;
    bytes += seconds * (ops * kSeriesRowBytes + kTelemetrySecondBytes);
    return bytes;
}

QString sessionOutputProblem(const QString &path, const Profile &plan)
{
    if (const QString problem = sessionPathProblem(path); !problem.isEmpty())
        return problem;
    return folderWriteProblem(QFileInfo(path).absolutePath(), 2 * estimatedSessionBytes(plan));
}

} // namespace vw
