// Results: latency, throughput and error ratio against load (VUs, or the offered rate for
// arrival-rate runs), with the capacity analysis drawn on them, latency and throughput over
// time, the per-stage table, the list of sessions shown, and with two or more sessions the
// comparison tables, a neutral line naming what they compare (operation params) and a warning
// banner for what spoils the comparison (core/session/comparison.h), side by side on one line
// above the charts (each elided, whole in its tool tip and under "Details"), so the comparison
// tables keep their rows at 1600x1000 with both up. A view of the
// SessionSet (ui/models/sessionset.h): the main entry (the live run or the opened session), the
// overlays drawn beside it in distinct colours, named by their labels, and the latency
// percentiles all live there; the page keeps no copy of them. The charts are fed in one place
// (chartSources(), refreshCharts()) and drawn from the chart model (core/charts/chartmodel.h);
// charts never own data. The charts against load carry each session's 95% interval bands and
// its replicates' faint points (ui/charts/chartintervals.h, computed off the GUI thread; a live
// run's once each stage ends), the points behind the "replicates" toggle (kept in QSettings,
// kShowReplicatesKey). GUI thread only.
#pragma once

#include "charts/curvesource.h"
#include "engine/runsnapshot.h"
#include "session/session.h"

#include "charts/chartmodel.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QTimer;
class QComboBox;
class QListWidget;
class QLabel;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;
QT_END_NAMESPACE

namespace vw {

class CapacityCard;
class ChartIntervals;
class ComparisonView;
class SessionSet;
class StageCurveChart;
class StageTableModel;
class TimeSeriesChart;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    /// Shows `set` (not owned; it outlives the page); nullptr: as below.
    explicit ResultsPage(SessionSet *set, QWidget *parent = nullptr);
    /// A page with a SessionSet of its own (a child of the page).
    explicit ResultsPage(QWidget *parent = nullptr);

    SessionSet *sessionSet() const { return m_set; }
    /// Shorthand for sessionSet()->setMain(session).
    void showSession(const Session &session);

    /// Removes the overlays selected in the list (or the last one when none is selected).
    void removeSelectedOverlays();

    // During a live run only the charts on screen follow each update; the others (in hidden
    // tabs) catch up when shown or fetched here (for export), so they are never stale.
    StageCurveChart *latencyChart() const;
    StageCurveChart *throughputChart() const;
    StageCurveChart *errorChart() const;
    TimeSeriesChart *timeChart() const;
    TimeSeriesChart *timeThroughputChart() const;
    /// Errors per second by class over time (ChartKind::ErrorsOverTime).
    TimeSeriesChart *timeErrorsChart() const;
    /// The server chart of `kind` (isServerChart(), the "Server" tab), nullptr for another kind.
    StageCurveChart *serverChart(ChartKind kind) const;
    /// The Server tab's first view ("Per second"): memory, CPU and server-side vs client
    /// latency over time side by side, live during a run (ServerMemoryOverTime,
    /// ServerCpuOverTime, ServerLatencyOverTime, in that order).
    QList<StageCurveChart *> serverPerSecondCharts() const { return m_serverPerSecond; }
    /// The server charts in the order of the "Server" tab's chooser.
    static QList<ChartKind> serverChartKinds();
    /// Side-by-side table and per-stage ratios; active with two or more saved sessions shown.
    ComparisonView *comparisonView() const { return m_comparison; }
    /// The banner above the charts naming what spoils the comparison of the sessions shown:
    /// one line, "⚠ Not directly comparable: " and the warnings joined by "; ", elided to its
    /// width (an ElidedLabel: text() is the whole line, its tool tip too when elided).
    QLabel *warningBanner() const { return m_banner; }
    /// The neutral line naming what the sessions compare ("compared: ca_key_type ..."; several
    /// joined by "; "), beside the warning banner on the same line, elided the same way.
    QLabel *comparedBanner() const { return m_comparedBanner; }
    /// The toggle beside the banners that shows their whole text, a line each, below them.
    QToolButton *bannerDetailsButton() const { return m_bannerDetailsButton; }
    /// The whole text of both banners, word-wrapped; shown while the toggle is on.
    QLabel *bannerDetails() const { return m_bannerDetails; }
    /// The "Capacity" tab: the main session's capacity points and the stages left out.
    CapacityCard *capacityCard() const { return m_capacityCard; }
    StageTableModel *stageModel() const { return m_model; }
    /// The toggle of the replicates' faint points on the latency and throughput charts.
    QCheckBox *replicatesCheck() const { return m_replicates; }
    /// The charts' intervals (pending() > 0 while some are being computed).
    ChartIntervals *chartIntervals() const { return m_intervals; }
    /// QSettings key of the replicates toggle (bool, default true).
    static constexpr const char *kShowReplicatesKey = "charts/showReplicates";
    QTableView *stageTable() const { return m_table; }

