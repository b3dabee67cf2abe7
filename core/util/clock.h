// The one monotonic clock of the engine (std::chrono::steady_clock), in nanoseconds.
#pragma once

#include <chrono>
#include <cstdint>

namespace vw {

inline int64_t steadyNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace vw
