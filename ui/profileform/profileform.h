// The profile form: target, ramp and operations of the profile in the editor as form
// controls, kept in sync with the YAML text both ways (docs/profile-format.md, "The form
// editor"). YAML -> form: 300 ms after the last change of the text, when the text is a valid
// profile (parseProfile()); when it is not, the form is read-only and says "fix the YAML
// first: line L". Form -> YAML: each change is one undoable edit of the text (one QTextCursor
// edit block over the changed characters only) made with core/editing/profileedit.h, which
// keeps comments and other keys. GUI thread only.
#pragma once

#include "formedit.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
class QTimer;
QT_END_NAMESPACE

namespace vw {

class OperationsSection;
class StagesSection;
class TargetSection;

class ProfileForm : public QWidget {
    Q_OBJECT
public:
    /// Follows and edits `editor`'s text (which must outlive the form).
    explicit ProfileForm(QPlainTextEdit *editor, QWidget *parent = nullptr);

    /// Reads the text now (cancelling the debounce).
    void refreshNow();
    /// True while the text is not a valid profile (the form shows why and takes no edits).
    bool isReadOnly() const { return m_readOnly; }
    QString problemText() const;
    /// Writes every section from the form into the text (target keys, ramp, operations).
    void writeAll();
    /// The last edit that could not be made, or "".
    QString lastEditError() const { return m_lastError; }

    TargetSection *targetSection() const { return m_target; }
    StagesSection *stagesSection() const { return m_stages; }
    OperationsSection *operationsSection() const { return m_operations; }

private:
    void refresh();
    void apply(const YamlEdit &edit);

    QPlainTextEdit *m_editor = nullptr;
    QTimer *m_debounce = nullptr;
    QLabel *m_problem = nullptr;
    QWidget *m_body = nullptr;
    TargetSection *m_target = nullptr;
    StagesSection *m_stages = nullptr;
    OperationsSection *m_operations = nullptr;
    bool m_readOnly = true;
    QString m_lastError;
};

} // namespace vw
