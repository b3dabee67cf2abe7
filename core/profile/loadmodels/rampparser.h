// The `ramp:` block of a profile (docs/profile-format.md): executor, warmup, the model's own
// keys and the stages, with located errors. The executor names a load model of the registry
// it is given; the model reads its keys and each stage's load (loadmodel.h).
#pragma once

#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/profile.h"
#include "profile/yamlfieldreader.h"

namespace vw {

/// The keys `ramp:` accepts with these models: executor, warmup, the models' own keys, stages.
QStringList rampKeys(const LoadModelRegistry &models);
/// The keys a stage accepts: the models' load keys (vus, rate...) and duration.
QStringList stageKeys(const LoadModelRegistry &models);

/// Parses `n` (the value of `ramp:`) into *out; every problem goes to `r`.
void parseRampBlock(YamlFieldReader &r, const YAML::Node &n, const LoadModelRegistry &models,
                    RampSpec *out);

} // namespace vw