    /// False: the page takes the height it is given. Its word-wrapped banner details would make it
    /// height-for-width, and the main window's scrolling side would then size it by its
    /// charts' size hints (1,488 px in a 918 px viewport at 1600x1000, the tables below the
    /// fold); its own layout still wraps them.
    bool hasHeightForWidth() const override { return false; }

signals:
    void addOverlayRequested();

protected:
    void changeEvent(QEvent *event) override; ///< the theme: the warning banner's colours
    /// Shown or resized with the Comparison tab in front: giveComparisonItsRows() (a
    /// comparison opened from the command line is there before the window is laid out).
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// The warning banner's colours for the application palette (warningNoteColours(),
    /// ui/theme/windowtheme.h).
    void styleWarningBanner();
    void onEntriesChanged();
    void onLiveUpdated();
    void onPercentilesChanged();
    void onComparisonChanged();
    /// With the Comparison tab in front: the pane below the charts takes the height its
    /// tables need to show every row (ComparisonView::heightForAllRows()), from the charts
    /// above, down to their minimum height.
    void giveComparisonItsRows();
    /// What the charts draw, one per SessionSet entry in its order (the main one first).
    QList<CurveSource> chartSources() const;
    /// How refreshCharts() brings charts up to date.
    enum class ChartRefresh {
        Now, ///< redrawn at once, shown or not (a chart fetched for export or a test)
        /// the ones on screen redrawn at once, the others marked outdated and drawn when their
        /// tab is shown or they are fetched (a session opened or a run finished would redraw
        /// ten charts otherwise, ~30 ms of the GUI thread for a large run: docs/performance.md,
        /// "GUI lag")
        VisibleNow,
        /// live path: all marked outdated, the ones on screen redrawn one per event-loop pass
        /// (m_liveChartTimer, refreshNextLiveChart()), so input and timers run between them
        Queued,
    };
    static constexpr unsigned kAllCharts = ~0u;
    /// The one way charts are redrawn: those of bit mask `which` (bit i: chartWidgets()[i]),
    /// as `how` says; the charts redrawn together share one chartSources(). Const: it changes
    /// the chart widgets, not the data.
    void refreshCharts(unsigned which, ChartRefresh how) const;
    void refreshNextLiveChart();
    QList<QWidget *> chartWidgets() const;
    /// The bit of `chart` (one of chartWidgets()) in refreshCharts()' mask, 0 for another.
    unsigned chartBit(const QWidget *chart) const;
    /// `chart`, redrawn first if it missed an update; only it: fetching one chart does not
    /// rebuild the hidden others.
    template <class Chart> Chart *fetched(Chart *chart) const
    {
        refreshCharts(chartBit(chart) & m_outdatedCharts, ChartRefresh::Now);
        return chart;
    }
    void refreshTable();
    void refreshOverlayList();

    SessionSet *m_set = nullptr;
    mutable unsigned m_outdatedCharts = 0; ///< bit i: chartWidgets()[i] missed an update
    QTimer *m_liveChartTimer = nullptr;

    StageCurveChart *m_latency = nullptr;
    StageCurveChart *m_throughput = nullptr;
    StageCurveChart *m_errors = nullptr;
    TimeSeriesChart *m_time = nullptr;
    TimeSeriesChart *m_timeThroughput = nullptr;
    TimeSeriesChart *m_timeErrors = nullptr;
    QList<StageCurveChart *> m_serverCharts; ///< serverChartKinds() order
    QList<StageCurveChart *> m_serverPerSecond; ///< serverPerSecondCharts()
    QComboBox *m_serverChartChooser = nullptr;
    ComparisonView *m_comparison = nullptr;
    CapacityCard *m_capacityCard = nullptr;
    QLabel *m_banner = nullptr;
    QLabel *m_comparedBanner = nullptr;
    QWidget *m_bannerBar = nullptr;
    QToolButton *m_bannerDetailsButton = nullptr;
    QLabel *m_bannerDetails = nullptr;
    QTabWidget *m_bottomTabs = nullptr;
    QSplitter *m_split = nullptr; ///< charts, middle tabs, bottom tabs (top to bottom)
    StageTableModel *m_model = nullptr;
    /// The intervals of the table's session are computed on the global thread pool
    /// (core/analysis/stageuncertainty.h; never on the GUI thread); a result for an older
    /// request than the latest is dropped.
    int m_uncertaintyGeneration = 0;
    QString m_uncertaintyKey; // session id and stage count of the last request
    QTableView *m_table = nullptr;
    QComboBox *m_tableSource = nullptr;
    QListWidget *m_overlayList = nullptr;
    QPushButton *m_removeOverlay = nullptr;
    QCheckBox *m_p50 = nullptr;
    QCheckBox *m_p95 = nullptr;
    QCheckBox *m_p99 = nullptr;
    QCheckBox *m_replicates = nullptr;
    ChartIntervals *m_intervals = nullptr;
};

} // namespace vw
