// Results: latency, throughput and error ratio against load (VUs, or the offered rate for
// arrival-rate runs; the chart model, core/report/chartmodel.h, with the capacity analysis
// drawn on them), latency and throughput over time, the per-stage table, the overlay list, and with two or more
// sessions the comparison tables and a warning banner when they were not run the same way. The primary source is the live run or the opened session; overlays are
// other sessions drawn beside it in distinct colours, named by their labels. The page keeps
// value copies (QList<StageStats>, Session) and hands them to the charts and the model;
// charts never own data. GUI thread only.
#pragma once

#include "report/curvesource.h"
#include "engine/runsnapshot.h"
#include "session/session.h"

#include <QWidget>
#include <optional>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QTimer;
class QComboBox;
class QListWidget;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;
QT_END_NAMESPACE

namespace vw {

class ComparisonView;
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

    // During a live run only the charts on screen follow each update; the others (in hidden
    // tabs) catch up when shown or fetched here (for export), so they are never stale.
    StageCurveChart *latencyChart() const { return current(m_latency); }
    StageCurveChart *throughputChart() const { return current(m_throughput); }
    StageCurveChart *errorChart() const { return current(m_errors); }
    TimeSeriesChart *timeChart() const { return current(m_time); }
    TimeSeriesChart *timeThroughputChart() const { return current(m_timeThroughput); }
    /// Side-by-side table and per-stage ratios; active with two or more saved sessions shown.
    ComparisonView *comparisonView() const { return m_comparison; }
    /// The banner above the charts naming what differs between the sessions shown.
    QLabel *warningBanner() const { return m_banner; }
    StageTableModel *stageModel() const { return m_model; }
    QTableView *stageTable() const { return m_table; }

signals:
    void addOverlayRequested();
    void overlaysChanged(int count);

private:
    QString uniqueLabel(const QString &wanted) const;
    QList<CurveSource> sources() const;
    /// Sends the sources to every chart now. Const: it changes the chart widgets, not the
    /// page's data.
    void refreshCharts() const;
    /// Live path: marks every chart outdated and refreshes the visible ones one per
    /// event-loop pass (m_liveChartTimer), so input and timers run between them; charts in
    /// hidden tabs stay outdated until shown or fetched.
    void scheduleLiveChartRefresh();
    void refreshNextLiveChart();
    void refreshChart(int i) const;   ///< i indexes chartWidgets()
    QList<QWidget *> chartWidgets() const;
    template <typename Chart>
    Chart *current(Chart *chart) const
    {
        if (m_outdatedCharts)
            refreshCharts();
        return chart;
    }
    void refreshTable();
    void refreshOverlayList();
    void refreshComparison();

    std::optional<CurveSource> m_primary;
    mutable unsigned m_outdatedCharts = 0;   ///< bit i: chartWidgets()[i] missed an update
    QTimer *m_liveChartTimer = nullptr;
    QList<CurveSource> m_overlays;
    std::optional<Session> m_primarySession;   ///< the opened session (none while live)
    QList<Session> m_overlaySessions;          ///< parallel to m_overlays, labels made unique

    StageCurveChart *m_latency = nullptr;
    StageCurveChart *m_throughput = nullptr;
    StageCurveChart *m_errors = nullptr;
    TimeSeriesChart *m_time = nullptr;
    TimeSeriesChart *m_timeThroughput = nullptr;
    ComparisonView *m_comparison = nullptr;
    QLabel *m_banner = nullptr;
    QTabWidget *m_bottomTabs = nullptr;
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
