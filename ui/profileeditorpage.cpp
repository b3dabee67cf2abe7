#include "profileeditorpage.h"

#include "appresources.h"
#include "editor/codeeditor.h"
#include "editor/operationpalette.h"
#include "ops/builtinoperations.h"
#include "editing/operationsnippet.h"
#include "profileform/profileform.h"
#include "profile/profileparser.h"
#include "util/atomicfile.h"
#include "util/boundedfile.h"
#include "util/duration.h"
#include "yamlhighlighter.h"

#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBlock>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace vw {

QString defaultProfileYaml()
{
    initResources();
    QFile f(QStringLiteral(":/profiles/quickstart.yaml"));
    if (!f.open(QIODevice::ReadOnly))
        return QString(); // compiled in (resources/resources.qrc): does not happen
    return QString::fromUtf8(f.readAll());
}

ProfileEditorPage::ProfileEditorPage(QWidget *parent)
    : QWidget(parent)
{
    m_editor = new CodeEditor(this);
    m_editor->setObjectName(QStringLiteral("profileEditor"));
    m_editor->setAccessibleName(tr("Profile YAML"));
    m_editor->setAccessibleDescription(
        tr("The profile's text; Ctrl+Space completes, Ctrl+M switches Tab between indenting "
           "and moving focus"));
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_editor->setFont(mono);
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setTabStopDistance(QFontMetricsF(mono).horizontalAdvance(QLatin1Char(' ')) * 2);
    m_editor->setPlaceholderText(tr("Profile YAML (docs/profile-format.md)"));
    new YamlHighlighter(m_editor->document(), m_editor);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("profileStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);

    m_errorList = new QTreeWidget(this);
    m_errorList->setObjectName(QStringLiteral("profileErrors"));
    m_errorList->setAccessibleName(tr("Profile problems"));
    m_errorList->setRootIsDecorated(false);
    // The problem column takes the remaining width and wraps, so no message is cut off.
    m_errorList->setUniformRowHeights(false);
    m_errorList->setWordWrap(true);
    m_errorList->setTextElideMode(Qt::ElideNone);
    m_errorList->setAlternatingRowColors(true);
    m_errorList->setHeaderLabels({tr("Line"), tr("Col"), tr("Field"), tr("Problem")});
    m_errorList->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_errorList->header()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_errorList->header()->setStretchLastSection(true);
    m_errorList->setToolTip(tr("Click a problem to jump to it"));
    // A tree view cannot grow a row for wrapped text reliably, so the whole message of the
    // selected (else the first) problem is also shown wrapped below the list.
    m_problemText = new QLabel(this);
    m_problemText->setObjectName(QStringLiteral("profileProblemText"));
    m_problemText->setTextFormat(Qt::PlainText);
    m_problemText->setWordWrap(true);
    m_problemText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemText->hide();
    connect(m_errorList, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            m_problemText->setText(item->toolTip(3));
    });
    connect(m_errorList, &QTreeWidget::itemClicked, this, &ProfileEditorPage::jumpTo);
    connect(m_errorList, &QTreeWidget::itemActivated, this, &ProfileEditorPage::jumpTo);

    auto *bottom = new QWidget(this);
    auto *bl = new QVBoxLayout(bottom);
    bl->setContentsMargins(0, 0, 0, 0);
    bl->setSpacing(2);
    bl->addWidget(m_status);
    bl->addWidget(m_errorList);
    bl->addWidget(m_problemText);

    m_palette = new OperationPalette(builtinOperationTypes(), this);
    connect(m_palette, &OperationPalette::insertRequested, this,
            &ProfileEditorPage::insertOperation);

    auto *textAndPalette = new QSplitter(Qt::Horizontal, this);
    textAndPalette->setObjectName(QStringLiteral("editorPaletteSplit")); // remembered by name
    textAndPalette->addWidget(m_editor);
    textAndPalette->addWidget(m_palette);
    textAndPalette->setStretchFactor(0, 3); // a wider window widens the text most
    textAndPalette->setStretchFactor(1, 1);
    textAndPalette->setSizes({340, 180});
    textAndPalette->setChildrenCollapsible(false);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("editorProblemsSplit")); // remembered by name
    split->addWidget(textAndPalette);
    split->addWidget(bottom);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("profileViews"));
    m_views->setAccessibleName(tr("Profile views"));
    m_views->setDocumentMode(true);
    m_views->addTab(split, tr("YAML"));
    // the same profile as a form (ui/profileform/), kept in sync with the text both ways
    addView(new ProfileForm(m_editor, m_views), tr("Form"));

    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_views);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, &ProfileEditorPage::validate);
    connect(m_editor, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_editor, &QPlainTextEdit::textChanged, this, &ProfileEditorPage::textChanged);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this,
            &ProfileEditorPage::modificationChanged);
    validate();
}

