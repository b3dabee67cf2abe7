#include "serverstages.h"

namespace vw::test {

ServerTelemetry serverTelemetryOf(const QList<ServerFigures> &figures, double serverCores)
{
    ServerTelemetry t;
    t.source = QStringLiteral("prometheus");
    t.serverCores = serverCores;
    for (int i = 0; i < figures.size(); ++i) {
        ServerSample s;
        s.tS = i + 1;
        s.stage = i;
        s.steady = true;
        s.rssBytes = figures.at(i).rssBytes;
        s.heapInUseBytes = figures.at(i).rssBytes / 4;
        s.coresBusy = figures.at(i).coresBusy;
        s.handleRequestMs = figures.at(i).handleRequestMs;
        s.barrierGetMs = figures.at(i).barrierGetMs;
        t.samples << s;
    }
    t.stages = summariseServerStages(t.samples, int(figures.size()));
    return t;
}

} // namespace vw::test
