// Profile to YAML (yaml-cpp Emitter) in the schema of profileparser.cpp, for the GUI's form
// editor and for saving edited profiles. parseProfile(profileToYaml(p)) gives a profile with
// p.sameSettings() for any profile that parseProfile() accepts. Pure function, any thread.
#pragma once

#include "profile/profile.h"

#include <QByteArray>

namespace vw {

/// UTF-8 YAML text of `p` (sourceYaml is ignored). Always written: name, target.address,
/// target.request_timeout, transport, ramp (executor, warmup, stages), operations (type,
/// weight, and every declared param of the type with its value, defaults included, when the
/// type has params: core/ops/opparams.h, paramsToRaw); description, namespace, ca_file and tls_skip_verify only
/// when not empty/false. Strings that would read back as another type are double-quoted.
QByteArray profileToYaml(const Profile &p);

} // namespace vw
