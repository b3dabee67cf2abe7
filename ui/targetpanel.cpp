#include "targetpanel.h"

#include "localtargetbox.h"
#include "targetconfirmation.h"
#include "tokenkeychain.h"
#include "vault/tokensource.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QSettings>
#include <QToolButton>

namespace vw {

namespace {
/// The address overrides: an array of {profile (absolute path), address}, plain text.
const char kOverridesKey[] = "target/addressOverrides";
const char kProfileKey[] = "profile";
const char kAddressKey[] = "address";
/// Before issue 9: one override for every profile. Removed at start: it silently replaced
/// other profiles' addresses.
const char kLegacyAddressKey[] = "target/addressOverride";
const char kRememberKey[] = "target/rememberTokenInKeychain";

QString overrideKey(const QString &profilePath)
{
    return profilePath.isEmpty() ? QString() : QFileInfo(profilePath).absoluteFilePath();
}

QMap<QString, QString> readOverrides()
{
    QSettings settings;
    QMap<QString, QString> out;
    const int n = settings.beginReadArray(QLatin1String(kOverridesKey));
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        const QString profile = settings.value(QLatin1String(kProfileKey)).toString();
        const QString address = settings.value(QLatin1String(kAddressKey)).toString();
        if (!profile.isEmpty() && !address.isEmpty())
            out.insert(profile, address);
    }
    settings.endArray();
    return out;
}

void writeOverrides(const QMap<QString, QString> &overrides)
{
    QSettings settings;
    settings.remove(QLatin1String(kOverridesKey));
    if (overrides.isEmpty())
        return;
    settings.beginWriteArray(QLatin1String(kOverridesKey), int(overrides.size()));
    int i = 0;
    for (auto it = overrides.begin(); it != overrides.end(); ++it, ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QLatin1String(kProfileKey), it.key());
        settings.setValue(QLatin1String(kAddressKey), it.value());
    }
    settings.endArray();
}
} // namespace

