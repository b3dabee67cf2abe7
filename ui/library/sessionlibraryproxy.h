// The session library's search and sort (ui/library/sessionlibraryview.h): a filter over all
// columns, case-insensitive, and a sort on SessionLibraryModel::SortRole (numbers and dates)
// that keeps rows without the figure ("-") last in either order. GUI thread only.
#pragma once

#include <QSortFilterProxyModel>

namespace vw {

class SessionLibraryProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit SessionLibraryProxy(QObject *parent = nullptr);

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

} // namespace vw
