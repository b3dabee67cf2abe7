// The `target:` part of the profile form: address, standby/other nodes and spread, namespace,
// CA file, skip-verify, request timeout, and where the token comes from (never the token: a
// profile holds none, docs/profile-format.md). Each field writes its key on editingFinished;
// an emptied field removes its key (the default applies). GUI thread only.
#pragma once

#include "formedit.h"
#include "profile/profile.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
QT_END_NAMESPACE

namespace vw {

class TargetSection : public QWidget {
    Q_OBJECT
public:
    explicit TargetSection(YamlEditSink sink, QWidget *parent = nullptr);

    /// Shows the profile's target (no edit is made).
    void load(const Profile &p);
    /// Writes every target field as the form shows it (for the round trip).
    void writeAll();

    QLineEdit *addressEdit() const { return m_address; }
    QLineEdit *namespaceEdit() const { return m_namespace; }

private:
    void writeText(const QString &key, const QString &text);
    void writeAddresses();
    void writeSpread();
    void writeSkipVerify();

    YamlEditSink m_sink;
    QLineEdit *m_address = nullptr;
    QLineEdit *m_addresses = nullptr;
    QComboBox *m_spread = nullptr;
    QLineEdit *m_namespace = nullptr;
    QLineEdit *m_caFile = nullptr;
    QCheckBox *m_skipVerify = nullptr;
    QLineEdit *m_timeout = nullptr;
    QLabel *m_auth = nullptr;
};

} // namespace vw
