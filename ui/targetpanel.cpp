#include "targetpanel.h"

#include "tokenkeychain.h"
#include "vault/tokensource.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>

namespace vw {

namespace {
const char kAddressKey[] = "target/addressOverride";
const char kRememberKey[] = "target/rememberTokenInKeychain";
} // namespace

TargetPanel::TargetPanel(QWidget *parent) : QWidget(parent)
{
    m_address = new QLineEdit(this);
    m_address->setObjectName(QStringLiteral("addressEdit"));
    m_address->setPlaceholderText(QStringLiteral("http://127.0.0.1:8200"));
    m_address->setClearButtonEnabled(true);
    m_address->setToolTip(tr("Vault/OpenBao address; prefilled from the profile, "
                             "an edit here overrides it for the run"));

    m_token = new QLineEdit(this);
    m_token->setObjectName(QStringLiteral("tokenEdit"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setClearButtonEnabled(true);
    m_token->setPlaceholderText(tr("Vault token (never saved to a file)"));
    m_token->setContextMenuPolicy(Qt::NoContextMenu);

    m_tokenSource = new QLabel(this);
    m_tokenSource->setObjectName(QStringLiteral("tokenSource"));
    m_tokenSource->setStyleSheet(QStringLiteral("color: palette(mid);"));

    m_remember = new QCheckBox(tr("Remember in keychain"), this);
    m_remember->setObjectName(QStringLiteral("rememberToken"));
    m_remember->setEnabled(TokenKeychain::isAvailable());
    m_remember->setToolTip(TokenKeychain::isAvailable()
                               ? tr("Store the token in the desktop keychain when a run starts")
                               : tr("This build has no keychain support"));

    m_label = new QLineEdit(this);
    m_label->setObjectName(QStringLiteral("labelEdit"));
    m_label->setClearButtonEnabled(true);
    m_label->setToolTip(tr("Session label, shown in legends when sessions are overlaid"));

    auto *tokenRow = new QHBoxLayout;
    tokenRow->setContentsMargins(0, 0, 0, 0);
    tokenRow->addWidget(m_token, 1);
    tokenRow->addWidget(m_remember);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Address:"), m_address);
    auto *tokenLabel = new QLabel(tr("&Token:"), this);
    tokenLabel->setBuddy(m_token);
    form->addRow(tokenLabel, tokenRow);
    form->addRow(QString(), m_tokenSource);
    form->addRow(tr("&Label:"), m_label);

    m_keychain = new TokenKeychain(this);
    connect(m_keychain, &TokenKeychain::failed, this, &TargetPanel::message);
    connect(m_keychain, &TokenKeychain::tokenRead, this, [this](const QByteArray &t) {
        if (m_token->text().isEmpty() && !t.isEmpty())
            setToken(t, tr("from keychain"));
    });
    connect(m_keychain, &TokenKeychain::written, this,
            [this] { emit message(tr("Token stored in the keychain")); });

    connect(m_address, &QLineEdit::textEdited, this, [this](const QString &t) {
        m_overridden = !t.trimmed().isEmpty() && t.trimmed() != m_profileAddress;
        saveSettings();
    });
    connect(m_token, &QLineEdit::textEdited, this, [this](const QString &t) {
        m_tokenSource->setText(t.isEmpty() ? tr("no token") : tr("entered here"));
    });
    connect(m_remember, &QCheckBox::toggled, this, [this](bool on) {
        saveSettings();
        if (!on && TokenKeychain::isAvailable())
            m_keychain->remove();
    });

    QSettings settings;
    const QString saved = settings.value(QLatin1String(kAddressKey)).toString();
    const bool remember = TokenKeychain::isAvailable()
                          && settings.value(QLatin1String(kRememberKey), false).toBool();
    {
        const QSignalBlocker block(m_remember);
        m_remember->setChecked(remember);
    }
    if (!saved.isEmpty()) {
        m_address->setText(saved);
        m_overridden = true;
    }
    const TokenLookup found = lookupToken();
    if (!found.token.isEmpty())
        setToken(found.token, tr("from %1").arg(found.source));
    else
        m_tokenSource->setText(tr("no token found in VAULT_TOKEN, BAO_TOKEN or ~/.vault-token"));
    if (remember && found.token.isEmpty())
        m_keychain->read();
}

void TargetPanel::setProfileAddress(const QString &address)
{
    m_profileAddress = address.trimmed();
    if (!m_overridden)
        m_address->setText(m_profileAddress);
}

void TargetPanel::setAddress(const QString &address)
{
    m_address->setText(address.trimmed());
    m_overridden = !address.trimmed().isEmpty() && address.trimmed() != m_profileAddress;
    saveSettings();
}

QString TargetPanel::address() const
{
    return m_address->text().trimmed();
}

bool TargetPanel::isAddressOverridden() const
{
    return m_overridden;
}

void TargetPanel::setToken(const QByteArray &token, const QString &sourceText)
{
    m_token->setText(QString::fromUtf8(token));
    m_tokenSource->setText(sourceText);
}

QByteArray TargetPanel::token() const
{
    return m_token->text().trimmed().toUtf8();
}

QString TargetPanel::label() const
{
    return m_label->text().trimmed();
}

void TargetPanel::setLabelPlaceholder(const QString &profileName)
{
    m_label->setPlaceholderText(tr("%1 (profile name)").arg(profileName));
}

void TargetPanel::tokenUsedForRun()
{
    if (m_remember->isChecked() && TokenKeychain::isAvailable() && !token().isEmpty())
        m_keychain->write(token());
}

void TargetPanel::focusToken()
{
    m_token->setFocus();
    m_token->selectAll();
}

void TargetPanel::focusAddress()
{
    m_address->setFocus();
    m_address->selectAll();
}

void TargetPanel::setEditable(bool editable)
{
    m_address->setReadOnly(!editable);
    m_token->setReadOnly(!editable);
    m_label->setReadOnly(!editable);
}

void TargetPanel::saveSettings()
{
    // the address and a yes/no flag only; the token never goes to QSettings
    QSettings settings;
    if (m_overridden)
        settings.setValue(QLatin1String(kAddressKey), address());
    else
        settings.remove(QLatin1String(kAddressKey));
    settings.setValue(QLatin1String(kRememberKey), m_remember->isChecked());
}

} // namespace vw
