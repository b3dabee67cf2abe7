#include "codeeditor.h"

#include "ops/builtinoperations.h"
#include "editing/yamlcompletion.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStringListModel>
#include <QTextBlock>

namespace vw {

/// The gutter: paints through CodeEditor::paintGutter.
class LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(CodeEditor *editor)
        : QWidget(editor)
        , m_editor(editor)
    {
        setObjectName(QStringLiteral("lineNumberArea"));
    }
    QSize sizeHint() const override { return QSize(m_editor->lineNumberAreaWidth(), 0); }

protected:
    void paintEvent(QPaintEvent *event) override { m_editor->paintGutter(event); }

private:
    CodeEditor *m_editor;
};

CodeEditor::CodeEditor(QWidget *parent)
    : QPlainTextEdit(parent)
{
    m_gutter = new LineNumberArea(this);
    m_types = builtinOperationTypes();
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateGutterWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateGutter);
    updateGutterWidth();

    m_words = new QStringListModel(this);
    m_completer = new QCompleter(m_words, this);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseSensitive);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this,
            &CodeEditor::insertCompletion);

    m_complete = new QAction(tr("Complete"), this);
    m_complete->setObjectName(QStringLiteral("completeAction"));
    m_complete->setShortcut(QKeySequence(QStringLiteral("Ctrl+Space")));
    m_complete->setShortcutContext(Qt::WidgetShortcut); // the editor's own, while it has focus
    m_complete->setStatusTip(tr("Offer the keys and values that fit here"));
    addAction(m_complete);
    connect(m_complete, &QAction::triggered, this, [this] { showCompletions(); });
}

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    // room for the problem mark on the left
    return 14 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void CodeEditor::setProblemLines(const QSet<int> &lines)
{
    if (lines == m_problemLines)
        return;
    m_problemLines = lines;
    m_gutter->update();
}

void CodeEditor::updateGutterWidth()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::updateGutter(const QRect &rect, int dy)
{
    if (dy)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateGutterWidth();
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CodeEditor::paintGutter(QPaintEvent *event)
{
    QPainter painter(m_gutter);
    const QPalette pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber() + 1;
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int current = textCursor().blockNumber() + 1;
    const int h = fontMetrics().height();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const bool problem = m_problemLines.contains(number);
            if (problem) {
                painter.fillRect(0, top, m_gutter->width(), h, QColor(0xfd, 0xe2, 0xe1));
                painter.setBrush(QColor(0xc0, 0x39, 0x2b));
                painter.setPen(Qt::NoPen);
                const int d = std::max(4, h / 2 - 1);
                painter.drawEllipse(3, top + (h - d) / 2, d, d);
            }
            painter.setPen(problem             ? QColor(0xc0, 0x39, 0x2b)
                           : number == current ? pal.color(QPalette::Text)
                                               : pal.color(QPalette::PlaceholderText));
            painter.drawText(0, top, m_gutter->width() - 4, h, Qt::AlignRight,
                             QString::number(number));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
        ++number;
    }
}

int CodeEditor::showCompletions()
{
    const YamlCompletionContext ctx = yamlCompletionContext(toPlainText(), textCursor().position());
    const QStringList words = yamlCompletions(ctx, m_types);
    m_words->setStringList(words);
    m_prefixStart = ctx.prefixStart;
    if (words.isEmpty()) {
        m_completer->popup()->hide();
        return 0;
    }
    m_completer->setCompletionPrefix(ctx.prefix);
    QRect r = cursorRect();
    r.setWidth(m_completer->popup()->sizeHintForColumn(0)
               + m_completer->popup()->verticalScrollBar()->sizeHint().width() + 8);
    m_completer->complete(r);
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    return int(words.size());
}

void CodeEditor::insertCompletion(const QString &word)
{
    QTextCursor c = textCursor();
    const int pos = c.position();
    if (m_prefixStart > pos)
        return;
    c.setPosition(m_prefixStart);
    c.setPosition(pos, QTextCursor::KeepAnchor);
    c.insertText(word);
    setTextCursor(c);
}

void CodeEditor::keyPressEvent(QKeyEvent *event)
{
    if (m_completer->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Tab:
        case Qt::Key_Escape:
        case Qt::Key_Backtab:
            event->ignore(); // the completer's popup takes these
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Backtab && !isReadOnly()) {
        QWidget::focusNextPrevChild(false); // Shift+Tab leaves the editor in both modes
        return;
    }
    if (event->key() == Qt::Key_Tab && !tabChangesFocus() && !isReadOnly()
        && (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
        // spaces up to the next indentation step: YAML has no tabs
        QTextCursor c = textCursor();
        const int column = c.position() - c.block().position();
        c.insertText(QString(kIndent - column % kIndent, QLatin1Char(' ')));
        setTextCursor(c);
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    const QString typed = event->text();
    if (!typed.isEmpty()
        && (typed.at(0).isLetterOrNumber() || typed == QLatin1String("_")
            || typed == QLatin1String("-"))) {
        const YamlCompletionContext ctx =
            yamlCompletionContext(toPlainText(), textCursor().position());
        if (ctx.prefix.size() >= 2
            || (ctx.kind == YamlCompletionContext::Kind::Value && !ctx.prefix.isEmpty()))
            showCompletions();
        else
            m_completer->popup()->hide();
    } else if (!typed.isEmpty()) {
        m_completer->popup()->hide();
    }
}

} // namespace vw
