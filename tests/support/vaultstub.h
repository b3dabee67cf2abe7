// Test harness: a Vault-like stub for what OpenBao will not do on demand (issue 9, item 5).
// A loopback HTTP/1.1 keep-alive server on its own thread that plays a standby node:
//  - GET /v1/sys/health is answered by the stub itself, as a standby does: with
//    standbyok=true in the query 200, else 429; the body is health JSON with "standby": true
//    (setHealthAlways429: 429 whatever the query, a server ignoring standbyok);
//  - every other /v1/ request is answered with the redirect status (307 by default) and
//    `Location: <redirect base><path and query>`, the way a standby points to the active node;
//    with no redirect base it answers 200 {"data":{}} itself (a plain listener);
//  - setFailAll(status): every request answers that status (an all-500 server).
// It records the head (request line and headers) of every request it receives, so a test can
// assert what reached it (for example that no X-Vault-Token ever did).
// Not a Vault: use it only for redirects, standby health and what a client sends.
#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QMutex>
#include <QString>
#include <QThread>
#include <memory>

namespace vw::test {

class VaultStubCore;

class VaultStub {
public:
    VaultStub();
    ~VaultStub(); ///< stops the thread; open connections are closed
    VaultStub(const VaultStub &) = delete;
    VaultStub &operator=(const VaultStub &) = delete;

    /// Listens on `host`:0 (127.0.0.2 works on Linux loopback: "another host").
    bool start(QString *error, const QHostAddress &host = QHostAddress::LocalHost);
    void stop();

    int port() const { return m_port; }
    QString address() const; ///< "http://<host>:<port>"

    /// Where /v1/ requests are sent: "http://host:port" (empty: answer 200 locally). With
    /// `status` (307, 308, 301, 302, 303). Thread-safe; applies to requests read later.
    void setRedirect(const QString &base, int status = 307);
    void setHealthAlways429(bool on);
    /// Every request read from now on (health included) is answered with `status` (e.g. 500)
    /// and {"errors":["stub failure"]}; 0 turns it off. A server that fails on purpose.
    void setFailAll(int status);

    struct Shared {
        QMutex mutex;
        QString redirectBase;
        int redirectStatus = 307;
        bool health429 = false;
        int failAll = 0;
        QList<QByteArray> heads; // every request's line and headers, in arrival order
    };

    QList<QByteArray> requestHeads() const; ///< all recorded so far
    int requestCount() const { return int(requestHeads().size()); }
    /// Heads recorded that carry an X-Vault-Token header (any case).
    int headsWithToken() const;
    void clearRecords();

private:
    std::shared_ptr<Shared> m_shared;
    std::unique_ptr<QThread> m_thread;
    VaultStubCore *m_core = nullptr; // lives on m_thread, deleted there
    QHostAddress m_host;
    int m_port = 0;
};

} // namespace vw::test
