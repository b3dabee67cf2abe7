// The service an operation makes Vault work against (a database for dynamic credentials),
// read once a second beside the server's own telemetry so that a curve can say "PostgreSQL,
// not Vault, saturated" (docs/measurement.md "The service beside the server"). An operation
// that has one returns a probe from Operation::serviceProbe() (core/ops/operation.h) after its
// setup; the run hands it to its telemetry thread (core/engine/telemetrysampler.h), the only
// thread that calls read().
#pragma once

#include "stats/servertelemetry.h"

#include <QString>

namespace vw {

class ServiceProbe {
public:
    virtual ~ServiceProbe() = default;
    /// What the readings are of, as the report names it ("postgres").
    virtual QString name() const = 0;
    /// What the readings count as "users" ("roles" for PostgreSQL), plural.
    virtual QString usersName() const = 0;
    /// Telemetry thread: fills r->serviceConnections (client connections open on the
    /// service), r->serviceUsers (users or roles it holds) and, for a service of a local
    /// target whose process is known, r->serviceCpuSeconds (cumulative CPU seconds of its
    /// processes). Bounded (a connect timeout, a statement timeout below one second). false +
    /// *error when nothing could be read (the sampler stops asking after a few failures).
    virtual bool read(ServerReading *r, QString *error) = 0;
};

} // namespace vw
