#include "util/tlsconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>

namespace vw {

bool checkTargetAddress(const QUrl &url, QString *error)
{
    const QString scheme = url.scheme().toLower();
    if (url.isValid() && !url.host().isEmpty()
        && (scheme == QLatin1String("http") || scheme == QLatin1String("https")))
        return true;
    *error = QStringLiteral("invalid target address \"%1\" (expected http(s)://host:port)")
                 .arg(url.toString());
    return false;
}

static bool loadClientIdentity(const QString &certFile, const QString &keyFile,
                               QSslConfiguration *ssl, QString *error)
{
    if (certFile.isEmpty() && keyFile.isEmpty())
        return true;
    if (certFile.isEmpty() || keyFile.isEmpty()) {
        *error = QStringLiteral("a client certificate needs both a certificate and a key file");
        return false;
    }
    const QList<QSslCertificate> certs = QSslCertificate::fromPath(certFile);
    if (certs.isEmpty()) {
        *error = QStringLiteral("no PEM certificate in client certificate file %1").arg(certFile);
        return false;
    }
    QFile f(keyFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read client key file %1").arg(keyFile);
        return false;
    }
    const QByteArray pem = f.readAll();
    QSslKey key;
    for (QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        key = QSslKey(pem, alg, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            break;
    }
    if (key.isNull()) {
        *error = QStringLiteral("no usable PEM private key in %1").arg(keyFile);
        return false;
    }
    ssl->setLocalCertificateChain(certs);
    ssl->setPrivateKey(key);
    return true;
}

/// The PEM certificates of every regular file in `dir` (as the Vault CLI's VAULT_CAPATH).
static bool loadCaFolder(const QString &dir, QList<QSslCertificate> *cas, QString *error)
{
    const QFileInfo info(dir);
    if (!info.isDir() || !info.isReadable()) {
        *error = QStringLiteral("cannot read CA folder %1").arg(dir);
        return false;
    }
    const QFileInfoList files = QDir(dir).entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
    const int before = int(cas->size());
    for (const QFileInfo &f : files)
        *cas += QSslCertificate::fromPath(f.filePath(), QSsl::Pem,
                                          QSslCertificate::PatternSyntax::FixedString);
    if (int(cas->size()) == before) {
        *error = QStringLiteral("no PEM certificate in CA folder %1").arg(dir);
        return false;
    }
    return true;
}

bool makeTlsConfiguration(const TlsSettings &settings, QSslConfiguration *out, QString *error)
{
    if (!QSslSocket::supportsSsl()) {
        *error = QStringLiteral("TLS is not available (no TLS backend for Qt)");
        return false;
    }
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    QList<QSslCertificate> cas;
    if (!settings.caFile.isEmpty()) {
        if (!QFileInfo(settings.caFile).isReadable()) {
            *error = QStringLiteral("cannot read CA file %1").arg(settings.caFile);
            return false;
        }
        cas = QSslCertificate::fromPath(settings.caFile, QSsl::Pem,
                                        QSslCertificate::PatternSyntax::FixedString);
        if (cas.isEmpty()) {
            *error = QStringLiteral("no PEM certificate in CA file %1").arg(settings.caFile);
            return false;
        }
    }
    if (!settings.caPath.isEmpty() && !loadCaFolder(settings.caPath, &cas, error))
        return false;
    if (!cas.isEmpty())
        ssl.setCaCertificates(cas);
    if (settings.skipVerify)
        ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    if (!loadClientIdentity(settings.clientCertFile, settings.clientKeyFile, &ssl, error))
        return false;
    *out = ssl;
    return true;
}

} // namespace vw
