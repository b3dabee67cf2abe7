// Test helper: gives a synthetic Session the run plan the engine would have stored
// (RunRecord::plan): its profileYaml parsed by the real profile parser, with the session's
// target address and transport (in a run, both come from the same profile).
#pragma once

#include "session/session.h"

namespace vw::test {

/// Sets s->plan from s->profileYaml, s->targetAddress and s->transport; false (each error
/// logged with qWarning) when the YAML is not a valid profile.
bool setPlanFromYaml(Session *s);

/// A saved session of a closed ramp over `vus` (2 s stages, 500 ms warm-up) of one operation
/// of type `type` labelled `op` (its `name:` when they differ), measured against an ideal
/// server of `workers` workers of `serviceMs` each (fixedCapacityStages(), syntheticstages.h),
/// target http://127.0.0.1:8200, with its run plan (setPlanFromYaml()). `extraYaml` goes at
/// the profile's top level, e.g. "slo: { p99_ms: 50 }\n". Aborts when the profile does not
/// parse.
Session closedRampSession(const QString &id, const QString &label, const QString &type,
                          const QString &op, const QList<int> &vus, int workers, double serviceMs,
                          const QByteArray &extraYaml = QByteArray());

} // namespace vw::test
