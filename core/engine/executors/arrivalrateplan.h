// The schedule of one arrival-rate stage as a pure function of its rate (k6's
// GetExecutionRequirements idea): start i is due at stage start + i / rate, an absolute offset
// that cannot drift (wrk2 usec_to_next_send, k6 constant_arrival_rate.go).
//
// The rate is held exactly as a whole number of milli-starts per second (profiles allow 3
// decimals), so every offset is an exact integer computation:
//
//     offsetNs(i) = floor(i * 10^12 / rateMilli)
//     dueBy(e)    = #{ i >= 0 : offsetNs(i) <= e } = ceil((e + 1) * rateMilli / 10^12), e >= 0
//
// Worked example, rate 3/s (rateMilli 3000) over a 1 s stage:
//
//     i         0          1            2            3
//     offset    0 ns   333333333 ns  666666666 ns  1000000000 ns   (3 is outside a 1 s stage)
//     dueBy(0) = 1, dueBy(333333332) = 1, dueBy(333333333) = 2, startsWithin(1 s) = 3
//
// tst_arrivalrateplan checks these against a slow exact reference (running rational sum).
#pragma once

#include <cstdint>

namespace vw {

class ArrivalRatePlan {
public:
    static constexpr int64_t kMilli = 1000;

    /// `ratePerS` > 0 is rounded to 3 decimals (at least 0.001 per second).
    explicit ArrivalRatePlan(double ratePerS);

    int64_t rateMilli() const { return m_rateMilli; }
    /// Offset of start i (i >= 0) from the stage start, nanoseconds.
    int64_t offsetNs(int64_t i) const;
    /// Number of starts due at `elapsedNs` after the stage start (offset <= elapsed); 0 if < 0.
    int64_t dueBy(int64_t elapsedNs) const;
    /// Number of starts whose offset lies inside a stage of `durationNs` (offset < duration).
    int64_t startsWithin(int64_t durationNs) const;

private:
    int64_t m_rateMilli = 1;
};

} // namespace vw
