// Control-plane client for setup, cleanup and server facts (not the load path).
// Synchronous: each call runs a local event loop around QNetworkAccessManager, so it must be
// used on a worker thread (the run's control thread or a test), never on the GUI thread,
// and only on the thread that constructed it (it owns a QNetworkAccessManager).
// Every request times out after target.requestTimeoutMs (ErrorClass::Timeout). The token is
// sent as X-Vault-Token and never logged or put into error texts.
// A 2xx body that is neither JSON nor text/plain is ErrorClass::InvalidResponse.
#pragma once

#include "http/httpmessage.h"
#include "vault/serverinfo.h"
#include "vault/targetspec.h"
#include "stats/errorclass.h"

#include <QJsonObject>
#include <QSslConfiguration>
#include <QStringList>
#include <QUrl>
#include <memory>

class QNetworkAccessManager;

namespace vw {

struct VaultResponse {
    int status = 0;                     ///< HTTP status, 0 when no response
    ErrorClass errorClass = ErrorClass::None; ///< transport failure class, or HttpStatus for >= 400
    QString errorText;                  ///< transport message, or the server's "errors" joined by "; "
    QJsonObject json;                   ///< parsed body when it is a JSON object
    QByteArray body;
    bool ok() const { return status >= 200 && status < 300; }
    /// "403: permission denied" / "connection refused" — for error messages.
    QString describe() const;
};

class VaultClient {
public:
    VaultClient(const TargetSpec &target, const QByteArray &token);
    ~VaultClient();
    VaultClient(const VaultClient &) = delete;
    VaultClient &operator=(const VaultClient &) = delete;

    QUrl address() const;

    /// `path` is below /v1/, without leading slash: "sys/mounts/vwb-1-ssh".
    VaultResponse request(const QByteArray &method, const QString &path,
                          const QJsonObject &body = {});
    VaultResponse get(const QString &path) { return request("GET", path); }
    VaultResponse post(const QString &path, const QJsonObject &body) { return request("POST", path, body); }
    VaultResponse del(const QString &path) { return request("DELETE", path); }
    /// Sends a request as built by Operation::nextRequest(): `r.path` is absolute
    /// ("/v1/secret/data/k1", query included). Same headers, timeout and error classes.
    VaultResponse send(const HttpRequest &r);

    /// Unauthenticated health probe; classifies unreachable, sealed, uninitialised, standby.
    ServerInfo serverInfo();

    /// POST sys/mounts/<path> {type, config, options}. false + *error on failure.
    bool enableMount(const QString &path, const QString &type, const QJsonObject &extra,
                     QString *error);
    /// DELETE sys/mounts/<path>; success also when the mount does not exist.
    bool disableMount(const QString &path, QString *error);
    /// Paths of all secrets-engine mounts, with trailing '/'. Empty + *error on failure.
    QStringList mountPaths(QString *error);

private:
    /// `authenticated` = send X-Vault-Token and, when `inNamespace`, X-Vault-Namespace.
    VaultResponse perform(const QByteArray &method, const QByteArray &absolutePath,
                          const QByteArray &body, bool authenticated, bool inNamespace = true);

    TargetSpec m_target;
    QByteArray m_token;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    QSslConfiguration m_ssl;   ///< https only: CA file/folder, skip-verify, client cert applied
    QString m_tlsSetupError;   ///< CA file could not be read: every https request fails with Tls
};

} // namespace vw
