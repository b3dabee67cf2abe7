#include "resultspage.h"

#include "charts/chartintervals.h"
#include "charts/chartstyle.h"
#include "capacitycard.h"
#include "comparisonview.h"
#include "charts/stagecurvechart.h"
#include "charts/timeserieschart.h"
#include "models/sessionset.h"
#include "models/stagetablemodel.h"

#include "analysis/stageuncertainty.h"

#include "theme/windowtheme.h"
#include "window/elidedlabel.h"
#include "window/tablecolumns.h"

#include <algorithm>
#include <optional>

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QGuiApplication>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QThreadPool>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace vw {

namespace {

QIcon swatch(const QColor &c)
{
    QPixmap pm(12, 12);
    pm.fill(c);
    return QIcon(pm);
}

} // namespace

ResultsPage::ResultsPage(QWidget *parent)
    : ResultsPage(nullptr, parent)
{
}

ResultsPage::ResultsPage(SessionSet *set, QWidget *parent)
    : QWidget(parent)
    , m_set(set ? set : new SessionSet(this))
{
    m_latency = new StageCurveChart(ChartKind::LatencyVsLoad, this);
    m_latency->setObjectName(QStringLiteral("latencyChart"));
    m_throughput = new StageCurveChart(ChartKind::ThroughputVsLoad, this);
    m_throughput->setObjectName(QStringLiteral("throughputChart"));
    m_time = new TimeSeriesChart(this);
    m_time->setObjectName(QStringLiteral("timeChart"));
    m_timeThroughput = new TimeSeriesChart(TimeSeriesChart::Kind::Throughput, this);
    m_timeThroughput->setObjectName(QStringLiteral("timeThroughputChart"));
    m_timeErrors = new TimeSeriesChart(TimeSeriesChart::Kind::Errors, this);
    m_timeErrors->setObjectName(QStringLiteral("timeErrorsChart"));
    m_errors = new StageCurveChart(ChartKind::ErrorRatioVsLoad, this);
    m_errors->setObjectName(QStringLiteral("errorChart"));
    // The two banners side by side on one line (the comparison's ten rows stay on screen at
    // 1600x1000 with both up: two wrapped banners above took four of them), each elided to
    // its share of the width, whole in its tool tip and under "Details".
    m_banner = new ElidedLabel(QString(), this);
    m_banner->setObjectName(QStringLiteral("comparisonWarning"));
    m_banner->setAccessibleName(tr("Not directly comparable"));
    m_banner->hide();
    m_comparedBanner = new ElidedLabel(QString(), this); // information, not a warning
    m_comparedBanner->setObjectName(QStringLiteral("comparedBanner"));
    m_comparedBanner->setAccessibleName(tr("Compared"));
    m_comparedBanner->setStyleSheet(QStringLiteral("QLabel { border: 1px solid palette(mid); "
                                                   "padding: 4px 8px; }"));
    m_comparedBanner->hide();
    m_bannerDetailsButton = new QToolButton(this);
    m_bannerDetailsButton->setObjectName(QStringLiteral("bannerDetailsButton"));
    m_bannerDetailsButton->setText(tr("Details"));
    m_bannerDetailsButton->setCheckable(true);
    m_bannerDetailsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_bannerDetailsButton->setArrowType(Qt::DownArrow);
    m_bannerDetailsButton->setToolTip(tr("Show what is compared and every warning in full"));
    m_bannerDetailsButton->setAccessibleName(tr("Comparison details"));
    m_bannerDetails = new QLabel(this);
    m_bannerDetails->setObjectName(QStringLiteral("bannerDetails"));
    m_bannerDetails->setWordWrap(true);
    m_bannerDetails->setTextFormat(Qt::PlainText);
    m_bannerDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bannerDetails->hide();
    styleWarningBanner(); // and again when the theme changes (changeEvent())
    m_bannerBar = new QWidget(this);
    m_bannerBar->setObjectName(QStringLiteral("bannerBar"));
    auto *bannerRow = new QHBoxLayout(m_bannerBar);
    bannerRow->setContentsMargins(0, 0, 0, 0);
    bannerRow->setSpacing(4);
    bannerRow->addWidget(m_comparedBanner, 2);
    bannerRow->addWidget(m_banner, 3);
    bannerRow->addWidget(m_bannerDetailsButton);
    m_bannerBar->hide();
    connect(m_bannerDetailsButton, &QToolButton::toggled, this, [this](bool on) {
        m_bannerDetailsButton->setArrowType(on ? Qt::UpArrow : Qt::DownArrow);
        m_bannerDetails->setVisible(on && m_bannerBar->isVisibleTo(this));
        QTimer::singleShot(0, this, &ResultsPage::giveComparisonItsRows);
    });
    m_comparison = new ComparisonView(m_set, this);
    m_comparison->setObjectName(QStringLiteral("comparisonView"));

    // percentile selection (latency chart)
    auto makeCheck = [this](int p) {
        const QString style = p >= 99   ? QStringLiteral("──")
                              : p >= 95 ? QStringLiteral("- -")
                                        : QStringLiteral("···");
        auto *c = new QCheckBox(QStringLiteral("p%1 %2").arg(p).arg(style), this);
        c->setObjectName(QStringLiteral("p%1Check").arg(p));
        c->setChecked(m_set->isPercentileShown(p));
        c->setToolTip(tr("Show the p%1 latency curves").arg(p));
        connect(c, &QCheckBox::toggled, this,
                [this, p](bool on) { m_set->setPercentileShown(p, on); });
        return c;
    };
    m_p50 = makeCheck(50);
    m_p95 = makeCheck(95);
    m_p99 = makeCheck(99);

    auto *latencyBox = new QWidget(this);
    auto *lbl = new QVBoxLayout(latencyBox);
    lbl->setContentsMargins(0, 0, 0, 0);
    lbl->setSpacing(0);
    lbl->addWidget(m_latency, 1);
    auto *pctRow = new QHBoxLayout;
    pctRow->addStretch();
    // short: this row sets the latency half's minimum width (usable at 1280x720)
    auto *showLabel = new QLabel(tr("Show:"), this);
    showLabel->setToolTip(tr("The latency percentiles drawn, the axis, and the replicates"));
    pctRow->addWidget(showLabel);
    pctRow->addWidget(m_p50);
    pctRow->addWidget(m_p95);
    pctRow->addWidget(m_p99);
    auto *logY = new QCheckBox(tr("log scale"), this); // latency charts: log10 y axis
    logY->setObjectName(QStringLiteral("logYCheck"));
    logY->setToolTip(tr("Latency on a logarithmic axis (ticks at 1, 2, 5 x 10^k ms)"));
    connect(logY, &QCheckBox::toggled, this, [this](bool on) {
        m_latency->setLogY(on);
        m_time->setLogY(on);
    });
    pctRow->addWidget(logY);
    // the replicates' faint points (sessions with repeats); the interval bands stay
    m_replicates = new QCheckBox(tr("replicates"), this);
    m_replicates->setObjectName(QStringLiteral("replicatesCheck"));
    m_replicates->setToolTip(tr("Draw each run's figure as a faint point beside the curve "
                                "(sessions run with repeats)"));
    m_replicates->setChecked(QSettings().value(QLatin1String(kShowReplicatesKey), true).toBool());
    auto showReplicates = [this](bool on) {
        m_latency->setReplicatesShown(on);
        m_throughput->setReplicatesShown(on);
    };
    showReplicates(m_replicates->isChecked());
    connect(m_replicates, &QCheckBox::toggled, this, [showReplicates](bool on) {
        QSettings().setValue(QLatin1String(kShowReplicatesKey), on);
        showReplicates(on);
    });
    pctRow->addWidget(m_replicates);
    pctRow->addStretch();
    lbl->addLayout(pctRow);

    auto *chartsTop = new QSplitter(Qt::Horizontal, this);
    chartsTop->addWidget(latencyBox);
    chartsTop->addWidget(m_throughput);
    chartsTop->setChildrenCollapsible(false);
    chartsTop->setStretchFactor(0, 1);
    chartsTop->setStretchFactor(1, 1);
    chartsTop->setSizes({1000, 1000});

    // overlay list
    auto *overlayBox = new QGroupBox(tr("Sessions shown"), this);
    m_overlayList = new QListWidget(overlayBox);
    m_overlayList->setObjectName(QStringLiteral("overlayList"));
    m_overlayList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_overlayList->setToolTip(tr("The first entry is the run or session opened; the others "
                                 "are overlays. Drop session files on the window to add them."));
    auto *addBtn = new QPushButton(tr("Add to overlay…"), overlayBox);
    addBtn->setObjectName(QStringLiteral("addOverlayButton"));
    m_removeOverlay = new QPushButton(tr("Remove"), overlayBox);
    m_removeOverlay->setObjectName(QStringLiteral("removeOverlayButton"));
    m_removeOverlay->setEnabled(false);
    connect(addBtn, &QPushButton::clicked, this, &ResultsPage::addOverlayRequested);
    connect(m_removeOverlay, &QPushButton::clicked, this, &ResultsPage::removeSelectedOverlays);
    auto *obtn = new QHBoxLayout;
    obtn->addWidget(addBtn);
    obtn->addWidget(m_removeOverlay);
    auto *ol = new QVBoxLayout(overlayBox);
    ol->setContentsMargins(6, 6, 6, 6);
    ol->addWidget(m_overlayList, 1);
    ol->addLayout(obtn);

    auto *middle = new QSplitter(Qt::Horizontal, this);
    auto *middleTabs = new QTabWidget(this);
    middleTabs->setObjectName(QStringLiteral("middleTabs"));
    middleTabs->addTab(m_time, tr("Latency over time"));
    middleTabs->addTab(m_timeThroughput, tr("Throughput over time"));
    middleTabs->addTab(m_timeErrors, tr("Errors over time"));
    middleTabs->addTab(m_errors, tr("Error ratio vs load"));
    // The server's side (docs/measurement.md, "Server telemetry"): one chart at a time.
    auto *serverBox = new QWidget(this);
    auto *sbl = new QVBoxLayout(serverBox);
    sbl->setContentsMargins(0, 0, 0, 0);
    sbl->setSpacing(2);
    m_serverChartChooser = new QComboBox(serverBox);
    m_serverChartChooser->setObjectName(QStringLiteral("serverChartChooser"));
    auto *serverStack = new QStackedWidget(serverBox);
    const QStringList serverTitles{
        tr("Server memory vs load"),         tr("Server CPU vs load"),
        tr("Server-side vs client latency"), tr("Server memory over time"),
        tr("Server CPU over time"),          tr("Server-side vs client latency over time")};
    // First: the three per-second charts together, which follow a run live.
    auto *perSecond = new QWidget(serverBox);
    perSecond->setObjectName(QStringLiteral("serverPerSecond"));
    auto *psl = new QGridLayout(perSecond);
    psl->setContentsMargins(0, 0, 0, 0);
    psl->setSpacing(2);
    for (ChartKind k : {ChartKind::ServerMemoryOverTime, ChartKind::ServerCpuOverTime,
                        ChartKind::ServerLatencyOverTime}) {
        auto *c = new StageCurveChart(k, perSecond);
        c->setObjectName(QStringLiteral("serverPerSecond-") + chartKindName(k));
        // short enough that the tabs below keep their rows (the y title shows its unit only
        // when the chart is this short, ui/charts/chartoverlay.h)
        c->setMinimumSize(160, 130); // three side by side: as narrow as two were at 1280x720
        m_serverPerSecond << c;
    }
    // side by side: each takes the pane's whole height (two rows left a plot ~40 px tall at
    // 1600x1000, its tick labels elided: the Server tab screenshot of 2026-12-02)
    psl->addWidget(m_serverPerSecond.at(0), 0, 0);
    psl->addWidget(m_serverPerSecond.at(1), 0, 1);
    psl->addWidget(m_serverPerSecond.at(2), 0, 2);
    psl->setColumnStretch(2, 2); // the latency chart has four curves and their legend
    serverStack->addWidget(perSecond);
    m_serverChartChooser->addItem(tr("Per second: memory, CPU, server vs client latency"),
                                  QStringLiteral("per-second"));
    const QList<ChartKind> kinds = serverChartKinds();
    for (int i = 0; i < kinds.size(); ++i) {
        auto *c = new StageCurveChart(kinds.at(i), serverBox);
        c->setObjectName(QStringLiteral("serverChart-") + chartKindName(kinds.at(i)));
        m_serverCharts << c;
        serverStack->addWidget(c);
        m_serverChartChooser->addItem(serverTitles.at(i), chartKindName(kinds.at(i)));
    }
    connect(m_serverChartChooser, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this, serverStack](int i) {
                serverStack->setCurrentIndex(i);
                refreshCharts(m_outdatedCharts, ChartRefresh::VisibleNow);
            });
    auto *srow = new QHBoxLayout;
    srow->addWidget(new QLabel(tr("Server chart:"), serverBox));
    srow->addWidget(m_serverChartChooser);
    srow->addStretch();
    sbl->addLayout(srow);
    sbl->addWidget(serverStack, 1);
    middleTabs->addTab(serverBox, tr("Server"));
    connect(middleTabs, &QTabWidget::currentChanged, this,
            [this] { refreshCharts(m_outdatedCharts, ChartRefresh::VisibleNow); });
    m_liveChartTimer = new QTimer(this);
    m_liveChartTimer->setSingleShot(true);
    m_liveChartTimer->setInterval(0);
    connect(m_liveChartTimer, &QTimer::timeout, this, &ResultsPage::refreshNextLiveChart);
    middle->addWidget(middleTabs);
    middle->addWidget(overlayBox);
    middle->setStretchFactor(0, 3);
    middle->setStretchFactor(1, 1);
    middle->setChildrenCollapsible(false);

    // table
    m_model = new StageTableModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("stageTable"));
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // five stages at least without scrolling, whatever the split (the trial saw 3 rows at
    // 1600x1000)
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + 5 * m_table->verticalHeader()->defaultSectionSize()
                              + 2 * m_table->frameWidth());
    // widths fitted to a session, then only widened during a run (ui/window/tablecolumns.h)
    keepColumnsStable(m_table, StageTableModel::ErrorClassesColumn);
    m_tableSource = new QComboBox(this);
    m_tableSource->setObjectName(QStringLiteral("tableSourceCombo"));
    m_tableSource->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_tableSource, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &ResultsPage::refreshTable);
    auto *tableBox = new QWidget(this);
    auto *tl = new QVBoxLayout(tableBox);
    tl->setContentsMargins(0, 0, 0, 0);
    tl->setSpacing(2);
    auto *trow = new QHBoxLayout;
    trow->addWidget(new QLabel(tr("Per-stage statistics of"), this));
    trow->addWidget(m_tableSource);
    trow->addStretch();
    tl->addLayout(trow);
    tl->addWidget(m_table, 1);

    auto *split = m_split = new QSplitter(Qt::Vertical, this);
    split->addWidget(chartsTop);
    split->addWidget(middle);
    m_bottomTabs = new QTabWidget(this);
    m_bottomTabs->setObjectName(QStringLiteral("bottomTabs"));
    m_bottomTabs->addTab(tableBox, tr("Per-stage statistics"));
    // the capacity points of the main session, as `compare` prints them (ui/capacitycard.h)
    m_capacityCard = new CapacityCard(m_set, this);
    m_capacityCard->setObjectName(QStringLiteral("capacityCard"));
    m_bottomTabs->addTab(m_capacityCard, tr("Capacity"));
    m_bottomTabs->addTab(m_comparison, tr("Comparison"));
    m_bottomTabs->setTabEnabled(m_bottomTabs->indexOf(m_comparison), false);
    m_bottomTabs->addTab(m_comparison->verdictPane(), tr("Verdicts"));
    m_bottomTabs->setTabEnabled(m_bottomTabs->indexOf(m_comparison->verdictPane()), false);
    // the comparison's tables show every row when their tab comes forward (the trial saw 3
    // of 10 at 1600x1000): the pane below takes the height they need from the charts above,
    // down to the charts' minimum
    connect(m_bottomTabs, &QTabWidget::currentChanged, this, [this](int i) {
        if (m_bottomTabs->widget(i) == m_comparison)
            QTimer::singleShot(0, this, &ResultsPage::giveComparisonItsRows);
    });
    split->addWidget(m_bottomTabs);
    // the tables below get a third of the height (a ramp's stages at 1600x1000): sizes, not
    // only stretch, since the middle charts' size hint would take it all at first
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 4);
    split->setSizes({4000, 3000, 4000});
    split->setChildrenCollapsible(false);

    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_bannerBar);
    lay->addWidget(m_bannerDetails);
    lay->addWidget(split, 1);

    m_intervals = new ChartIntervals(this);
    // intervals arrived: the two charts that draw them (chartWidgets() 0 and 1) redraw, one
    // per event-loop pass, as live updates do
    connect(m_intervals, &ChartIntervals::ready, this,
            [this] { refreshCharts(0b11u, ChartRefresh::Queued); });
    connect(m_set, &SessionSet::entriesChanged, this, &ResultsPage::onEntriesChanged);
    connect(m_set, &SessionSet::liveUpdated, this, &ResultsPage::onLiveUpdated);
    connect(m_set, &SessionSet::percentilesChanged, this, &ResultsPage::onPercentilesChanged);
    connect(m_comparison, &ComparisonView::comparisonChanged, this,
            &ResultsPage::onComparisonChanged);
    onPercentilesChanged();
    onEntriesChanged();
    onComparisonChanged();
}