void ProfileEditorPage::setText(const QString &yaml)
{
    // select-all + insert keeps the replacement one undoable step (setPlainText clears undo)
    QTextCursor c(m_editor->document());
    c.beginEditBlock();
    c.select(QTextCursor::Document);
    c.insertText(yaml);
    c.endEditBlock();
    m_editor->moveCursor(QTextCursor::Start);
    validateNow();
}

void ProfileEditorPage::setInitialText(const QString &yaml)
{
    startDocument(yaml, QString());
}

void ProfileEditorPage::startDocument(const QString &yaml, const QString &path)
{
    m_editor->setPlainText(yaml); // clears the undo and redo stacks
    m_editor->document()->clearUndoRedoStacks();
    m_editor->document()->setModified(false);
    m_editor->moveCursor(QTextCursor::Start);
    m_path = path;
    ++m_document;
    validateNow();
}

QPlainTextEdit *ProfileEditorPage::editor() const
{
    return m_editor;
}

int ProfileEditorPage::addView(QWidget *view, const QString &title)
{
    return m_views->addTab(view, title);
}

bool ProfileEditorPage::insertOperation(const QString &typeName)
{
    const OperationType *type = m_palette->type(typeName);
    if (!type)
        return false;
    const SnippetInsertion ins =
        operationInsertion(text(), m_editor->textCursor().position(), *type);
    QTextCursor c(m_editor->document());
    c.beginEditBlock();
    c.setPosition(ins.position);
    c.insertText(ins.text);
    c.endEditBlock();
    // the cursor on the new item's `type:` value
    const int at = ins.text.indexOf(QStringLiteral("- type: ") + typeName);
    c.setPosition(ins.position + (at >= 0 ? at + 8 : 0));
    c.movePosition(QTextCursor::EndOfBlock);
    m_editor->setTextCursor(c);
    m_editor->ensureCursorVisible();
    m_editor->setFocus();
    return true;
}

QString ProfileEditorPage::text() const
{
    return m_editor->toPlainText();
}

bool ProfileEditorPage::isModified() const
{
    return m_editor->document()->isModified();
}

QString ProfileEditorPage::documentName() const
{
    if (!m_path.isEmpty())
        return QFileInfo(m_path).fileName();
    return m_profile ? m_profile->name : tr("untitled");
}

bool ProfileEditorPage::loadFile(const QString &path, QString *error)
{
    // The same limits as the CLI's loadProfileFile(): a device or pipe (/dev/zero) is not a
    // profile, and one over kMaxProfileBytes is refused, not cut.
    QString why;
    const std::optional<QByteArray> bytes = readBoundedFile(path, kMaxProfileBytes, &why);
    if (!bytes) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, why);
        return false;
    }
    // A new document: the undo history of the previous one goes with it, so Ctrl+Z can
    // never bring another file's text under this file's name (and Ctrl+S write it there).
    startDocument(QString::fromUtf8(*bytes), path);
    return true;
}

