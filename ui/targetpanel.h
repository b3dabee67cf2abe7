// Where the load goes and with which token. The address is prefilled from the profile and may
// be overridden (the override is remembered in QSettings). The token is prefilled from
// lookupToken() (VAULT_TOKEN, BAO_TOKEN, ~/.vault-token) or, when the user asked for it, from
// the keychain; it lives only in this widget's memory and in the keychain, never in QSettings
// or any file. GUI thread only.
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
class QLineEdit;
QT_END_NAMESPACE

namespace vw {

class TokenKeychain;

class TargetPanel : public QWidget {
    Q_OBJECT
public:
    explicit TargetPanel(QWidget *parent = nullptr);

    /// The profile's address: shown unless the user overrode it.
    void setProfileAddress(const QString &address);
    /// An explicit override (command line, quickstart, tests).
    void setAddress(const QString &address);
    QString address() const;
    /// True when the address differs from the profile's.
    bool isAddressOverridden() const;

    void setToken(const QByteArray &token, const QString &sourceText);
    QByteArray token() const;

    /// The session label typed by the user; empty = the profile name.
    QString label() const;
    void setLabelPlaceholder(const QString &profileName);

    /// Called when a run starts: stores or forgets the token in the keychain as asked.
    void tokenUsedForRun();

    void focusToken();
    void focusAddress();
    void setEditable(bool editable);

signals:
    void message(const QString &text);

private:
    void saveSettings();

    QLineEdit *m_address = nullptr;
    QLineEdit *m_token = nullptr;
    QLineEdit *m_label = nullptr;
    QLabel *m_tokenSource = nullptr;
    QCheckBox *m_remember = nullptr;
    TokenKeychain *m_keychain = nullptr;
    QString m_profileAddress;
    bool m_overridden = false;
};

} // namespace vw
