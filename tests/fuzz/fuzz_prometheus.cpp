// libFuzzer target: a sys/metrics?format=prometheus answer's bytes through the Prometheus text
// reader (core/vault/prometheustext.h) and the server reading taken from it, as the run's
// control thread reads a server's answer. Any crash, sanitizer report or hang is a bug; a
// refused text is a normal outcome.
#include "vault/prometheustext.h"
#include "vault/servermetrics.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vw::PromText text;
    QString error;
    if (!vw::parsePrometheusText(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                                 &text, &error))
        return 0;
    const vw::ServerReading r = vw::serverReadingFromPrometheus(text);
    (void)vw::serverSampleBetween(r, 0, r, 1);
    return 0;
}
