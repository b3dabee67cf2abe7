// The OpenSSL client context of one direct transport (core/http/directtransport.h), shared
// by all its https connections (socketconnection.h) and by the nodes redirects lead to: one
// SSL_CTX with the target's TLS settings (core/util/tlsconfig.h: the CA file and every file
// of the CA folder, or the system store; verification on unless skip-verify; the client
// certificate chain and key), TLS 1.2 or newer, read-ahead on (a record in one read), and the
// last session each node gave, for resumption when a connection reconnects (abbreviated
// handshake, no certificate check or key exchange again).
// Thread affinity: the transport's thread (the session store has no lock). create() sets
// SIGPIPE to ignored when it has its default (OpenSSL writes with write(2)).
// Errors: create() returns null and a clear *error for an unreadable file or a key that does
// not match its certificate.
#pragma once

#include "util/tlsconfig.h"

#include <QString>
#include <map>
#include <memory>
#include <string>

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;
typedef struct ssl_session_st SSL_SESSION;

namespace vw {

class TlsClientContext {
public:
    static std::shared_ptr<TlsClientContext> create(const TlsSettings &settings, QString *error);
    ~TlsClientContext();
    TlsClientContext(const TlsClientContext &) = delete;
    TlsClientContext &operator=(const TlsClientContext &) = delete;

    /// A new client SSL for `host` (SNI and name check, or an IP literal's check unless
    /// skip-verify) that resumes `sessionKey`'s last session when there is one. Null when
    /// OpenSSL fails (*error).
    SSL *newSsl(const QString &host, const std::string *sessionKey, QString *error) const;

    /// The session a node gave (its key "host:port"); the store holds the last one.
    void remember(const std::string &key, SSL_SESSION *session);
    int resumptions() const { return m_resumptions; } ///< handshakes that resumed, for tests
    void noteHandshake(SSL *ssl);

    /// OpenSSL's error queue (and the verify result of `ssl`) as text, emptying the queue.
    static QString errorText(SSL *ssl, const char *what);

private:
    TlsClientContext() = default;
    SSL_CTX *m_ctx = nullptr;
    bool m_verify = true;
    std::map<std::string, SSL_SESSION *> m_sessions;
    int m_resumptions = 0;
};

} // namespace vw