void ResultsPage::styleWarningBanner()
{
    const NoteColours c = warningNoteColours(QGuiApplication::palette());
    const QString style = QStringLiteral("QLabel { background: %1; color: %2; border: 1px solid "
                                         "%3; padding: 4px 8px; }")
                              .arg(c.background.name(), c.text.name(), c.border.name());
    if (m_banner->styleSheet() != style)
        m_banner->setStyleSheet(style);
    if (m_bannerDetails->styleSheet() != style)
        m_bannerDetails->setStyleSheet(style);
}

void ResultsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        styleWarningBanner();
    QWidget::changeEvent(event);
}

void ResultsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_bottomTabs->currentWidget() == m_comparison)
        QTimer::singleShot(0, this, &ResultsPage::giveComparisonItsRows);
}

void ResultsPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_bottomTabs->currentWidget() == m_comparison)
        QTimer::singleShot(0, this, &ResultsPage::giveComparisonItsRows);
}

void ResultsPage::showSession(const Session &session)
{
    m_set->setMain(session);
}

void ResultsPage::onEntriesChanged()
{
    m_intervals->request(m_set->entries());
    // the toggle says something only with a session of two or more runs
    const QList<SessionEntry> &all = m_set->entries();
    m_replicates->setEnabled(std::any_of(all.cbegin(), all.cend(), [](const SessionEntry &e) {
        return e.session.replicateCount() >= 2;
    }));
    refreshOverlayList();
    refreshCharts(kAllCharts, ChartRefresh::VisibleNow);
    refreshTable();
}

