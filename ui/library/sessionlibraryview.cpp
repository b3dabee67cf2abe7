#include "sessionlibraryview.h"

#include "exportfolder.h"

#include "sessionlibrarymodel.h"
#include "sessionlibraryproxy.h"
#include "sessionlibraryreader.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace vw {

namespace {
const QString kFoldersKey = QStringLiteral("library/folders");
}

SessionLibraryView::SessionLibraryView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("sessionLibrary"));
    m_model = new SessionLibraryModel(this);
    m_proxy = new SessionLibraryProxy(this);
    m_proxy->setSourceModel(m_model);
    m_reader = new SessionLibraryReader(this);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("librarySearch"));
    m_search->setPlaceholderText(tr("Search label, profile, target, status…"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_proxy->setFilterFixedString(t);
        updateCount();
    });
    // Esc in the search box clears it (and is used up there: it reaches no window action)
    auto *clearSearch = new QAction(tr("Clear the search"), m_search);
    clearSearch->setObjectName(QStringLiteral("librarySearchClear"));
    clearSearch->setShortcut(QKeySequence(Qt::Key_Escape));
    clearSearch->setShortcutContext(Qt::WidgetShortcut);
    m_search->addAction(clearSearch);
    connect(clearSearch, &QAction::triggered, m_search, &QLineEdit::clear);
    auto *refresh = new QPushButton(tr("Refresh"), this);
    refresh->setObjectName(QStringLiteral("libraryRefresh"));
    connect(refresh, &QPushButton::clicked, this, &SessionLibraryView::refresh);
    auto *add = new QPushButton(tr("Add Folder…"), this);
    add->setObjectName(QStringLiteral("libraryAddFolder"));
    add->setToolTip(tr("List the sessions of another folder too"));
    connect(add, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a folder of sessions"));
        if (!dir.isEmpty())
            addFolder(dir);
    });
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("libraryCount"));

    auto *top = new QHBoxLayout;
    top->addWidget(m_search, 1);
    top->addWidget(m_count);
    top->addWidget(refresh);
    top->addWidget(add);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("libraryTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SessionLibraryModel::Started, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_table, &QTableView::doubleClicked, this, &SessionLibraryView::openSelected);

    auto button = [this](const QString &text, const QString &name, const QString &tip,
                         void (SessionLibraryView::*slot)()) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setToolTip(tip);
        connect(b, &QPushButton::clicked, this, slot);
        auto *a = new QAction(text, m_table);
        connect(a, &QAction::triggered, this, slot);
        m_table->addAction(a);
        return b;
    };
    m_open =
        button(tr("Open"), QStringLiteral("libraryOpen"),
               tr("Open as the main session (double-click)"), &SessionLibraryView::openSelected);
    m_overlay = button(tr("Overlay"), QStringLiteral("libraryOverlay"),
                       tr("Compare with the sessions shown"), &SessionLibraryView::overlaySelected);
    m_rename = button(tr("Rename…"), QStringLiteral("libraryRename"),
                      tr("Change the session's label (written into the file)"),
                      &SessionLibraryView::renameSelected);
    m_delete =
        button(tr("Delete…"), QStringLiteral("libraryDelete"),
               tr("Move the session file to the trash"), &SessionLibraryView::deleteSelected);
    m_reveal = button(tr("Show in Folder"), QStringLiteral("libraryReveal"),
                      tr("Open the file's folder in the file manager"),
                      &SessionLibraryView::revealSelected);
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {m_open, m_overlay, m_rename, m_delete, m_reveal})
        buttons->addWidget(b);
    buttons->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SessionLibraryView::updateButtons);
    connect(m_reader, &SessionLibraryReader::scanStarted, this, [this] {
        m_model->clear();
        updateCount();
    });
    connect(m_reader, &SessionLibraryReader::summaryRead, this, [this](const SessionSummary &s) {
        m_model->upsert(s);
        updateCount();
    });
    connect(m_reader, &SessionLibraryReader::scanFinished, this, [this](int files) {
        if (!m_columnsSized && files > 0) { // once: later scans keep the user's widths
            m_columnsSized = true;
            m_table->resizeColumnsToContents();
            for (int c = 0; c < SessionLibraryModel::ColumnCount; ++c)
                m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 260));
        }
        updateCount();
        updateButtons();
        emit scanFinished(files);
    });
    connect(m_reader, &SessionLibraryReader::labelWritten, this,
            [this](const QString &path, const SessionSummary &s, const QString &error) {
                if (!error.isEmpty()) {
                    emit message(tr("Could not rename: %1").arg(error));
                    return;
                }
                m_model->upsert(s);
                emit message(tr("Label of %1 set to %2").arg(QFileInfo(path).fileName(), s.label));
                emit sessionRenamed(path, s.id, s.label);
            });
    connect(m_reader, &SessionLibraryReader::removed, this,
            [this](const QString &path, bool trashed, const QString &error) {
                if (!error.isEmpty()) {
                    emit message(tr("Could not delete %1: %2").arg(path, error));
                    return;
                }
                m_model->remove(path);
                updateCount();
                updateButtons();
                emit message(trashed ? tr("%1 moved to the trash").arg(QFileInfo(path).fileName())
                                     : tr("%1 deleted").arg(QFileInfo(path).fileName()));
                emit sessionDeleted(path);
            });

    m_addedFolders = QSettings().value(kFoldersKey).toStringList();
    updateButtons();
    updateCount();
}

