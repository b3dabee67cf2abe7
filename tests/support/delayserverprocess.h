// A loopback HTTP/1.1 delay server for thousands of connections, run as a child process
// (tests/support/delayserverprocess/main.cpp): every request is answered after a fixed delay
// with 200 {"initialized":true,"sealed":false,"standby":false,"version":"test"}.
// Use it where the test is about the client at scale (tst_scale, tst_guiresponsiveness):
// 10,000 client plus 10,000 server sockets would not fit one process's open-file limit
// (20,000 on the CI machine), the server's memory must not count in the client's peak RSS,
// and it keeps up with 10,000 requests per second, which tests/support/delayserver does not.
// Not a Vault mock. The child dies with its parent (PR_SET_PDEATHSIG).
#pragma once

#include <QProcess>
#include <QString>

namespace vw::test {

class DelayServerProcess {
public:
    explicit DelayServerProcess(int delayMs = 1000)
        : m_delayMs(delayMs)
    {
    }
    ~DelayServerProcess() { stop(); }
    DelayServerProcess(const DelayServerProcess &) = delete;
    DelayServerProcess &operator=(const DelayServerProcess &) = delete;

    /// Starts the child and reads its port (<= 10 s). false + *error on failure.
    bool start(QString *error);
    /// Kills the child and waits for it (<= 5 s). Idempotent.
    void stop();

    int port() const { return m_port; }
    QString address() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

private:
    QProcess m_process;
    int m_delayMs;
    int m_port = 0;
};

} // namespace vw::test
