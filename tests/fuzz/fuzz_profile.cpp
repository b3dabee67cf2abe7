// libFuzzer target: a profile's YAML text through the parser and validator, as the CLI's
// `run` and the GUI editor read it. Any crash, sanitizer report, hang (-timeout) or runaway
// memory (-rss_limit_mb) is a bug; a parse error is a normal outcome.
#include "profile/profileparser.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const vw::ProfileParseResult r =
        vw::parseProfile(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    // A valid profile must also survive what a run does with it first.
    if (r.ok())
        (void)r.profile->totalDurationMs();
    return 0;
}
