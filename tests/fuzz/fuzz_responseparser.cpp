// libFuzzer target: a server's answer through the direct transport's response parser
// (core/http/httpresponseparser.h) and through the reference, http-parser
// (core/http/referenceresponseparser.h), fed in the same pieces; any difference in outcome
// (state, status, keep-alive, body, Location, the control plane's headers, bytes consumed) is a bug and aborts, as does a
// crash or a sanitizer report. Input: byte 0 bit 0 = the answer to a HEAD request, bit 1 = both keep the control
// plane's headers (core/http/controlheaders.h), bytes 1-2
// = piece sizes of the reads (0: all at once), the rest = the bytes from the server.
#include "responseparserdiff.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    const bool head = data[0] & 1;
    const bool keepControl = data[0] & 2;
    std::vector<size_t> pieces;
    if (data[1] != 0)
        pieces.push_back(data[1]);
    if (data[2] != 0)
        pieces.push_back(data[2]);
    const QString diff = vw::fuzz::compareParsers(head, reinterpret_cast<const char *>(data) + 3,
                                                  size - 3, pieces, keepControl);
    if (!diff.isEmpty()) {
        std::fprintf(stderr, "parsers disagree: %s\n", qPrintable(diff));
        std::abort();
    }
    return 0;
}