void ProfileEditorPage::saveTo(const QString &path)
{
    const QByteArray data = text().toUtf8();
    const int revision = m_editor->document()->revision();
    const quint64 document = m_document;
    m_saves.start(
        [path, data](const JobContext &) {
            QString err; // "cannot write PATH: <the OS reason>" (util/atomicfile.h)
            writeFileAtomically(path, data, &err);
            return err;
        },
        [this, path, revision, document](const QString &error) {
            // the file now holds what was written; the editor follows only if it still
            // shows the document that was saved (another file may have been opened since)
            if (error.isEmpty() && document == m_document) {
                m_path = path;
                if (m_editor->document()->revision() == revision)
                    m_editor->document()->setModified(false);
            }
            emit saved(path, error);
        });
}

bool ProfileEditorPage::validateNow()
{
    if (m_debounce->isActive() || m_firstValidation) {
        m_debounce->stop();
        validate();
    }
    return isValid();
}

void ProfileEditorPage::validate()
{
    m_firstValidation = false;
    const ProfileParseResult r = parseProfile(text().toUtf8());
    m_errors = r.errors;
    if (r.ok())
        m_profile = r.profile;
    else
        m_profile.reset();
    showErrors();
    if (isValid() != m_lastValid) {
        m_lastValid = isValid();
        emit validityChanged(m_lastValid);
    }
    if (m_profile)
        emit profileChanged(*m_profile);
}

void ProfileEditorPage::showErrors()
{
    m_errorList->clear();
    QList<QTextEdit::ExtraSelection> marks;
    QTextCharFormat lineFmt;
    lineFmt.setBackground(QColor(0xfd, 0xe2, 0xe1));
    lineFmt.setProperty(QTextFormat::FullWidthSelection, true);
    for (const ProfileError &e : std::as_const(m_errors)) {
        auto *item = new QTreeWidgetItem(m_errorList);
        item->setText(0, e.line > 0 ? QString::number(e.line) : QStringLiteral("–"));
        item->setText(1, e.column > 0 ? QString::number(e.column) : QStringLiteral("–"));
        item->setText(2, e.field);
        item->setText(3, e.message);
        item->setData(0, Qt::UserRole, e.line);
        item->setData(1, Qt::UserRole, e.column);
        item->setToolTip(3, e.toString());
        if (e.line > 0) {
            const QTextBlock b = m_editor->document()->findBlockByNumber(e.line - 1);
            if (b.isValid()) {
                QTextEdit::ExtraSelection sel;
                sel.cursor = QTextCursor(b);
                sel.format = lineFmt;
                marks << sel;
            }
        }
    }
    m_editor->setExtraSelections(marks);
    m_problemText->setVisible(!m_errors.isEmpty());
    m_problemText->setText(m_errors.isEmpty() ? QString() : m_errors.first().toString());
    QSet<int> problemLines;
    for (const ProfileError &e : std::as_const(m_errors))
        if (e.line > 0)
            problemLines.insert(e.line);
    m_editor->setProblemLines(problemLines);

    if (m_profile) {
        const Profile &p = *m_profile;
        m_status->setText(tr("✔ Valid: %1 stage(s), %2 operation(s), %3 in total")
                              .arg(p.ramp.stages.size())
                              .arg(p.operations.size())
                              .arg(formatDurationMs(p.totalDurationMs())));
        m_status->setStyleSheet(QStringLiteral("color: #2e7d32;"));
    } else {
        m_status->setText(m_errors.isEmpty() ? tr("✖ Not a valid profile")
                                             : tr("✖ %n problem(s): Run is disabled until fixed",
                                                  nullptr, int(m_errors.size())));
        m_status->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: bold;"));
    }
}

void ProfileEditorPage::jumpTo(QTreeWidgetItem *item)
{
    if (!item)
        return;
    const int line = item->data(0, Qt::UserRole).toInt();
    const int column = item->data(1, Qt::UserRole).toInt();
    if (line <= 0)
        return;
    const QTextBlock b = m_editor->document()->findBlockByNumber(line - 1);
    if (!b.isValid())
        return;
    QTextCursor c(b);
    c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                   std::clamp(column - 1, 0, std::max(0, b.length() - 1)));
    m_editor->setTextCursor(c);
    m_editor->centerCursor();
    m_editor->setFocus();
}

} // namespace vw
