// Optional storage of the Vault token in the desktop keychain (qtkeychain, when built with
// VW_HAVE_KEYCHAIN). Every call is asynchronous: results come back as signals on the GUI
// thread; nothing blocks. Never falls back to a plain-text store. GUI thread only.
#pragma once

#include <QObject>

namespace vw {

class TokenKeychain : public QObject {
    Q_OBJECT
public:
    explicit TokenKeychain(QObject *parent = nullptr);

    /// True when the build has qtkeychain (a keychain service may still be missing at run time).
    static bool isAvailable();

    void read(); ///< emits tokenRead or failed
    void write(const QByteArray &token); ///< emits written or failed
    void remove(); ///< emits failed only on error

signals:
    void tokenRead(const QByteArray &token);
    void written();
    void failed(const QString &message);
};

} // namespace vw
