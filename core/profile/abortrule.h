// When a run gives up (docs/profile-format.md, `abort`): a run whose requests almost all fail
// for a while (the server died, sealed, or refused the token) ends as "failed" with the reason
// instead of measuring errors to the planned end (docs/measurement.md, "Failed runs").
#pragma once

#include <QtGlobal>

namespace vw {

/// `abort: { error_ratio: 0.99, for: 5s }` (on by default); `abort: { enabled: false }`.
struct AbortRule {
    bool enabled = true;
    /// Errors / requests (all operations, all classes) at or above which a second counts as
    /// failing, 0 < x <= 1.
    double errorRatio = 0.99;
    /// How long, in milliseconds, every second must be failing (and have requests) before
    /// the run ends: 1 s to 1 h, whole seconds.
    qint64 forMs = 5000;

    bool operator==(const AbortRule &o) const
    {
        return enabled == o.enabled && errorRatio == o.errorRatio && forMs == o.forMs;
    }
    bool operator!=(const AbortRule &o) const { return !(*this == o); }
};

} // namespace vw
