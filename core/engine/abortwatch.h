// The abort rule at run time (core/profile/abortrule.h): reads the run's 1-second series and
// says when the run has been failing for long enough to end it as failed, and watches that
// requests in flight still complete. The control thread asks it each tick
// (core/engine/stageloop.cpp).
#pragma once

#include "profile/abortrule.h"
#include "stats/opstats.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QString>
#include <cstdint>

namespace vw {

class AbortWatch {
public:
    explicit AbortWatch(const AbortRule &rule)
        : m_rule(rule)
    {
    }

    /// The reason to end the run, or an empty string. The run is failing when each of the
    /// last AbortRule::forMs / 1000 finished seconds of `series` (all operations summed) had
    /// requests and errors / requests >= AbortRule::errorRatio in each of them, e.g.
    /// "aborted: 812 of 812 requests (100.0 %) failed in each of the last 5 s, up to 9 s into
    /// the run (abort rule: error ratio >= 0.99 for 5 s)"; the run adds what the errors were
    /// (describeErrors). A second in which nothing completed while requests were in flight
    /// counts as failing too (an open model against a dead server: its VUs fail at the
    /// reconnect backoff's pace, fewer per second than the rate, so later starts are sent
    /// late, counted in their intended second, or dropped, leaving seconds of the series by
    /// start with count 0 while the pool is busy), but the window needs at least one error; idle
    /// seconds (nothing in flight) break the streak (an open model at a low rate); a server
    /// that answers nothing at all is checkProgress()'s.
    QString check(const TimeSeries &series) const;

    /// The reason to end the run, or an empty string: the second half of the rule, for a
    /// server that answers nothing (frozen, SIGSTOP, a black-holed port). `completed` counts
    /// every request completed so far (success or error, any stage); `inFlight` is the gauge.
    /// Fails ("no response from the server for 5 s ...") when requests were in flight all the
    /// time since `completed` last changed and that was AbortRule::forMs ago or more. Idle
    /// time (nothing in flight) restarts the wait. Against request_timeout: a timeout is a
    /// completion (an error), so with request_timeout < `for` a frozen server shows as
    /// timeouts and the error-ratio half ends the run; with request_timeout >= `for` (the
    /// default 30 s against 5 s) this half ends it after `for` (docs/measurement.md, "Failed
    /// runs"). A server whose every answer legitimately takes longer than `for` needs a
    /// longer `for`.
    QString checkProgress(int64_t nowNs, int64_t completed, int inFlight);

    /// What the most frequent error class of `ops` means, for the reason: e.g. "most
    /// failures: http_503 (412 of 415): service unavailable, the server is sealed or not
    /// active"; empty without errors. Classes: core/stats/errorclass.h.
    static QString describeErrors(const QList<OpStats> &ops);

    /// The reason a run that reached its end still failed, or an empty string: the server went
    /// away in the last stage (killed, restarted, its port closed), or was sealed or refused
    /// the token there, too late for check() to end the run (fewer than AbortRule::forMs /
    /// 1000 seconds before the end). The last stage `last` (of `stageCount`) had requests, no
    /// success, and at least AbortRule::errorRatio of its errors were connection, TLS or
    /// timeout failures (a server that is gone) or http_503 / http_403 (sealed or not active;
    /// the token revoked or refused). E.g. "the server went away in the last stage (3 of 3):
    /// 0 of 412 requests succeeded; most failures: connection (412 of 412): ...", or "the
    /// server refused every request in the last stage (2 of 2): ...; most failures: http_503
    /// ...: the server is sealed or not active". Off with the rule (AbortRule::enabled false).
    QString checkLastStage(const StageStats &last, int stageCount) const;

private:
    AbortRule m_rule;
    int64_t m_lastCompleted = -1;
    int64_t m_waitingSinceNs = -1; // since when requests are in flight without a completion
};

} // namespace vw
