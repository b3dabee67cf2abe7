// libFuzzer target: a session file's bytes through the reader as `report`, `compare` and the
// GUI read them (JSON, schema checks, histograms), then the analysis and the text report of
// what was accepted. Any crash, sanitizer report, hang or runaway memory is a bug; a refused
// file is a normal outcome.
#include "report/report.h"
#include "session/sessionanalysis.h"
#include "session/sessionio.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!doc.isObject())
        return 0;
    QString error;
    const std::optional<vw::Session> s = vw::sessionFromJson(doc.object(), &error);
    if (!s)
        return 0;
    (void)vw::analyzeSession(*s);
    (void)vw::reportTable(*s);
    (void)vw::reportCsv(*s);
    (void)vw::reportJson(*s);
    return 0;
}
