// The abort rule at run time (core/profile/abortrule.h): reads the run's 1-second series and
// says when the run has been failing for long enough to end it as failed. Pure; the control
// thread asks it after each snapshot (core/engine/stageloop.cpp).
#pragma once

#include "profile/abortrule.h"
#include "stats/timeseries.h"

#include <QString>

namespace vw {

class AbortWatch {
public:
    explicit AbortWatch(const AbortRule &rule) : m_rule(rule) {}

    /// The reason to end the run, or an empty string. The run is failing when each of the
    /// last AbortRule::forMs / 1000 finished seconds of `series` (all operations summed) had
    /// requests and errors / requests >= AbortRule::errorRatio in each of them, e.g. "every
    /// request failed for 5 s (connection refused, 503 sealed or 403 token? see the error
    /// classes of the stage)". Seconds without requests break the streak (an open model at a
    /// low rate; a server that does not answer shows as timeouts after request_timeout).
    QString check(const TimeSeries &series) const;

private:
    AbortRule m_rule;
};

} // namespace vw
