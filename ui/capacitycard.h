// The results page's capacity summary card (issue 22): for the session shown as the main
// entry of the SessionSet (ui/models/sessionset.h), per operation, the capacity points as
// `vault-workbench compare` prints them (the rows of core/report/capacitypoints.h: knee,
// saturation, failure, max throughput @VUs of the stages used, the raw peak of every stage
// @VUs, max in SLO @VUs and the p99 there, p99 at the knee, USL N*, the stages used), the SLO
// they were judged against, and each stage the analysis left out with its reason. One source
// with the CLI: no figure is computed here. While a run is live, it says the points come when
// the run ends. GUI thread only; the analysis was computed before the session reached the set.
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace vw {

class SessionSet;

class CapacityCard : public QWidget {
    Q_OBJECT
public:
    /// Follows `set` (not owned; it outlives the card).
    explicit CapacityCard(SessionSet *set, QWidget *parent = nullptr);

    /// Rows: capacityRows() (core/report/capacitypoints.h), in order; columns: the ops.
    QTableWidget *table() const { return m_table; }
    /// "<label>: judged against the SLO p99 <= 50 ms" (or why there are no points yet).
    QLabel *heading() const { return m_heading; }
    /// One line per stage left out, "op: stage 4 (16 VUs): client-bound: ...", or the
    /// sentence that every stage was used.
    QLabel *excludedLabel() const { return m_excluded; }

private:
    void refresh();

    SessionSet *m_set = nullptr;
    QLabel *m_heading = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_excluded = nullptr;
};

} // namespace vw
