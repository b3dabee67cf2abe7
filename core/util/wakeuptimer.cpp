#include "util/wakeuptimer.h"

namespace vw {

WakeupTimer::WakeupTimer(std::function<void()> onTimeout)
    : m_timer(std::move(onTimeout))
{
}

} // namespace vw
