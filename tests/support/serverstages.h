// Test fixture: server telemetry for synthetic stages (tests/support/syntheticstages.h), one
// steady sample per stage with the given figures, summarised as a run would
// (core/stats/servertelemetry.h).
#pragma once

#include "stats/servertelemetry.h"

#include <QList>

namespace vw::test {

struct ServerFigures {
    double rssBytes = 100e6;
    double coresBusy = 0.5;
    double handleRequestMs = 0.2;
    double barrierGetMs = 0.02;
};

/// Per stage i: one steady sample at t = i + 1 s with figures.at(i); serverCores as given.
ServerTelemetry serverTelemetryOf(const QList<ServerFigures> &figures, double serverCores);

} // namespace vw::test
