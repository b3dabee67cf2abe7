// The profile editor's text widget: a QPlainTextEdit with a line-number gutter (the lines of
// current problems marked in red) and completion of keys and values by context
// (core/editing/yamlcompletion.h), offered by Ctrl+Space (completeAction()) or after typing
// two characters of a word. Tab inserts spaces up to the next indentation step (YAML has no
// tabs) unless "Tab moves focus" is on (setTabChangesFocus(), Ctrl+M in the window, as in Qt
// Creator); Shift+Tab always moves focus back, so the keyboard never stays trapped here.
// GUI thread only.
#pragma once

#include "ops/operationtype.h"

#include <QPlainTextEdit>
#include <QSet>

QT_BEGIN_NAMESPACE
class QAction;
class QCompleter;
class QStringListModel;
QT_END_NAMESPACE

namespace vw {

class CodeEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeEditor(QWidget *parent = nullptr);

    /// Width of the gutter in pixels: the digits of the last line number plus margins.
    int lineNumberAreaWidth() const;
    /// 1-based lines shown as problems in the gutter (replaces the previous set).
    void setProblemLines(const QSet<int> &lines);
    QSet<int> problemLines() const { return m_problemLines; }
    /// The operation types completion offers (default: the built-in ones).
    void setOperationTypes(const QList<OperationType> &types) { m_types = types; }
    QCompleter *completer() const { return m_completer; }
    /// Fills the completer for the cursor's context and shows its popup when there is
    /// something to offer; returns the number of words offered.
    int showCompletions();
    QWidget *lineNumberArea() const { return m_gutter; }
    /// "Complete" (Ctrl+Space while the editor has focus): showCompletions(). The shortcut
    /// overview lists it from here (ui/mainactions.h).
    QAction *completeAction() const { return m_complete; }
    /// Spaces one Tab inserts (the indentation step of the profiles, 2).
    static constexpr int kIndent = 2;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    friend class LineNumberArea;
    void paintGutter(QPaintEvent *event);
    void updateGutterWidth();
    void updateGutter(const QRect &rect, int dy);
    void insertCompletion(const QString &word);

    QWidget *m_gutter = nullptr;
    QSet<int> m_problemLines;
    QCompleter *m_completer = nullptr;
    QAction *m_complete = nullptr;
    QStringListModel *m_words = nullptr;
    QList<OperationType> m_types;
    int m_prefixStart = 0;
};

} // namespace vw
