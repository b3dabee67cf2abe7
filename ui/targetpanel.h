// Where the load goes and with which token. The target is the effective one, resolved as the
// command line does it (core/vault/targetresolver.h: the environment's VAULT_* / BAO_*, then
// the profile), and shown with where each setting came from. The address may be overridden
// per profile: an edit here is stored in QSettings keyed by the profile's path, marked as an
// override with a button to reset it, and never applies to another profile. `--addr` on the
// GUI's command line applies to every profile of this launch without an override of its own,
// and is not stored.
// The token is prefilled from lookupToken() (VAULT_TOKEN, BAO_TOKEN, ~/.vault-token) or, when
// the user asked for it, from the keychain; it lives only in this widget's memory and in the
// keychain, never in QSettings or any file. GUI thread only.
// Its "Local target" row (ui/localtargetbox.h) starts and stops OpenBao on loopback and then
// targets it by node name.
#pragma once

#include "vault/targetresolver.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;
QT_END_NAMESPACE

namespace vw {

class LocalTargetBox;
class TokenKeychain;

class TargetPanel : public QWidget {
    Q_OBJECT
public:
    explicit TargetPanel(QWidget *parent = nullptr);

    /// The open profile: its file (empty while unsaved) and its `target:`. Shows the
    /// profile's stored address override, if any.
    void setProfile(const QString &profilePath, const TargetSpec &target);
    /// `--addr` of the GUI's command line (and tests): for every profile of this launch, as
    /// the flag of `run`; not stored. A profile's own override (typed here, marked, with its
    /// Reset button) still wins over it.
    void setAddress(const QString &address);
    /// The address in the edit.
    QString address() const;
    /// True when the open profile has an address override typed here.
    bool isAddressOverridden() const;
    /// Forgets the open profile's override: the address is the resolved one again.
    void resetAddressOverride();
    /// The user declined to contact the address (ui/targetconfirmation.h): an override that
    /// is not loopback is forgotten, so it is neither kept in the settings nor asked about
    /// again at the next run.
    void forgetDeclinedOverride();

    /// The effective target of a run from here: the override or `--addr`, then the
    /// environment, then the profile; with each setting's source.
    ResolvedTarget resolvedTarget() const;

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
    /// The local target row (start/stop a target on loopback).
    LocalTargetBox *localTarget() const { return m_localTarget; }

signals:
    void message(const QString &text);

private:
    /// The target without this panel's override (the launch's --addr, env, profile).
    ResolvedTarget baseTarget() const;
    void refresh(); ///< the edit's text, then showSources()
    void showSources(); ///< the override mark and reset button, the effective target
    void onAddressEdited(const QString &text);
    void saveSettings();

    QLineEdit *m_address = nullptr;
    QLabel *m_overrideMark = nullptr;
    QToolButton *m_resetAddress = nullptr;
    QLabel *m_effective = nullptr;
    QLineEdit *m_token = nullptr;
    QLineEdit *m_label = nullptr;
    QLabel *m_tokenSource = nullptr;
    QCheckBox *m_remember = nullptr;
    TokenKeychain *m_keychain = nullptr;
    LocalTargetBox *m_localTarget = nullptr; ///< start/stop a target on loopback
    QString m_profilePath;
    TargetSpec m_profileTarget;
    QString m_launchAddress; ///< --addr, empty for none
    QString m_override; ///< the open profile's override, empty for none
};

} // namespace vw
