#include "vault/tokensource.h"

#include <QDir>
#include <QFile>

namespace vw {

namespace {

/// The trimmed first 64 KiB of `path`; empty with *error when it cannot be read or is empty.
QByteArray readTokenFile(const QString &path, const QString &named, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1 %2: %3").arg(named, path, file.errorString());
        return QByteArray();
    }
    const QByteArray value = file.read(64 * 1024).trimmed();
    if (value.isEmpty())
        *error = QStringLiteral("%1 %2 is empty").arg(named, path);
    return value;
}

} // namespace

bool tokenHasControlCharacters(const QByteArray &token)
{
    for (const char c : token)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return true;
    return false;
}

TokenLookup lookupToken(const QString &tokenFile)
{
    TokenLookup out;
    if (!tokenFile.isEmpty()) {
        out.token = readTokenFile(tokenFile, QStringLiteral("--token-file"), &out.error);
        out.source = QStringLiteral("--token-file %1").arg(tokenFile);
        return out;
    }
    for (const char *var : {"VAULT_TOKEN", "BAO_TOKEN"}) {
        const QByteArray value = qgetenv(var).trimmed();
        if (!value.isEmpty()) {
            out.token = value;
            out.source = QString::fromLatin1(var);
            return out;
        }
    }
    if (const QString named = qEnvironmentVariable("VAULT_TOKEN_FILE"); !named.isEmpty()) {
        out.token = readTokenFile(named, QStringLiteral("VAULT_TOKEN_FILE"), &out.error);
        out.source = QStringLiteral("VAULT_TOKEN_FILE (%1)").arg(named);
        return out;
    }
    // QDir::homePath() follows $HOME, as the vault and bao CLIs do.
    QFile file(QDir(QDir::homePath()).filePath(QStringLiteral(".vault-token")));
    if (file.open(QIODevice::ReadOnly)) {
        const QByteArray value = file.read(64 * 1024).trimmed();
        if (!value.isEmpty()) {
            out.token = value;
            out.source = QStringLiteral("~/.vault-token");
        }
    }
    return out;
}

} // namespace vw
