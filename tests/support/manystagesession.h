// Test fixture: a closed-model session of many short stages, as a long stepped run would save
// it (issue 9: a 7 MB session of 20,000 stages). One operation (sys_health); each stage holds
// a few histogram buckets, a latency summary, a validity record, its plan entry and one
// series row: about 1 KB per stage. Used to check that reading and reporting it takes memory in proportion to the
// file (core/stats/latencyhistogram.h, "sparse").
#pragma once

#include "session/session.h"

namespace vw::test {

/// The session; every 97th stage has no success (all `connection` errors).
Session manyStageSession(int stages);

} // namespace vw::test
