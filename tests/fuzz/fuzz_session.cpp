// libFuzzer target: a session file's bytes through the reader as `report`, `compare` and the
// GUI read them (the streaming JSON reader, util/jsonstreamreader.h; schema checks,
// histograms), then the analysis and the text report of what was accepted; and through the
// DOM route (sessionFromJson of a QJsonDocument). Any crash, sanitizer report, hang or runaway memory is a bug; a refused
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
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const std::optional<vw::Session> s = vw::sessionFromJsonText(bytes, &error);
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (doc.isObject()) { // the DOM route too (tests and tools hand it a QJsonObject)
        QString domError;
        (void)vw::sessionFromJson(doc.object(), &domError);
    }
    if (!s)
        return 0;
    (void)vw::analyzeSession(*s);
    (void)vw::reportTable(*s);
    (void)vw::reportCsv(*s);
    (void)vw::reportJson(*s);
    return 0;
}
