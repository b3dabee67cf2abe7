// The comparison's tables as item models (ui/comparisonview.h shows them in QTableViews), over
// one Comparison (core/session/comparison.h) and, once assessComparison() has filled them, its
// verdicts (core/session/comparisonverdicts.h):
//   Capacity  one row per op x capacity point, the rows `compare` prints
//             (core/report/capacitypoints.h), a column per session;
//   Ratios    one row per op x aligned load level: each session's throughput (/s) and p99
//             (ms), then throughput and p99 of each B against A (×); a client-bound stage's
//             cells end in " ⚠", with the guard's reasons as tooltip;
//   Verdicts  one row per op x session B x level x metric: the ratio B/A, its 95 % interval,
//             the verdict's words (better / worse / no change / inconclusive / not assessed,
//             always in the cell: colour is never the only sign) and why.
// Colours come from the shared palette (core/charts/chartpalette.h, verdictBackground()): both
// the background and the text are set for tinted cells, so they read the same in the light and
// dark themes; a client-bound cell's grey follows the application palette when it is asked
// for (ui/theme/windowtheme.h, clientBoundCellColours(): no light island in the dark theme);
// untinted cells take the view's palette. A missing figure is "-", never 0.
// GUI thread only (like every model).
#pragma once

#include "session/comparison.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QList>
#include <QString>

#include <utility>

namespace vw {

class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Table { Capacity, Ratios, Verdicts };
    /// Columns of the Verdicts table.
    enum VerdictColumn {
        OpColumn,
        SessionColumn, ///< "B", "C", ...
        LoadColumn,
        MetricColumn, ///< "throughput", "p50", "p95", "p99"
        RatioColumn, ///< "1.12×" or "-"
        IntervalColumn, ///< "1.05-1.19×" or "-"
        WordsColumn, ///< the verdict in words; VerdictRole: the Verdict as int
        WhyColumn,
        VerdictColumnCount
    };
    /// The Verdict (core/analysis/verdict.h) of a Verdicts row as int, on every column of the
    /// row; an invalid QVariant elsewhere.
    static constexpr int VerdictRole = Qt::UserRole + 1;
    /// Headers longer than this are elided in the middle ("…"), whole in their tooltip.
    static constexpr int kMaxHeaderChars = 28;

    explicit ComparisonTableModel(Table table, QObject *parent = nullptr);

    Table table() const { return m_table; }
    /// Rebuilds the table from `c` of `sessions` (the sessions compared, in c's order; the
    /// Capacity rows read them, a missing one shows "-"). Fewer than two sessions, or Verdicts
    /// of a comparison not assessed yet: no rows and no columns.
    void setComparison(const Comparison &c, const QList<Session> &sessions = {});

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    /// Display (text), ToolTip (whole text or reason), TextAlignment (figures right), Font
    /// (verdict words bold; not assessed italic), Background/Foreground (tinted cells only),
    /// VerdictRole.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    /// Horizontal: Display (elided past kMaxHeaderChars) and ToolTip (what it means).
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Cell {
        Cell(QString text = QString(), QString tip = QString(), bool number = true)
            : text(std::move(text))
            , tip(std::move(tip))
            , number(number)
        {
        }
        QString text;
        QString tip; ///< empty: the text
        bool number = true;
        QColor background; ///< invalid: the view's
        QColor foreground;
        bool bold = false;
        bool italic = false;
        int verdict = -1; ///< Verdict as int on a Verdicts row, else -1
        bool clientBound = false; ///< coloured by clientBoundCellColours() of the palette
    };
    struct Header {
        QString text;
        QString tip;
    };
    void buildCapacity(const Comparison &c, const QList<Session> &sessions);
    void buildRatios(const Comparison &c);
    void buildVerdicts(const Comparison &c);

    Table m_table;
    QList<Header> m_headers;
    QList<QList<Cell>> m_rows;
};

} // namespace vw
