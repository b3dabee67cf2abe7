// Test helper: gives a synthetic Session the run plan the engine would have stored
// (RunRecord::plan): its profileYaml parsed by the real profile parser, with the session's
// target address and transport (in a run, both come from the same profile).
#pragma once

#include "session/session.h"

namespace vw::test {

/// Sets s->plan from s->profileYaml, s->targetAddress and s->transport; false (each error
/// logged with qWarning) when the YAML is not a valid profile.
bool setPlanFromYaml(Session *s);

} // namespace vw::test
