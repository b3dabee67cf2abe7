// The loopback delay server of tests/support/delayserverprocess.h, as its own executable:
//   vw_delay_server_process [--delay-ms N]      (default 1000)
// prints the port it listens on (127.0.0.1) on one line, then answers every HTTP/1.1 request
// after the delay with 200 {"initialized":true,...} on a kept-alive connection, until killed
// or its parent dies. A minimal epoll loop, not tests/support/delayserver (a QTimer and a
// QObject per request, which saturates near 1,000 requests per second on a 2-core machine):
// 10,000 VUs at 1 s need 10,000 per second, and the tests using it are about the client, so
// the server must not be the bottleneck. All delays are equal, so a FIFO queue is its timer.
#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace {

void raiseOpenFileLimit()
{
    rlimit rl{};
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
}

int64_t monoNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// Bytes of one complete request at the start of `b` (headers + Content-Length body), or 0.
size_t requestLength(const std::string &b)
{
    const size_t end = b.find("\r\n\r\n");
    if (end == std::string::npos)
        return 0;
    size_t body = 0;
    for (size_t at = b.find("\r\n"); at < end; at = b.find("\r\n", at + 2)) {
        if (strncasecmp(b.c_str() + at + 2, "content-length:", 15) == 0)
            body = size_t(std::strtoul(b.c_str() + at + 17, nullptr, 10));
    }
    return b.size() >= end + 4 + body ? end + 4 + body : 0;
}

/// An HTTP/1.1 keep-alive server on 127.0.0.1 answering every request after delayMs; prints
/// its port, runs until killed (or the parent dies).
int serveDelay(int64_t delayMs)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    raiseOpenFileLimit();
    const int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    const int one = 1;
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (bind(lfd, reinterpret_cast<sockaddr *>(&addr), len) != 0 || listen(lfd, 65535) != 0
        || getsockname(lfd, reinterpret_cast<sockaddr *>(&addr), &len) != 0) {
        std::perror("delay server");
        return 1;
    }
    std::printf("%d\n", ntohs(addr.sin_port));
    std::fflush(stdout);

    static const char kResponse[] =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 68\r\n\r\n"
        R"({"initialized":true,"sealed":false,"standby":false,"version":"test"})";
    struct Conn {
        std::string in;
        uint32_t gen = 0; // bumped when the fd closes, so stale answers are skipped
    };
    struct Due {
        int64_t atNs;
        int fd;
        uint32_t gen;
    };
    std::vector<Conn> conns(1 << 16);
    std::deque<Due> due;
    const int ep = epoll_create1(0);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = lfd;
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
    std::vector<epoll_event> events(1024);
    char buf[16384];
    for (;;) {
        int timeoutMs = -1;
        if (!due.empty())
            timeoutMs =
                int(std::max<int64_t>(0, (due.front().atNs - monoNs() + 999'999) / 1'000'000));
        const int n = epoll_wait(ep, events.data(), int(events.size()), timeoutMs);
        for (int i = 0; i < n; ++i) {
            const int fd = events[size_t(i)].data.fd;
            if (fd == lfd) {
                for (int c; (c = accept4(lfd, nullptr, nullptr, SOCK_NONBLOCK)) >= 0;) {
                    if (size_t(c) >= conns.size()) { // beyond the connection table
                        close(c);
                        continue;
                    }
                    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    ev.events = EPOLLIN;
                    ev.data.fd = c;
                    epoll_ctl(ep, EPOLL_CTL_ADD, c, &ev);
                }
                continue;
            }
            Conn &c = conns[size_t(fd)];
            for (;;) {
                const ssize_t r = read(fd, buf, sizeof buf);
                if (r > 0) {
                    c.in.append(buf, size_t(r));
                    if (size_t(r) < sizeof buf)
                        break; // drained for now; epoll (level-triggered) reports more
                    continue;
                }
                if (r == 0 || errno != EAGAIN) {
                    close(fd);
                    c.in.clear();
                    ++c.gen;
                }
                break;
            }
            for (size_t req; (req = requestLength(c.in)) > 0;) {
                c.in.erase(0, req);
                due.push_back({monoNs() + delayMs * 1'000'000LL, fd, c.gen});
            }
        }
        const int64_t now = monoNs();
        while (!due.empty() && due.front().atNs <= now) {
            const Due d = due.front();
            due.pop_front();
            if (conns[size_t(d.fd)].gen == d.gen
                && write(d.fd, kResponse, sizeof kResponse - 1) < 0)
                std::perror("delay server write");
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    int64_t delayMs = 1000;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--delay-ms") == 0 && i + 1 < argc) {
            delayMs = std::strtoll(argv[++i], nullptr, 10);
        } else {
            std::fprintf(stderr, "usage: %s [--delay-ms N]\n", argv[0]);
            return 2;
        }
    }
    return serveDelay(delayMs);
}