void ResultsPage::onLiveUpdated()
{
    m_intervals->request(m_set->entries()); // a stage that ended gets its interval
    refreshCharts(kAllCharts, ChartRefresh::Queued);
    if (m_tableSource->currentIndex() <= 0)
        refreshTable();
}

void ResultsPage::onPercentilesChanged()
{
    const QList<int> p = m_set->percentiles();
    const QSignalBlocker b1(m_p50), b2(m_p95), b3(m_p99);
    m_p50->setChecked(p.contains(50));
    m_p95->setChecked(p.contains(95));
    m_p99->setChecked(p.contains(99));
    m_latency->setPercentiles(p);
}

void ResultsPage::removeSelectedOverlays()
{
    const int offset = m_set->hasMain() ? 1 : 0;
    QList<int> rows;
    const auto selected = m_overlayList->selectedItems();
    for (QListWidgetItem *it : selected) {
        const int r = m_overlayList->row(it) - offset;
        if (r >= 0)
            rows << r;
    }
    if (rows.isEmpty() && m_set->overlayCount() > 0)
        rows << m_set->overlayCount() - 1;
    m_set->removeOverlays(rows);
}

void ResultsPage::onComparisonChanged()
{
    const bool active = m_comparison->isActive();
    const int tab = m_bottomTabs->indexOf(m_comparison);
    const int verdicts = m_bottomTabs->indexOf(m_comparison->verdictPane());
    const bool wasActive = m_bottomTabs->isTabEnabled(tab);
    m_bottomTabs->setTabEnabled(tab, active);
    m_bottomTabs->setTabEnabled(verdicts, active);
    if (active && !wasActive)
        m_bottomTabs->setCurrentIndex(tab);
    else if (!active
             && (m_bottomTabs->currentIndex() == tab || m_bottomTabs->currentIndex() == verdicts))
        m_bottomTabs->setCurrentIndex(0);
    else if (active && m_bottomTabs->currentIndex() == tab) // other sessions: other rows
        QTimer::singleShot(0, this, &ResultsPage::giveComparisonItsRows);
    // one line each (the whole under Details): "a\nb" -> "a; b"
    auto oneLine = [](QString text) {
        return text.replace(QLatin1Char('\n'), QLatin1String("; "));
    };
    const QString compared = m_comparison->comparedText();
    const QString warnings = m_comparison->warningText();
    const bool showCompared = active && !compared.isEmpty();
    const bool showWarnings = active && !warnings.isEmpty();
    m_comparedBanner->setText(oneLine(compared));
    m_comparedBanner->setVisible(showCompared);
    m_banner->setText(warnings.isEmpty()
                          ? QString()
                          : tr("⚠ Not directly comparable: %1").arg(oneLine(warnings)));
    m_banner->setVisible(showWarnings);
    QStringList details;
    if (showCompared)
        details << compared;
    if (showWarnings)
        details << tr("⚠ Not directly comparable:\n%1").arg(warnings);
    m_bannerDetails->setText(details.join(QLatin1Char('\n')));
    m_bannerBar->setVisible(showCompared || showWarnings);
    m_bannerDetails->setVisible(m_bannerDetailsButton->isChecked()
                                && (showCompared || showWarnings));
}

