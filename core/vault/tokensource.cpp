#include "vault/tokensource.h"

#include <QDir>
#include <QFile>

namespace vw {

bool tokenHasControlCharacters(const QByteArray &token)
{
    for (const char c : token)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return true;
    return false;
}

TokenLookup lookupToken()
{
    TokenLookup out;
    for (const char *var : {"VAULT_TOKEN", "BAO_TOKEN"}) {
        const QByteArray value = qgetenv(var).trimmed();
        if (!value.isEmpty()) {
            out.token = value;
            out.source = QString::fromLatin1(var);
            return out;
        }
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
