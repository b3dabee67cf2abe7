#include "study/studyscale.h"

#include <algorithm>
#include <cmath>

namespace vw {

RampSpec scaledRamp(const RampSpec &ramp, double scale)
{
    if (!(scale > 0) || scale >= 1)
        return ramp;
    RampSpec out = ramp;
    qint64 shortest = -1;
    for (StageSpec &s : out.stages) {
        const qint64 scaled = qint64(std::llround(double(s.durationMs) * scale));
        s.durationMs = std::min(s.durationMs, std::max(kMinScaledStageMs, scaled));
        shortest = shortest < 0 ? s.durationMs : std::min(shortest, s.durationMs);
    }
    if (out.warmupMs > 0) {
        const qint64 scaled = qint64(std::llround(double(out.warmupMs) * scale));
        out.warmupMs = shortest > 0 ? std::min(scaled, shortest / 2) : scaled;
    }
    return out;
}

} // namespace vw