void ResultsPage::giveComparisonItsRows()
{
    if (m_bottomTabs->currentWidget() != m_comparison || !m_comparison->isActive())
        return;
    QList<int> sizes = m_split->sizes();
    if (sizes.size() != 3 || sizes.at(2) <= 0)
        return; // not laid out yet
    const int chrome = m_bottomTabs->height() - m_comparison->height(); // tab bar, frame
    const int want = m_comparison->heightForAllRows() + chrome;
    int missing = want - sizes.at(2);
    // from the charts' slack above their minimum, the larger first
    for (int pass = 0; pass < 2 && missing > 0; ++pass) {
        const int a = sizes.at(0) - m_split->widget(0)->minimumSizeHint().height();
        const int b = sizes.at(1) - m_split->widget(1)->minimumSizeHint().height();
        const int from = a >= b ? 0 : 1;
        const int take = std::min(missing, std::max(0, from == 0 ? a : b));
        sizes[from] -= take;
        sizes[2] += take;
        missing -= take;
    }
    if (sizes != m_split->sizes())
        m_split->setSizes(sizes);
}

QList<CurveSource> ResultsPage::chartSources() const
{
    QList<CurveSource> all;
    for (const SessionEntry &e : m_set->entries()) {
        if (e.live) {
            CurveSource live;
            live.label = e.label;
            live.stages = e.session.stages;
            live.partial = e.partial;
            live.hasPartial = e.hasPartial;
            live.series = e.session.series;
            live.slo = e.session.plan.slo;
            live.openModel = e.session.loadModel().isOpen();
            live.server = e.session.serverTelemetry; // the samples so far
            live.live = true;
            all << live;
        } else {
            all << curveSourceFromSession(e.session, e.label);
        }
        m_intervals->apply(&all.last(), e);
    }
    return all;
}

