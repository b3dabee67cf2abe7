// The load models by name (k6: lib.RegisterExecutorConfigType): what `ramp.executor` may say
// and how each model's config is made from YAML or from the plan JSON of a session. The
// profile parser (rampparser.h) and the session reader ask it; nothing else tests a model's
// name. Adding a load model: its class in this folder, one line in builtin(), its runtime in
// core/engine/executors/ with one line in executorregistry.cpp, and its tests.
#pragma once

#include "profile/loadmodels/loadbounds.h"
#include "profile/loadmodels/loadmodel.h"

#include <QJsonObject>
#include <QList>
#include <functional>

namespace vw {

struct LoadModelType {
    QString name; ///< "closed", "arrival-rate"
    QString description; ///< one sentence, for --help and docs
    /// Model keys of `ramp:` (besides executor, warmup, stages), e.g. {"max_vus"}.
    QStringList rampKeys;
    /// The YAML key of a stage's load ("vus", "rate").
    QString stageLoadKey;
    /// The config from `ramp` (present keys in `keys`); problems go to the reader with line and
    /// column. Never null: a config with problems is returned so that stages are still checked.
    std::function<LoadModelPtr(YamlFieldReader &r, const YAML::Node &ramp,
                               const QMap<QString, YAML::Node> &keys)>
        parse;
    /// The config from the plan's `ramp` JSON (docs/session-format.md); null and *error if bad.
    std::function<LoadModelPtr(const QJsonObject &ramp, QString *error)> fromJson;
    /// As LoadModel::isOpen(): a stage's load is a rate of starts, not a number of VUs.
    bool open = false;
    /// The range of a stage's load key (closedmodel.h, arrivalratemodel.h).
    LoadBounds stageLoadBounds;
    /// The model key that sizes the VU pool ("max_vus"), one of rampKeys; "" when the stages'
    /// load is the VUs themselves.
    QString vuPoolKey;
    LoadBounds vuPoolBounds; ///< of vuPoolKey
};

class LoadModelRegistry {
public:
    /// closed and arrival-rate.
    static const LoadModelRegistry &builtin();

    void add(const LoadModelType &type);
    const LoadModelType *find(const QString &name) const;
    QStringList names() const; ///< in registration order
    /// Every model key of `ramp:` with the models that own it, in registration order.
    QList<QPair<QString, QStringList>> rampKeyOwners() const;
    /// Every stage load key with the models that own it.
    QList<QPair<QString, QStringList>> stageKeyOwners() const;

private:
    QList<LoadModelType> m_types;
};

} // namespace vw
