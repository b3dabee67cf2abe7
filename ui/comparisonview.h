// Side-by-side comparison of the sessions shown in the results page (issue 4, "Comparison"):
// a table of their capacity points (knee, saturation, failure, max throughput, p99 at the
// knee, USL N*) and the per-stage ratio table (throughput B/A, p99 B/A aligned by VUs), from
// core/session/comparison.h. The warnings are exposed for the page's banner. GUI thread only.
#pragma once

#include "session/comparison.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QTableWidget;
QT_END_NAMESPACE

namespace vw {

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonView(QWidget *parent = nullptr);

    /// Two or more sessions: fills the tables (the first is A, the baseline). Fewer: clears.
    void setSessions(const QList<Session> &sessions);

    bool isActive() const { return m_active; }
    const Comparison &comparison() const { return m_comparison; }
    /// One line per warning, "" when the sessions were run the same way (or fewer than two).
    QString warningText() const;

    QTableWidget *capacityTable() const { return m_capacity; }
    QTableWidget *ratioTable() const { return m_ratios; }

private:
    void fillCapacity();
    void fillRatios();

    bool m_active = false;
    Comparison m_comparison;
    QTableWidget *m_capacity = nullptr;
    QTableWidget *m_ratios = nullptr;
};

} // namespace vw