void SessionLibraryView::setBaseFolders(const QStringList &folders)
{
    m_baseFolders = folders;
    m_stale = true;
}

QStringList SessionLibraryView::folders() const
{
    QStringList out = m_baseFolders;
    for (const QString &f : m_addedFolders)
        if (!out.contains(f))
            out << f;
    return out;
}

void SessionLibraryView::addFolder(const QString &folder)
{
    const QString clean = QDir::cleanPath(folder);
    if (!m_addedFolders.contains(clean)) {
        m_addedFolders << clean;
        QSettings().setValue(kFoldersKey, m_addedFolders);
    }
    refresh();
}

void SessionLibraryView::refresh()
{
    m_stale = false;
    m_reader->scan(folders());
}

void SessionLibraryView::markStale()
{
    if (isVisible())
        refresh();
    else
        m_stale = true;
}

void SessionLibraryView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

bool SessionLibraryView::isScanning() const
{
    return m_reader->isScanning();
}

void SessionLibraryView::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void SessionLibraryView::setFilterText(const QString &text)
{
    m_search->setText(text);
}

QString SessionLibraryView::selectedPath() const
{
    const QModelIndex i = m_table->currentIndex();
    return i.isValid() ? i.data(SessionLibraryModel::PathRole).toString() : QString();
}

bool SessionLibraryView::selectPath(const QString &path)
{
    const int row = m_model->rowOf(path);
    if (row < 0)
        return false;
    const QModelIndex i = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!i.isValid())
        return false;
    m_table->setCurrentIndex(i);
    m_table->selectRow(i.row());
    return true;
}

void SessionLibraryView::renameSession(const QString &path, const QString &label)
{
    m_reader->writeLabel(path, label);
}

void SessionLibraryView::deleteSession(const QString &path)
{
    m_reader->remove(path);
}

void SessionLibraryView::openSelected()
{
    const int row = m_model->rowOf(selectedPath());
    if (row >= 0 && m_model->summary(row).ok()) // an unreadable row has nothing to open
        emit openRequested(m_model->summary(row).path);
}

void SessionLibraryView::overlaySelected()
{
    const int row = m_model->rowOf(selectedPath());
    if (row >= 0 && m_model->summary(row).ok())
        emit overlayRequested(m_model->summary(row).path);
}

void SessionLibraryView::renameSelected()
{
    const int row = m_model->rowOf(selectedPath());
    if (row < 0 || !m_model->summary(row).ok())
        return;
    const SessionSummary &s = m_model->summary(row);
    bool ok = false;
    const QString label = QInputDialog::getText(this, tr("Rename session"), tr("Label:"),
                                                QLineEdit::Normal, s.displayLabel(), &ok);
    if (ok && !label.trimmed().isEmpty())
        renameSession(s.path, label.trimmed());
}

void SessionLibraryView::deleteSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    QString question = tr("Move %1 to the trash?\n(Where there is no trash, it is deleted.)")
                           .arg(QDir::toNativeSeparators(path));
    if (m_isShown && m_isShown(path))
        question += QLatin1Char('\n')
                    + tr("This session is shown in the window; its results "
                         "stay on screen, without a file.");
    const auto answer = QMessageBox::question(this, tr("Delete session"), question);
    if (answer == QMessageBox::Yes)
        deleteSession(path);
}

void SessionLibraryView::revealSelected()
{
    const QString path = selectedPath();
    if (!path.isEmpty())
        showInFolder(path);
}

void SessionLibraryView::updateButtons()
{
    const int row = m_model->rowOf(selectedPath());
    const bool any = row >= 0;
    const bool readable = any && m_model->summary(row).ok();
    m_open->setEnabled(readable);
    m_overlay->setEnabled(readable);
    m_rename->setEnabled(readable);
    m_delete->setEnabled(any);
    m_reveal->setEnabled(any);
}

void SessionLibraryView::updateCount()
{
    const int all = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    QString text = shown == all ? tr("%n session(s)", nullptr, all)
                                : tr("%1 of %2 sessions").arg(shown).arg(all);
    if (m_reader->isScanning())
        text += tr(", reading…");
    m_count->setText(text);
}

} // namespace vw
