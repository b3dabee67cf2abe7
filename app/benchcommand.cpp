#include "benchcommand.h"

#include "cli.h"
#include "commandline.h"
#include "http/transport.h"
#include "stats/latencyhistogram.h"
#include "util/clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QUrl>

#include <sys/resource.h>

namespace vw::cli {

namespace {

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec) + double(u.ru_utime.tv_usec) / 1e6 + double(u.ru_stime.tv_sec)
           + double(u.ru_stime.tv_usec) / 1e6;
}

struct Loop {
    Transport *transport = nullptr;
    HttpRequest request;
    qint64 windowStartNs = 0;
    qint64 windowEndNs = 0;
    bool stopping = false;
    qint64 requests = 0; // completed inside the window
    qint64 errors = 0;
    LatencyHistogram latency;

    void next()
    {
        if (stopping)
            return;
        transport->send(request, [this](HttpResult &&r) {
            if (r.sentNs >= windowStartNs && r.doneNs <= windowEndNs) {
                if (r.transportError == ErrorClass::None && r.status >= 200 && r.status < 400) {
                    ++requests;
                    latency.record(std::max<qint64>(1, (r.doneNs - r.sentNs + 500) / 1000));
                } else {
                    ++errors;
                }
            }
            next();
        });
    }
};

} // namespace

CommandHelp benchTransportHelp()
{
    return {QStringLiteral("bench-transport"),
            QStringLiteral("  vault-workbench bench-transport --transport qnam|direct --url URL "
                           "--connections N\n"
                           "                  --duration S [--warmup S]\n"),
            QStringLiteral("bench-transport (for bench/run.sh): a closed loop of N connections "
                           "through one\n"
                           "transport, GET URL; prints one line of key=value pairs (requests, "
                           "errors, rps,\n"
                           "cpu_s, rps_per_cpu_s, p50_us, p90_us, p99_us).\n"),
            true};
}

int benchTransportCommand(const QStringList &args)
{
    CommandLine cl(benchTransportHelp());
    const QCommandLineOption transportOpt(QStringLiteral("transport"),
                                          QStringLiteral("qnam or direct"), QStringLiteral("KIND"),
                                          QStringLiteral("direct"));
    const QCommandLineOption urlOpt(QStringLiteral("url"), QStringLiteral("URL to GET"),
                                    QStringLiteral("URL"));
    const QCommandLineOption connectionsOpt(QStringLiteral("connections"),
                                            QStringLiteral("closed-loop connections"),
                                            QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption durationOpt(QStringLiteral("duration"),
                                         QStringLiteral("measured seconds"), QStringLiteral("S"),
                                         QStringLiteral("5"));
    const QCommandLineOption warmupOpt(QStringLiteral("warmup"),
                                       QStringLiteral("seconds before the measurement"),
                                       QStringLiteral("S"), QStringLiteral("1"));
    cl.addOptions({transportOpt, urlOpt, connectionsOpt, durationOpt, warmupOpt});
    if (const std::optional<int> done = cl.parse(args, 0, 0))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QString kind = p.value(transportOpt);
    const QString url = p.value(urlOpt);
    bool okConnections = false, okDuration = false, okWarmup = false;
    const int connections = p.value(connectionsOpt).toInt(&okConnections);
    const double duration = p.value(durationOpt).toDouble(&okDuration);
    const double warmup = p.value(warmupOpt).toDouble(&okWarmup);
    const QString bad = !okConnections ? QStringLiteral("--connections")
                        : !okDuration  ? QStringLiteral("--duration")
                        : !okWarmup    ? QStringLiteral("--warmup")
                                       : QString();
    if (!bad.isEmpty())
        return cl.usageError(QStringLiteral("bad value for %1").arg(bad));
    const QUrl u(url);
    if (url.isEmpty() || connections < 1 || duration <= 0 || warmup < 0)
        return cl.usageError(QStringLiteral("needs --url, --connections >= 1, --duration > 0 "
                                            "and --warmup >= 0"));
    TransportConfig config;
    config.baseUrl = u.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment);
    config.maxConcurrency = connections;
    config.requestTimeoutMs = 10000;
    QString error;
    std::unique_ptr<Transport> transport = createTransport(kind, config, &error);
    if (!transport) {
        return cl.usageError(error);
    }

    QByteArray path = u.path(QUrl::FullyEncoded).toLatin1();
    if (path.isEmpty())
        path = "/";
    if (u.hasQuery())
        path += '?' + u.query(QUrl::FullyEncoded).toLatin1();
    Loop loop;
    loop.transport = transport.get();
    loop.request = {"GET", path, {}};
    const qint64 t0 = steadyNowNs();
    loop.windowStartNs = t0 + qint64(warmup * 1e9);
    loop.windowEndNs = loop.windowStartNs + qint64(duration * 1e9);

    double cpuStart = 0, cpuEnd = 0;
    QTimer::singleShot(qint64(warmup * 1000), [&] { cpuStart = cpuSeconds(); });
    QTimer::singleShot(qint64((warmup + duration) * 1000), [&] {
        cpuEnd = cpuSeconds();
        loop.stopping = true;
        QTimer *drain = new QTimer(QCoreApplication::instance());
        QElapsedTimer waited;
        waited.start();
        QObject::connect(drain, &QTimer::timeout, [&, drain, waited] {
            if (loop.transport->inFlight() == 0 || waited.elapsed() > 5000) {
                drain->stop();
                QCoreApplication::quit();
            }
        });
        drain->start(10);
    });
    for (int i = 0; i < connections; ++i)
        loop.next();
    QCoreApplication::exec();
    transport->abortAll();

    const double cpu = cpuEnd - cpuStart;
    const double rps = double(loop.requests) / duration;
    printOut(QStringLiteral("transport=%1 connections=%2 seconds=%3 requests=%4 errors=%5 "
                            "rps=%6 cpu_s=%7 rps_per_cpu_s=%8 p50_us=%9 p90_us=%10 p99_us=%11\n")
                 .arg(kind)
                 .arg(connections)
                 .arg(duration, 0, 'f', 2)
                 .arg(loop.requests)
                 .arg(loop.errors)
                 .arg(rps, 0, 'f', 0)
                 .arg(cpu, 0, 'f', 3)
                 .arg(cpu > 0 ? double(loop.requests) / cpu : 0.0, 0, 'f', 0)
                 .arg(loop.latency.valueAtPercentileUs(50))
                 .arg(loop.latency.valueAtPercentileUs(90))
                 .arg(loop.latency.valueAtPercentileUs(99)));
    return loop.requests > 0 ? ExitOk : ExitFailed;
}

} // namespace vw::cli
