#include "window/tablecolumns.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QPointer>
#include <QTableView>
#include <QTimer>

#include <algorithm>

namespace vw {

namespace {

class ColumnKeeper : public QObject {
public:
    ColumnKeeper(QTableView *view, int stretch)
        : QObject(view)
        , m_view(view)
        , m_stretch(stretch)
    {
        m_pending.setSingleShot(true);
        m_pending.setInterval(0); // once per event-loop pass, however many updates came
        connect(&m_pending, &QTimer::timeout, this, [this] { fit(); });
        QAbstractItemModel *model = view->model();
        QHeaderView *header = view->horizontalHeader();
        header->setSectionResizeMode(QHeaderView::Interactive);
        if (m_stretch >= 0 && m_stretch < model->columnCount())
            header->setSectionResizeMode(m_stretch, QHeaderView::Stretch);
        connect(model, &QAbstractItemModel::modelReset, this, [this] { schedule(true); });
        connect(model, &QAbstractItemModel::layoutChanged, this, [this] { schedule(true); });
        connect(model, &QAbstractItemModel::rowsInserted, this, [this] { schedule(false); });
        connect(model, &QAbstractItemModel::dataChanged, this, [this] { schedule(false); });
        connect(model, &QAbstractItemModel::headerDataChanged, this, [this] { schedule(false); });
        schedule(true);
    }

private:
    void schedule(bool refit)
    {
        m_refit = m_refit || refit;
        m_pending.start();
    }

    void fit()
    {
        if (!m_view || !m_view->model())
            return;
        QHeaderView *header = m_view->horizontalHeader();
        const int n = m_view->model()->columnCount();
        for (int c = 0; c < n; ++c) {
            if (c == m_stretch)
                continue;
            const int want = neededColumnWidth(m_view, c);
            // a new session: fit; the same one updated: only wider
            if (m_refit ? want != header->sectionSize(c) : want > header->sectionSize(c))
                header->resizeSection(c, want);
        }
        m_refit = false;
    }

    QPointer<QTableView> m_view;
    int m_stretch;
    bool m_refit = false;
    QTimer m_pending;
};

} // namespace

int neededColumnWidth(const QTableView *view, int column)
{
    const QHeaderView *header = view->horizontalHeader();
    // sizeHintForColumn() covers the rows laid out (what is visible), each cell's delegate;
    // QTableView's override is reached through the public base
    const auto *base = static_cast<const QAbstractItemView *>(view);
    return std::max(header->sectionSizeHint(column), base->sizeHintForColumn(column));
}

void keepColumnsStable(QTableView *view, int stretchColumn)
{
    new ColumnKeeper(view, stretchColumn);
}

} // namespace vw