QList<QWidget *> ResultsPage::chartWidgets() const
{
    QList<QWidget *> all{m_latency, m_throughput, m_time, m_timeThroughput, m_timeErrors, m_errors};
    for (StageCurveChart *c : m_serverCharts)
        all << c;
    for (StageCurveChart *c : m_serverPerSecond)
        all << c;
    return all;
}

QList<ChartKind> ResultsPage::serverChartKinds()
{
    return {ChartKind::ServerMemoryVsLoad,  ChartKind::ServerCpuVsLoad,
            ChartKind::ServerLatencyVsLoad, ChartKind::ServerMemoryOverTime,
            ChartKind::ServerCpuOverTime,   ChartKind::ServerLatencyOverTime};
}

StageCurveChart *ResultsPage::latencyChart() const
{
    return fetched(m_latency);
}

StageCurveChart *ResultsPage::throughputChart() const
{
    return fetched(m_throughput);
}

StageCurveChart *ResultsPage::errorChart() const
{
    return fetched(m_errors);
}

TimeSeriesChart *ResultsPage::timeChart() const
{
    return fetched(m_time);
}

TimeSeriesChart *ResultsPage::timeThroughputChart() const
{
    return fetched(m_timeThroughput);
}

TimeSeriesChart *ResultsPage::timeErrorsChart() const
{
    return fetched(m_timeErrors);
}

