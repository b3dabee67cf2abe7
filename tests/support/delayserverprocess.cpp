#include "delayserverprocess.h"

namespace vw::test {

bool DelayServerProcess::start(QString *error)
{
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(QStringLiteral(VW_DELAY_SERVER_BINARY),
                    {QStringLiteral("--delay-ms"), QString::number(m_delayMs)});
    if (!m_process.waitForStarted(5000)) {
        *error = QStringLiteral("delay server: %1").arg(m_process.errorString());
        return false;
    }
    while (!m_process.canReadLine()) {
        if (!m_process.waitForReadyRead(10000)) {
            *error =
                QStringLiteral("delay server printed no port: %1").arg(m_process.errorString());
            stop();
            return false;
        }
    }
    m_port = m_process.readLine().trimmed().toInt();
    if (m_port <= 0) {
        *error = QStringLiteral("delay server printed no valid port");
        stop();
        return false;
    }
    return true;
}

void DelayServerProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.kill();
    m_process.waitForFinished(5000);
}

} // namespace vw::test
