// The session library ("Sessions" dock, Sessions > Session Library): the saved sessions of
// the auto-save folder and of folders the user adds, one row each (ui/library/
// sessionlibrarymodel.h) with a search box over all columns and sortable columns. Open (as
// the main session, also by double-click), Overlay (compare with the sessions shown), Rename
// label (written into the file), Delete (to the trash, after a confirmation) and Show in
// folder act on the selected row. Folders are read off the GUI thread
// (ui/library/sessionlibraryreader.h); the table fills in as summaries arrive. The added
// folders are kept in QSettings ("library/folders"). GUI thread only.
#pragma once

#include <QStringList>
#include <QWidget>

#include <functional>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
QT_END_NAMESPACE

namespace vw {

class SessionLibraryModel;
class SessionLibraryReader;

class SessionLibraryView : public QWidget {
    Q_OBJECT
public:
    explicit SessionLibraryView(QWidget *parent = nullptr);

    /// The folders always listed (the auto-save folder and older ones). Read at the next
    /// refresh() (the first showing of the view makes one).
    void setBaseFolders(const QStringList &folders);
    /// Base folders, then the folders the user added.
    QStringList folders() const;
    /// Adds a folder to the list (kept in QSettings) and rescans.
    void addFolder(const QString &folder);
    /// Reads the folders again (off the GUI thread).
    void refresh();
    /// The folders changed (e.g. a run saved a session): refresh now when shown, else at the
    /// next showing.
    void markStale();
    bool isScanning() const;

    /// Puts the keyboard focus in the search box.
    void focusSearch();
    /// Shows only rows with `text` in any column (case-insensitive).
    void setFilterText(const QString &text);

    SessionLibraryModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    /// The file of the current row, empty when none.
    QString selectedPath() const;
    /// Makes the row of `path` current; false when it is not listed or filtered out.
    bool selectPath(const QString &path);

    /// Writes `label` into the file (off the GUI thread); the row follows when written.
    void renameSession(const QString &path, const QString &label);
    /// Moves the file to the trash (or deletes it), without asking; the row goes when done.
    void deleteSession(const QString &path);

    /// Tells whether a file is the session shown in the window (main, overlay or the run's
    /// saved file): the delete question then says so. Unset: never.
    void setShownCheck(std::function<bool(const QString &path)> isShown)
    {
        m_isShown = std::move(isShown);
    }

    void openSelected();
    void overlaySelected();
    void renameSelected(); ///< asks for the label
    void deleteSelected(); ///< asks for confirmation
    void revealSelected(); ///< the file's folder in the file manager

signals:
    void openRequested(const QString &path);
    void overlayRequested(const QString &path);
    /// For the status bar: what happened (renamed, deleted, an error).
    void message(const QString &text);
    /// The label of session `id` in `path` was rewritten to `label` (after renameSession()):
    /// what shows that session follows (SessionSet::renameSession()).
    void sessionRenamed(const QString &path, const QString &id, const QString &label);
    /// `path` was moved to the trash or deleted (after deleteSession()).
    void sessionDeleted(const QString &path);
    void scanFinished(int files);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void updateButtons();
    void updateCount();

    SessionLibraryModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    SessionLibraryReader *m_reader = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_count = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_overlay = nullptr;
    QPushButton *m_rename = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_reveal = nullptr;
    std::function<bool(const QString &)> m_isShown;
    QStringList m_baseFolders;
    QStringList m_addedFolders;
    bool m_stale = true; ///< not read since the folders changed
    bool m_columnsSized = false;
};

} // namespace vw