StageCurveChart *ResultsPage::serverChart(ChartKind kind) const
{
    const int i = int(serverChartKinds().indexOf(kind));
    if (i < 0 || i >= m_serverCharts.size())
        return nullptr;
    return fetched(m_serverCharts.at(i));
}

unsigned ResultsPage::chartBit(const QWidget *chart) const
{
    const qsizetype i = chartWidgets().indexOf(const_cast<QWidget *>(chart));
    return i < 0 ? 0u : 1u << i;
}

void ResultsPage::refreshCharts(unsigned which, ChartRefresh how) const
{
    const QList<QWidget *> charts = chartWidgets();
    which &= (1u << charts.size()) - 1;
    if (!which)
        return;
    if (how == ChartRefresh::Queued) {
        m_outdatedCharts |= which;
        if (!m_liveChartTimer->isActive())
            m_liveChartTimer->start(); // refreshNextLiveChart()
        return;
    }
    // one set of sources for every chart redrawn now (a large session's take time to make)
    std::optional<QList<CurveSource>> sources;
    for (int i = 0; i < charts.size(); ++i) {
        const unsigned bit = 1u << i;
        if (!(which & bit))
            continue;
        if (how == ChartRefresh::VisibleNow && !charts.at(i)->isVisible()) {
            m_outdatedCharts |= bit; // drawn when its tab is shown or it is fetched
            continue;
        }
        if (!sources)
            sources = chartSources();
        if (auto *curve = qobject_cast<StageCurveChart *>(charts.at(i)))
            curve->setSources(*sources);
        else if (auto *time = qobject_cast<TimeSeriesChart *>(charts.at(i)))
            time->setSources(*sources);
        m_outdatedCharts &= ~bit;
    }
}

