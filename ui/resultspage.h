// Results: latency and throughput against VUs, latency over time, the per-stage table, and
// the overlay list. The primary source is the live run or the opened session; overlays are
// other sessions drawn beside it in distinct colours, named by their labels. The page keeps
// value copies (QList<StageStats>, Session) and hands them to the charts and the model;
// charts never own data. GUI thread only.
#pragma once

#include "charts/curvesource.h"
#include "engine/runsnapshot.h"
#include "session/session.h"

#include <QWidget>
#include <optional>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QListWidget;
class QPushButton;
class QTableView;
QT_END_NAMESPACE

namespace vw {

class StageCurveChart;
class StageTableModel;
class TimeSeriesChart;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPage(QWidget *parent = nullptr);

    /// A run starts: the primary becomes an empty live source named `label`.
    void beginLive(const QString &label);
    /// Coalesced live state (completed stages + the current partial stage).
    void showLive(const RunSnapshot &snapshot);
    /// The primary becomes `session` (a finished run or an opened file).
    void showSession(const Session &session);
    bool hasPrimary() const { return m_primary.has_value(); }

    /// Adds `session` as an overlay; its label is made unique among the sources shown.
    void addOverlay(const Session &session);
    /// Removes the selected overlays (or the last one when none is selected).
    void removeSelectedOverlays();
    void removeOverlay(int index);
    int overlayCount() const { return int(m_overlays.size()); }

    void setPercentiles(const QList<int> &percentiles);
    QList<int> percentiles() const;

    StageCurveChart *latencyChart() const { return m_latency; }
    StageCurveChart *throughputChart() const { return m_throughput; }
    StageTableModel *stageModel() const { return m_model; }
    QTableView *stageTable() const { return m_table; }

signals:
    void addOverlayRequested();
    void overlaysChanged(int count);

private:
    QString uniqueLabel(const QString &wanted) const;
    QList<CurveSource> sources() const;
    void refreshCharts();
    void refreshTable();
    void refreshOverlayList();

    std::optional<CurveSource> m_primary;
    QList<CurveSource> m_overlays;

    StageCurveChart *m_latency = nullptr;
    StageCurveChart *m_throughput = nullptr;
    TimeSeriesChart *m_time = nullptr;
    StageTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QComboBox *m_tableSource = nullptr;
    QListWidget *m_overlayList = nullptr;
    QPushButton *m_removeOverlay = nullptr;
    QCheckBox *m_p50 = nullptr;
    QCheckBox *m_p95 = nullptr;
    QCheckBox *m_p99 = nullptr;
};

} // namespace vw
