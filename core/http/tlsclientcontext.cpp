#include "http/tlsclientcontext.h"

#include <QDir>
#include <QFile>

#include <arpa/inet.h>
#include <csignal>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace vw {

namespace {

int g_keyIndex = -1; // SSL ex-data slot: the std::string session key of a connection

int onNewSession(SSL *ssl, SSL_SESSION *session)
{
    auto *ctx = static_cast<TlsClientContext *>(SSL_CTX_get_app_data(SSL_get_SSL_CTX(ssl)));
    auto *key = static_cast<const std::string *>(SSL_get_ex_data(ssl, g_keyIndex));
    if (!ctx || !key)
        return 0;
    ctx->remember(*key, session);
    return 1; // the reference is the store's now
}

} // namespace

QString TlsClientContext::errorText(SSL *ssl, const char *what)
{
    QStringList parts;
    if (ssl) {
        const long v = SSL_get_verify_result(ssl);
        if (v != X509_V_OK)
            parts << QStringLiteral("certificate verify failed: %1")
                         .arg(QString::fromLatin1(X509_verify_cert_error_string(v)));
    }
    unsigned long e;
    while ((e = ERR_get_error()) != 0) {
        char buf[256];
        ERR_error_string_n(e, buf, sizeof buf);
        if (parts.isEmpty() || !parts.last().contains(QLatin1String(buf)))
            parts << QString::fromLatin1(buf);
    }
    if (parts.isEmpty())
        parts << QString::fromLatin1(what);
    return QStringLiteral("TLS: ") + parts.join(QStringLiteral("; "));
}

std::shared_ptr<TlsClientContext> TlsClientContext::create(const TlsSettings &settings,
                                                           QString *error)
{
    // OpenSSL writes with write(2): a peer that closed would raise SIGPIPE, whose default
    // ends the process. A write error is what a load generator needs (wrk does the same).
    struct sigaction current { };
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
        ::signal(SIGPIPE, SIG_IGN);
    std::shared_ptr<TlsClientContext> c(new TlsClientContext);
    if (g_keyIndex < 0)
        g_keyIndex = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    c->m_ctx = SSL_CTX_new(TLS_client_method());
    if (!c->m_ctx) {
        *error = errorText(nullptr, "SSL_CTX_new failed");
        return nullptr;
    }
    SSL_CTX_set_app_data(c->m_ctx, c.get());
    SSL_CTX_set_min_proto_version(c->m_ctx, TLS1_2_VERSION);
    SSL_CTX_set_read_ahead(c->m_ctx, 1);
    SSL_CTX_set_session_cache_mode(c->m_ctx,
                                   SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_sess_set_new_cb(c->m_ctx, &onNewSession);
    c->m_verify = !settings.skipVerify;
    SSL_CTX_set_verify(c->m_ctx, c->m_verify ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, nullptr);
    if (c->m_verify) {
        QStringList files;
        if (!settings.caFile.isEmpty())
            files << settings.caFile;
        if (!settings.caPath.isEmpty()) {
            const QDir dir(settings.caPath);
            for (const QString &f : dir.entryList(QDir::Files | QDir::Readable, QDir::Name))
                files << dir.filePath(f);
        }
        if (files.isEmpty()) {
            SSL_CTX_set_default_verify_paths(c->m_ctx);
        } else {
            int loaded = 0;
            for (const QString &f : files)
                loaded += SSL_CTX_load_verify_locations(c->m_ctx, QFile::encodeName(f).constData(),
                                                        nullptr)
                          == 1;
            ERR_clear_error();
            if (loaded == 0) {
                *error = QStringLiteral("no CA certificate could be read from %1")
                             .arg(files.join(QStringLiteral(", ")));
                return nullptr;
            }
        }
    }
    if (!settings.clientCertFile.isEmpty() && !settings.clientKeyFile.isEmpty()) {
        if (SSL_CTX_use_certificate_chain_file(
                c->m_ctx, QFile::encodeName(settings.clientCertFile).constData())
                != 1
            || SSL_CTX_use_PrivateKey_file(c->m_ctx,
                                           QFile::encodeName(settings.clientKeyFile).constData(),
                                           SSL_FILETYPE_PEM)
                   != 1
            || SSL_CTX_check_private_key(c->m_ctx) != 1) {
            *error = errorText(nullptr, "the client certificate or key could not be used");
            return nullptr;
        }
    }
    return c;
}

TlsClientContext::~TlsClientContext()
{
    for (auto &s : m_sessions)
        SSL_SESSION_free(s.second);
    if (m_ctx)
        SSL_CTX_free(m_ctx);
}

SSL *TlsClientContext::newSsl(const QString &host, const std::string *sessionKey,
                              QString *error) const
{
    SSL *ssl = SSL_new(m_ctx);
    if (!ssl) {
        *error = errorText(nullptr, "SSL_new failed");
        return nullptr;
    }
    QByteArray name = host.toUtf8();
    if (name.startsWith('[') && name.endsWith(']'))
        name = name.mid(1, name.size() - 2);
    unsigned char ip[16];
    const bool literal = inet_pton(AF_INET, name.constData(), ip) == 1
                         || inet_pton(AF_INET6, name.constData(), ip) == 1;
    if (!literal)
        SSL_set_tlsext_host_name(ssl, name.constData()); // SNI: names only
    if (m_verify) {
        X509_VERIFY_PARAM *param = SSL_get0_param(ssl);
        if (literal)
            X509_VERIFY_PARAM_set1_ip_asc(param, name.constData());
        else
            X509_VERIFY_PARAM_set1_host(param, name.constData(), size_t(name.size()));
    }
    SSL_set_ex_data(ssl, g_keyIndex, const_cast<std::string *>(sessionKey));
    if (sessionKey) {
        const auto it = m_sessions.find(*sessionKey);
        if (it != m_sessions.end())
            SSL_set_session(ssl, it->second);
    }
    SSL_set_connect_state(ssl);
    return ssl;
}

void TlsClientContext::remember(const std::string &key, SSL_SESSION *session)
{
    SSL_SESSION *&slot = m_sessions[key];
    if (slot)
        SSL_SESSION_free(slot);
    slot = session;
}

void TlsClientContext::noteHandshake(SSL *ssl)
{
    if (SSL_session_reused(ssl))
        ++m_resumptions;
}

} // namespace vw
