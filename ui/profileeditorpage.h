// The profile editor: YAML text (undo/redo, monospace, highlighting, a line-number gutter,
// completion by context: ui/editor/codeeditor.h), validated with parseProfile() 300 ms after
// the last keystroke; every problem listed below the text with line, column, field and
// message, the selected one's full text wrapped below the list, the offending lines marked in the text and the gutter; clicking a
// problem moves the cursor there. An operation palette (ui/editor/operationpalette.h) beside
// the text inserts an operation with its params at their defaults.
// Views: the page is a QTabWidget (views()) whose first tab, "YAML", is the text editor; other
// editors of the same text (the form, ui/profileform/) are added with addView() and keep to
// the API below: text() / setText() and the textChanged signal. Loading reads the (small) file synchronously; saving writes on a pool thread
// with writeFileAtomically() (util/atomicfile.h), so the GUI thread never waits on the disk. GUI thread only.
#pragma once

#include "jobtracker.h"
#include "profile/profileparser.h"

#include <QWidget>
#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace vw {

class CodeEditor;
class OperationPalette;

class ProfileEditorPage : public QWidget {
    Q_OBJECT
public:
    explicit ProfileEditorPage(QWidget *parent = nullptr);

    /// Replaces the text (one undo step) and validates at once.
    void setText(const QString &yaml);
    QString text() const;
    /// Starts a new, untitled document with `yaml` (new window, New Profile, a session's
    /// profile): no file path, unmodified, and an empty undo history.
    void setInitialText(const QString &yaml);
    QPlainTextEdit *editor() const;
    CodeEditor *codeEditor() const { return m_editor; }
    OperationPalette *palette() const { return m_palette; }
    QTreeWidget *problemList() const { return m_errorList; }

    /// The tabs of the page: 0 is "YAML" (text and palette). Returns the new tab's index.
    int addView(QWidget *view, const QString &title);
    QTabWidget *views() const { return m_views; }

    /// Inserts an item of operation type `typeName` into the `operations:` list (after the
    /// item holding the cursor, else at the list's end; core/editing/operationsnippet.h) as
    /// one undo step, and puts the cursor on its `type:` line. False for an unknown type.
    bool insertOperation(const QString &typeName);

    /// Reads `path` (UTF-8) into the editor as a new document: unmodified, and an undo
    /// boundary (the undo history is cleared, so Ctrl+Z never brings back the text of the
    /// document open before, and saveTo(filePath()) only writes this file's own text).
    /// The caller asks about unsaved edits first (ui/window/unsavedchanges.h). False +
    /// *error when it cannot be read; the editor is then unchanged.
    bool loadFile(const QString &path, QString *error);
    /// Writes the text to `path` in the background; emits saved() when done. The editor
    /// takes `path` as its file and unmodified state only if it still shows the same
    /// document (no file opened or New Profile since the save began).
    void saveTo(const QString &path);
    QString filePath() const { return m_path; }
    bool isModified() const;
    /// What the document is called (the window title, the unsaved-changes question): the
    /// file's name, else the profile's name, else "untitled".
    QString documentName() const;

    /// Validates now if an edit is pending (cancelling the debounce); returns validity.
    bool validateNow();
    /// Result of the last validation.
    bool isValid() const { return m_profile.has_value(); }
    const std::optional<Profile> &profile() const { return m_profile; }
    const ProfileErrors &errors() const { return m_errors; }

signals:
    /// After every change of the YAML text (typing, setText(), a palette insert).
    void textChanged();
    void validityChanged(bool valid);
    /// After each successful validation.
    void profileChanged(const vw::Profile &profile);
    void modificationChanged(bool modified);
    /// `error` is empty on success.
    void saved(const QString &path, const QString &error);

private:
    /// The editor holds one document at a time: `yaml` from `path` (empty: untitled).
    void startDocument(const QString &yaml, const QString &path);
    void validate();
    void showErrors();
    void jumpTo(QTreeWidgetItem *item);

    CodeEditor *m_editor = nullptr;
    OperationPalette *m_palette = nullptr;
    QTabWidget *m_views = nullptr;
    QTreeWidget *m_errorList = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_problemText = nullptr; ///< the full text of the selected problem, wrapped
    QTimer *m_debounce = nullptr;
    QString m_path;
    quint64 m_document = 0; ///< counts startDocument(): a save follows only its own document
    JobTracker m_saves{this, JobTracker::Policy::Independent};
    std::optional<Profile> m_profile;
    ProfileErrors m_errors;
    bool m_lastValid = false;
    bool m_firstValidation = true;
};

/// A starting point for a new profile: profiles/quickstart.yaml exactly as shipped, compiled
/// in from resources/resources.qrc.
QString defaultProfileYaml();

} // namespace vw
