// A load model's runtime on one worker thread (k6 lib/executor/: one file per model).
// The worker (core/engine/worker.h) owns the VUs and the transport and implements VuHost;
// the executor decides when each VU sends. Thread affinity: created, used and destroyed on
// the worker's thread; never called concurrently.
#pragma once

#include <cstdint>

namespace vw {

/// What an executor may do with the worker's VUs.
class VuHost {
public:
    virtual ~VuHost() = default;
    virtual int vuCount() const = 0; ///< VUs on this worker (slots 0..vuCount-1)
    virtual int vuId(int slot) const = 0; ///< global VU number of a slot
    virtual int opCount() const = 0; ///< operations in the mix
    /// Picks an operation of the mix with the worker's own random stream.
    virtual int pickOp() = 0;
    /// Sends the next request of VU `slot` now, attributed to the current stage and counted
    /// when `intendedNs` lies after the stage's warm-up. `op` < 0: the VU picks the op.
    /// `intendedNs`: steady-clock time the start was due (closed model: now).
    virtual void launch(int slot, int op, int64_t intendedNs, bool openModel) = 0;
    /// Adds `n` dropped starts of `op` to `stage`'s statistics (the caller left out warm-up
    /// starts). Warns once per run.
    virtual void recordDropped(int stage, int op, int64_t n) = 0;
};

class VuExecutor {
public:
    virtual ~VuExecutor() = default;
    /// The control thread published `stage` (RunShared::stage); start its load.
    virtual void beginStage(int stage) = 0;
    /// VU `slot`'s request completed and was recorded; it is free.
    virtual void vuFreed(int slot) = 0;
    /// The stage's planned time is over (or the run stops): no more starts of it. With
    /// `countDrops`, starts that were due but never sent are counted as dropped.
    virtual void closeStage(int stage, bool countDrops) = 0;
};

} // namespace vw
