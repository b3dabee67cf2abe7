// SIGINT/SIGTERM delivered as a Qt signal on the main thread (the self-pipe trick:
// the async handler only writes one byte to a socketpair; a QSocketNotifier reads it).
#pragma once

#include <QObject>

class QSocketNotifier;

namespace vw {

class StopSignals : public QObject {
    Q_OBJECT
public:
    /// Installs handlers for SIGINT and SIGTERM. One instance per process.
    explicit StopSignals(QObject *parent = nullptr);
    ~StopSignals() override; ///< restores the default handlers

    bool isValid() const { return m_notifier != nullptr; }

signals:
    /// On the thread that created the object; `signalNumber` is SIGINT or SIGTERM;
    /// `count` is 1 for the first signal received, 2 for the second, ...
    void received(int signalNumber, int count);

private:
    void readSignal();

    QSocketNotifier *m_notifier = nullptr;
    int m_count = 0;
};

} // namespace vw
