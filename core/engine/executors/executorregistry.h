// The runtime side of the load models (k6: lib/executor/ constructors registered by name): the
// load model's name (core/profile/loadmodels/loadmodelregistry.h) to a factory of its
// VuExecutor. The worker asks it once per run; nothing else tests a model's name.
#pragma once

#include "engine/executors/vuexecutor.h"
#include "engine/runshared.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

namespace vw {

/// What a runtime is made from, on its worker thread.
struct ExecutorContext {
    VuHost &host;
    std::shared_ptr<RunShared> shared;
    int workerIndex = 0; ///< in [0, workerCount)
    int workerCount = 1;
    int64_t requestTimeoutNs = 0; ///< bounds an arrival-rate start's wait for a free VU
};

using ExecutorFactory = std::function<std::unique_ptr<VuExecutor>(const ExecutorContext &)>;

/// The factory of the runtime of load model `name`, or null when it has none.
const ExecutorFactory *findExecutor(const QString &name);
/// Load models with a runtime, in registration order.
QStringList executorNames();
/// A new runtime of load model `name`, or null when it has none.
std::unique_ptr<VuExecutor> createExecutor(const QString &name, const ExecutorContext &context);

} // namespace vw
