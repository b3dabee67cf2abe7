// The session library's table: one row per session file (core/session/sessionindex.h),
// filled in as summaries arrive (ui/library/sessionlibraryreader.h). A file that could not be
// read is a row too, with its error in the Note column. Missing figures show "-", never 0.
// Sort with SortRole (numbers and dates, not their text); search with a
// QSortFilterProxyModel over all columns (ui/library/sessionlibraryview.h). GUI thread only.
#pragma once

#include "session/sessionindex.h"

#include <QAbstractTableModel>
#include <QList>

namespace vw {

class SessionLibraryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Label,
        Profile,
        Target,
        Started,
        Status,
        /// What the run left on the server (SessionSummary::leftoverText()); the tooltip
        /// lists it with the command that sweeps it.
        Leftovers,
        Stages,
        PeakThroughput, ///< successes per second at the peak stage, first op
        P99AtPeak, ///< ms
        Knee, ///< VUs
        Note, ///< the run's error, or why the file cannot be read
        File,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, ///< numbers, dates and text to sort by
        PathRole, ///< the file's path (every column)
    };

    explicit SessionLibraryModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    void clear();
    /// Adds the summary, or replaces the row of the same path.
    void upsert(const SessionSummary &summary);
    /// Removes the row of `path`; false when there is none.
    bool remove(const QString &path);
    /// The row of `path`, -1 when absent.
    int rowOf(const QString &path) const;
    const SessionSummary &summary(int row) const { return m_rows.at(row); }

private:
    QVariant display(const SessionSummary &s, int column) const;
    QVariant sortKey(const SessionSummary &s, int column) const;

    QList<SessionSummary> m_rows;
};

} // namespace vw
