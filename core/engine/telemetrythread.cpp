#include "engine/telemetrythread.h"

#include "engine/telemetrysampler.h"
#include "util/clock.h"

#include <QThread>
#include <chrono>

namespace vw {

namespace {

constexpr int kWakeMs = 50; // how often the thread looks for posted changes between reads

} // namespace

TelemetryThread::TelemetryThread(const TargetSpec &target, const QByteArray &token,
                                 qint64 serverPid, int64_t windowStartNs,
                                 std::shared_ptr<ServiceProbe> service)
{
    m_thread.reset(QThread::create([this, target, token, serverPid, windowStartNs, service] {
        loop(target, token, serverPid, windowStartNs, service);
    }));
    m_thread->setObjectName(QStringLiteral("vw-telemetry"));
    m_thread->start();
}

TelemetryThread::~TelemetryThread()
{
    if (!m_thread)
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    m_thread->wait();
}

void TelemetryThread::mark(int64_t nowNs, int stage, bool steady)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_marks.push_back(Mark{nowNs, stage, steady});
    }
    m_cv.notify_all();
}

ServerTelemetry TelemetryThread::finish(int stageCount)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stageCount = stageCount;
        m_stop = true;
    }
    m_cv.notify_all();
    m_thread->wait();
    m_thread.reset();
    return std::move(m_result);
}

ServerTelemetry TelemetryThread::takeNew()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    ServerTelemetry out = m_published;
    m_published.samples.clear();
    return out;
}

void TelemetryThread::publish(const ServerTelemetry &soFar)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_published.source = soFar.source;
    m_published.serverPid = soFar.serverPid;
    m_published.serverCores = soFar.serverCores;
    m_published.service = soFar.service;
    m_published.serviceUsersName = soFar.serviceUsersName;
    m_published.notes = soFar.notes;
    for (qsizetype i = m_publishedSamples; i < soFar.samples.size(); ++i)
        m_published.samples.append(soFar.samples.at(i));
    m_publishedSamples = soFar.samples.size();
}

void TelemetryThread::loop(TargetSpec target, QByteArray token, qint64 serverPid,
                           int64_t windowStartNs, std::shared_ptr<ServiceProbe> service)
{
    // its client and the service probe's connection live on this thread
    TelemetrySampler sampler(target, token, serverPid, std::move(service));
    sampler.start();
    sampler.setWindowStart(windowStartNs);
    publish(sampler.soFar()); // the source and notes, before the first sample
    for (;;) {
        std::deque<Mark> marks;
        bool stop = false;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_cv.wait_for(lock, std::chrono::milliseconds(kWakeMs),
                          [this] { return m_stop || !m_marks.empty(); });
            marks.swap(m_marks);
            stop = m_stop;
        }
        for (const Mark &m : marks)
            sampler.mark(m.ns, m.stage, m.steady);
        if (stop) {
            int stages = 0;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                stages = m_stageCount;
            }
            m_result = sampler.finish(stages);
            return;
        }
        sampler.poll(steadyNowNs());
        publish(sampler.soFar()); // new samples and notes for the live view (takeNew())
    }
}

} // namespace vw
