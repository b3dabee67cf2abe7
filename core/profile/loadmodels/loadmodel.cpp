#include "profile/loadmodels/loadmodel.h"

#include "profile/loadmodels/closedmodel.h"
#include "profile/profile.h"
#include "stats/stagestats.h"

#include <algorithm>

namespace vw {

int LoadModel::peakVus(const QList<StageSpec> &stages) const
{
    int n = 0;
    for (const StageSpec &s : stages)
        n = std::max(n, plannedVus(s));
    return n;
}

QString LoadModel::loadText(const StageStats &stage) const
{
    return loadText(stage.vus, stage.rate);
}

QString LoadModel::loadText(const StageSpec &stage) const
{
    return loadText(plannedVus(stage), plannedRate(stage));
}

bool LoadModel::sameConfig(const LoadModel &o) const
{
    if (name() != o.name())
        return false;
    QJsonObject a, b;
    toJson(&a);
    o.toJson(&b);
    return a == b;
}

LoadModelPtr defaultLoadModel()
{
    static const LoadModelPtr closed = std::make_shared<const ClosedModel>();
    return closed;
}

} // namespace vw
