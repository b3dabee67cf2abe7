#include "engine/executors/pacerscheduling.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace vw {

namespace {

std::vector<int> cpuList(const char *text)
{
    std::vector<int> cpus;
    std::stringstream in(text ? text : "");
    std::string item;
    while (std::getline(in, item, ',')) {
        char *end = nullptr;
        const long cpu = std::strtol(item.c_str(), &end, 10);
        if (end != item.c_str() && *end == '\0' && cpu >= 0 && cpu < 1024)
            cpus.push_back(int(cpu));
    }
    return cpus;
}

} // namespace

std::string PacerScheduling::describe() const
{
    std::string s = std::string("pacer priority: ") + (realtime ? "realtime" : "normal");
    if (cpu >= 0)
        s += ", cpu " + std::to_string(cpu);
    if (!error.empty())
        s += " (" + error + ")";
    return s;
}

PacerScheduling applyPacerScheduling(int workerIndex)
{
    PacerScheduling out;
#ifdef __linux__
    const char *priority = std::getenv("VW_PACER_PRIORITY");
    if (priority && std::strcmp(priority, "realtime") == 0) {
        sched_param param{};
        param.sched_priority = 1;
        const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
        if (rc == 0)
            out.realtime = true;
        else
            out.error = std::string("realtime refused: ") + std::strerror(rc);
    }
    const std::vector<int> cpus = cpuList(std::getenv("VW_PACER_CPUS"));
    if (!cpus.empty()) {
        const int cpu = cpus[size_t(workerIndex) % cpus.size()];
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        const int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
        if (rc == 0)
            out.cpu = cpu;
        else
            out.error += (out.error.empty() ? "" : "; ") + std::string("pinning refused: ")
                         + std::strerror(rc);
    }
#else
    (void)workerIndex;
#endif
    return out;
}

} // namespace vw
