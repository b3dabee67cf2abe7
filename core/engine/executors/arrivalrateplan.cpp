#include "engine/executors/arrivalrateplan.h"

#include <algorithm>
#include <cmath>

namespace vw {

namespace {

constexpr __int128 kNsMilli = __int128(1'000'000'000) * ArrivalRatePlan::kMilli; // 10^12

} // namespace

ArrivalRatePlan::ArrivalRatePlan(double ratePerS)
    : m_rateMilli(std::max<int64_t>(1, std::llround(ratePerS * double(kMilli))))
{
}

int64_t ArrivalRatePlan::offsetNs(int64_t i) const
{
    return int64_t(__int128(i) * kNsMilli / m_rateMilli);
}

int64_t ArrivalRatePlan::dueBy(int64_t elapsedNs) const
{
    if (elapsedNs < 0)
        return 0;
    const __int128 num = (__int128(elapsedNs) + 1) * m_rateMilli;
    return int64_t((num + kNsMilli - 1) / kNsMilli);
}

int64_t ArrivalRatePlan::startsWithin(int64_t durationNs) const
{
    return durationNs <= 0 ? 0 : dueBy(durationNs - 1);
}

} // namespace vw
