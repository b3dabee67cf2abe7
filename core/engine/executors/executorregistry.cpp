#include "engine/executors/executorregistry.h"

#include "engine/executors/arrivalrateexecutor.h"
#include "engine/executors/closedexecutor.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/loadmodels/closedmodel.h"

#include <QList>
#include <QPair>

namespace vw {

namespace {

const QList<QPair<QString, ExecutorFactory>> &factories()
{
    static const QList<QPair<QString, ExecutorFactory>> list = {
        {ClosedModel::kName(),
         [](const ExecutorContext &c) -> std::unique_ptr<VuExecutor> {
             return std::make_unique<ClosedExecutor>(c.host, c.shared);
         }},
        {ArrivalRateModel::kName(),
         [](const ExecutorContext &c) -> std::unique_ptr<VuExecutor> {
             return std::make_unique<ArrivalRateExecutor>(c.host, c.shared, c.workerIndex,
                                                          c.workerCount, c.requestTimeoutNs);
         }},
    };
    return list;
}

} // namespace

const ExecutorFactory *findExecutor(const QString &name)
{
    for (const auto &f : factories())
        if (f.first == name)
            return &f.second;
    return nullptr;
}

QStringList executorNames()
{
    QStringList n;
    for (const auto &f : factories())
        n.append(f.first);
    return n;
}

std::unique_ptr<VuExecutor> createExecutor(const QString &name, const ExecutorContext &context)
{
    const ExecutorFactory *f = findExecutor(name);
    return f ? (*f)(context) : nullptr;
}

} // namespace vw
