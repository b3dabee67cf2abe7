// Hidden `vault-workbench bench-transport` command for bench/run.sh (not in --help): a closed
// loop of N connections through createTransport() on the main thread, printing requests,
// client CPU seconds (getrusage, all threads of the process) and latency percentiles, so the
// transports can be compared with wrk and hey on the same loopback stub.
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "bench-transport":
///   --transport qnam|direct  --url URL  --connections N  --duration S  [--warmup S]
/// Prints one line: key=value pairs (requests, errors, seconds, cpu_s, rps, rps_per_cpu_s,
/// p50_us, p90_us, p99_us). Returns an exit code of cli.h.
int benchTransportCommand(const QStringList &args);

/// Its --help (commandline.h); hidden from usage().
CommandHelp benchTransportHelp();

} // namespace vw::cli
