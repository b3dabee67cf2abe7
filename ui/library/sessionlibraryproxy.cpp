#include "sessionlibraryproxy.h"

#include "sessionlibrarymodel.h"

namespace vw {

SessionLibraryProxy::SessionLibraryProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setSortRole(SessionLibraryModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

bool SessionLibraryProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const bool l = left.data(sortRole()).isValid();
    const bool r = right.data(sortRole()).isValid();
    if (l != r) // the row without a value goes last: the sort reverses this when descending
        return sortOrder() == Qt::AscendingOrder ? l : r;
    if (!l)
        return false;
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace vw