void ResultsPage::refreshNextLiveChart()
{
    const QList<QWidget *> charts = chartWidgets();
    for (int i = 0; i < charts.size(); ++i) {
        if (!(m_outdatedCharts & (1u << i)) || !charts.at(i)->isVisible())
            continue;
        refreshCharts(1u << i, ChartRefresh::Now);
        m_liveChartTimer->start(); // the next visible one in a later pass
        return;
    }
}

void ResultsPage::refreshTable()
{
    const QList<SessionEntry> &all = m_set->entries();
    const int i = m_tableSource->currentIndex();
    if (i < 0 || i >= all.size()) {
        m_model->setStages({});
        return;
    }
    QList<StageStats> stages = all.at(i).session.stages;
    if (all.at(i).hasPartial)
        stages << all.at(i).partial;
    m_model->setStages(stages);

    // Intervals: off the GUI thread, once per session and stage count.
    const Session &session = all.at(i).session;
    const QString key = session.id + QLatin1Char('/') + QString::number(session.stages.size())
                        + QLatin1Char('/') + QString::number(session.secondHistograms.byOp.size());
    if (key == m_uncertaintyKey)
        return;
    m_uncertaintyKey = key;
    const int generation = ++m_uncertaintyGeneration;
    if (!session.secondHistograms.present()) {
        m_model->setUncertainty({}, all.at(i).live ? tr("Intervals come when the run ends")
                                                   : noIntervalHistogramsReason());
        return;
    }
    m_model->setUncertainty({}, tr("Computing the intervals..."));
    QPointer<ResultsPage> self(this);
    const RunRecord run = session; // implicitly shared copies: cheap, and safe to read there
    QThreadPool::globalInstance()->start([self, generation, run]() {
        const QList<StageUncertainty> u = runUncertainty(run);
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, u]() {
                if (self && generation == self->m_uncertaintyGeneration)
                    self->m_model->setUncertainty(u);
            },
            Qt::QueuedConnection);
    });
}

void ResultsPage::refreshOverlayList()
{
    const QList<SessionEntry> &all = m_set->entries();
    const bool overlay = all.size() > 1;
    m_overlayList->clear();
    for (int i = 0; i < all.size(); ++i) {
        const SessionEntry &e = all.at(i);
        const bool primary = m_set->hasMain() && i == 0;
        auto *item =
            new QListWidgetItem(overlay ? swatch(qColor(paletteColor(e.colourIndex))) : QIcon(),
                                primary ? tr("%1 (main)").arg(e.label) : e.label, m_overlayList);
        item->setToolTip(e.live             ? tr("the run in progress")
                         : e.path.isEmpty() ? tr("the last run")
                                            : e.path);
        if (primary)
            item->setFlags(item->flags() & ~Qt::ItemIsSelectable);
    }
    m_removeOverlay->setEnabled(m_set->overlayCount() > 0);

    const int previous = m_tableSource->currentIndex();
    {
        const QSignalBlocker block(m_tableSource);
        m_tableSource->clear();
        for (const SessionEntry &e : all)
            m_tableSource->addItem(e.label);
        m_tableSource->setCurrentIndex(
            previous >= 0 && previous < all.size() ? previous : (all.isEmpty() ? -1 : 0));
    }
    m_tableSource->setEnabled(all.size() > 1);
}

} // namespace vw
