// The profile editor: YAML text (undo/redo, monospace, highlighting), validated with
// parseProfile() 300 ms after the last keystroke; every problem listed below the text with
// line, column, field and message, the offending lines marked; clicking a problem moves the
// cursor there. Loading reads the (small) file synchronously; saving writes on a pool thread
// with QSaveFile, so the GUI thread never waits on the disk. GUI thread only.
#pragma once

#include "profile/profileparser.h"

#include <QWidget>
#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace vw {

class ProfileEditorPage : public QWidget {
    Q_OBJECT
public:
    explicit ProfileEditorPage(QWidget *parent = nullptr);

    /// Replaces the text (one undo step) and validates at once.
    void setText(const QString &yaml);
    QString text() const;
    /// Replaces the text without an undo step and marks it unmodified (new window, template).
    void setInitialText(const QString &yaml);
    QPlainTextEdit *editor() const { return m_editor; }

    /// Reads `path` (UTF-8) into the editor as one undo step (Ctrl+Z brings the previous text
    /// back) and marks it unmodified; false + *error when it cannot be read.
    bool loadFile(const QString &path, QString *error);
    /// Writes the text to `path` in the background; emits saved() when done.
    void saveTo(const QString &path);
    QString filePath() const { return m_path; }
    bool isModified() const;

    /// Validates now if an edit is pending (cancelling the debounce); returns validity.
    bool validateNow();
    /// Result of the last validation.
    bool isValid() const { return m_profile.has_value(); }
    const std::optional<Profile> &profile() const { return m_profile; }
    const ProfileErrors &errors() const { return m_errors; }

signals:
    void validityChanged(bool valid);
    /// After each successful validation.
    void profileChanged(const vw::Profile &profile);
    void modificationChanged(bool modified);
    /// `error` is empty on success.
    void saved(const QString &path, const QString &error);

private:
    void validate();
    void showErrors();
    void jumpTo(QTreeWidgetItem *item);

    QPlainTextEdit *m_editor = nullptr;
    QTreeWidget *m_errorList = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_debounce = nullptr;
    QString m_path;
    std::optional<Profile> m_profile;
    ProfileErrors m_errors;
    bool m_lastValid = false;
    bool m_firstValidation = true;
};

/// A starting point for a new profile: profiles/quickstart.yaml exactly as shipped, compiled
/// in from resources/resources.qrc.
QString defaultProfileYaml();

} // namespace vw