TargetPanel::TargetPanel(QWidget *parent)
    : QWidget(parent)
{
    m_address = new QLineEdit(this);
    m_address->setObjectName(QStringLiteral("addressEdit"));
    m_address->setAccessibleName(tr("Target address"));
    m_address->setPlaceholderText(QStringLiteral("http://127.0.0.1:8200"));
    m_address->setToolTip(tr("Vault/OpenBao address: from the environment (VAULT_ADDR, "
                             "BAO_ADDR) or the profile; an edit here overrides it for this "
                             "profile only"));

    m_overrideMark = new QLabel(tr("override for this profile"), this);
    m_overrideMark->setObjectName(QStringLiteral("addressOverrideMark"));
    m_overrideMark->setStyleSheet(QStringLiteral("color: #b35900; font-weight: bold;"));
    m_resetAddress = new QToolButton(this);
    m_resetAddress->setObjectName(QStringLiteral("resetAddress"));
    m_resetAddress->setText(tr("Reset"));
    m_resetAddress->setAccessibleName(tr("Reset the address override"));
    m_resetAddress->setToolTip(tr("Forget this profile's address override"));
    connect(m_resetAddress, &QToolButton::clicked, this, &TargetPanel::resetAddressOverride);

    m_effective = new QLabel(this);
    m_effective->setObjectName(QStringLiteral("effectiveTarget"));
    m_effective->setWordWrap(true);
    m_effective->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_token = new QLineEdit(this);
    m_token->setObjectName(QStringLiteral("tokenEdit"));
    m_token->setAccessibleName(tr("Vault token"));
    m_token->setAccessibleDescription(tr("Kept in memory, or in the keychain when asked; never "
                                         "in a file"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setClearButtonEnabled(true);
    m_token->setPlaceholderText(tr("Vault token (never saved to a file)"));
    m_token->setContextMenuPolicy(Qt::NoContextMenu);

    m_tokenSource = new QLabel(this);
    m_tokenSource->setObjectName(QStringLiteral("tokenSource"));
    m_tokenSource->setWordWrap(true);
    m_tokenSource->setStyleSheet(QStringLiteral("color: palette(mid);"));

    m_remember = new QCheckBox(tr("Remember in keychain"), this);
    m_remember->setObjectName(QStringLiteral("rememberToken"));
    m_remember->setEnabled(TokenKeychain::isAvailable());
    m_remember->setToolTip(TokenKeychain::isAvailable()
                               ? tr("Store the token in the desktop keychain when a run starts")
                               : tr("This build has no keychain support"));

    m_label = new QLineEdit(this);
    m_label->setObjectName(QStringLiteral("labelEdit"));
    m_label->setAccessibleName(tr("Session label"));
    m_label->setClearButtonEnabled(true);
    m_label->setToolTip(tr("Session label, shown in legends when sessions are overlaid"));

    auto *addressRow = new QHBoxLayout;
    addressRow->setContentsMargins(0, 0, 0, 0);
    addressRow->addWidget(m_address, 1);
    addressRow->addWidget(m_overrideMark);
    addressRow->addWidget(m_resetAddress);

    auto *tokenRow = new QHBoxLayout;
    tokenRow->setContentsMargins(0, 0, 0, 0);
    tokenRow->addWidget(m_token, 1);
    tokenRow->addWidget(m_remember);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto *addressLabel = new QLabel(tr("&Address:"), this);
    addressLabel->setBuddy(m_address);
    form->addRow(addressLabel, addressRow);
    form->addRow(QString(), m_effective);
    auto *tokenLabel = new QLabel(tr("&Token:"), this);
    tokenLabel->setBuddy(m_token);
    form->addRow(tokenLabel, tokenRow);
    form->addRow(QString(), m_tokenSource);
    form->addRow(tr("&Label:"), m_label);
    m_localTarget = new LocalTargetBox(this);
    form->addRow(tr("Local target:"), m_localTarget);
    connect(m_localTarget, &LocalTargetBox::message, this, &TargetPanel::message);
    connect(m_localTarget, &LocalTargetBox::started, this,
            [this](const QString &node, const QByteArray &token) {
                setAddress(node); // resolved from the state directory (targetresolver.h)
                if (!token.isEmpty())
                    setToken(token, tr("from the local target"));
            });

    m_keychain = new TokenKeychain(this);
    connect(m_keychain, &TokenKeychain::failed, this, &TargetPanel::message);
    connect(m_keychain, &TokenKeychain::tokenRead, this, [this](const QByteArray &t) {
        if (m_token->text().isEmpty() && !t.isEmpty())
            setToken(t, tr("from keychain"));
    });
    connect(m_keychain, &TokenKeychain::written, this,
            [this] { emit message(tr("Token stored in the keychain")); });

    connect(m_address, &QLineEdit::textEdited, this, &TargetPanel::onAddressEdited);
    connect(m_token, &QLineEdit::textEdited, this, [this](const QString &t) {
        m_tokenSource->setText(t.isEmpty() ? tr("no token") : tr("entered here"));
    });
    connect(m_remember, &QCheckBox::toggled, this, [this](bool on) {
        saveSettings();
        if (!on && TokenKeychain::isAvailable())
            m_keychain->remove();
    });

    QSettings settings;
    settings.remove(QLatin1String(kLegacyAddressKey));
    const bool remember =
        TokenKeychain::isAvailable() && settings.value(QLatin1String(kRememberKey), false).toBool();
    {
        const QSignalBlocker block(m_remember);
        m_remember->setChecked(remember);
    }
    const TokenLookup found = lookupToken();
    if (!found.token.isEmpty())
        setToken(found.token, tr("from %1").arg(found.source));
    else
        m_tokenSource->setText(tr("no token found in VAULT_TOKEN, BAO_TOKEN or ~/.vault-token"));
    if (remember && found.token.isEmpty())
        m_keychain->read();
    refresh();
}

void TargetPanel::setProfile(const QString &profilePath, const TargetSpec &target)
{
    const QString key = overrideKey(profilePath);
    if (key != m_profilePath || key.isEmpty()) {
        // Another profile: its own override, if it has one (an unsaved profile's lives only
        // in memory, until the profile is saved).
        const QString pending = m_profilePath.isEmpty() ? m_override : QString();
        m_profilePath = key;
        m_override = key.isEmpty() ? pending : readOverrides().value(key);
        if (m_override.isEmpty() && !pending.isEmpty() && !key.isEmpty()) {
            m_override = pending; // typed while unsaved, now saved under its path
            saveSettings();
        }
    }
    m_profileTarget = target;
    refresh();
}

void TargetPanel::setAddress(const QString &address)
{
    m_launchAddress = address.trimmed();
    refresh(); // a profile's own override (marked, resettable) still wins; none is removed
}

QString TargetPanel::address() const
{
    return m_address->text().trimmed();
}

bool TargetPanel::isAddressOverridden() const
{
    return !m_override.isEmpty();
}

void TargetPanel::resetAddressOverride()
{
    m_override.clear();
    saveSettings();
    refresh();
}

void TargetPanel::forgetDeclinedOverride()
{
    if (m_override.isEmpty() || TargetConfirmation::isLoopback(m_override))
        return;
    emit message(tr("%1 was not contacted; the override is forgotten").arg(m_override));
    resetAddressOverride();
}

ResolvedTarget TargetPanel::baseTarget() const
{
    TargetFlags flags;
    if (!m_launchAddress.isEmpty())
        flags.address = m_launchAddress;
    return resolveTarget(m_profileTarget, flags);
}

ResolvedTarget TargetPanel::resolvedTarget() const
{
    if (m_override.isEmpty())
        return baseTarget();
    TargetFlags flags;
    flags.address = m_override;
    ResolvedTarget r = resolveTarget(m_profileTarget, flags);
    r.sources.insert(QStringLiteral("address"), QStringLiteral("override (this profile)"));
    for (QString &e : r.errors)
        e.replace(QLatin1String("flag --addr"), QLatin1String("override (this profile)"));
    return r;
}

void TargetPanel::onAddressEdited(const QString &text)
{
    const QString t = text.trimmed();
    m_override = (t.isEmpty() || t == baseTarget().target.address) ? QString() : t;
    saveSettings();
    showSources(); // the text stays as typed
}

void TargetPanel::refresh()
{
    m_address->setText(m_override.isEmpty() ? baseTarget().target.address : m_override);
    showSources();
}

void TargetPanel::showSources()
{
    const ResolvedTarget r = resolvedTarget();
    const bool overridden = !m_override.isEmpty();
    m_overrideMark->setVisible(overridden);
    m_resetAddress->setVisible(overridden);
    QStringList lines = r.describe();
    if (!lines.isEmpty())
        lines.first() = tr("effective: %1").arg(lines.first());
    lines += r.errors;
    if (!TargetConfirmation::isLoopback(r.target.address))
        lines << tr("not a loopback address: a run asks first");
    m_effective->setText(lines.join(QLatin1Char('\n')));
    m_effective->setStyleSheet(r.ok() ? QStringLiteral("color: palette(mid);")
                                      : QStringLiteral("color: #c00000;"));
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
    m_resetAddress->setEnabled(editable);
    m_token->setReadOnly(!editable);
    m_label->setReadOnly(!editable);
}

void TargetPanel::saveSettings()
{
    // the address and a yes/no flag only; the token never goes to QSettings
    if (!m_profilePath.isEmpty()) {
        QMap<QString, QString> overrides = readOverrides();
        if (m_override.isEmpty())
            overrides.remove(m_profilePath);
        else
            overrides.insert(m_profilePath, m_override);
        writeOverrides(overrides);
    }
    QSettings settings;
    settings.setValue(QLatin1String(kRememberKey), m_remember->isChecked());
}

} // namespace vw
