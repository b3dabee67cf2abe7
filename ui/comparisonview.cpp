#include "comparisonview.h"

#include <algorithm>

#include "models/comparisontablemodel.h"
#include "models/sessionset.h"
#include "session/comparisonverdicts.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace vw {

namespace {

QTableView *makeTable(const QString &name, ComparisonTableModel *model, QWidget *parent)
{
    auto *t = new QTableView(parent);
    t->setObjectName(name);
    t->setModel(model);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setAlternatingRowColors(true);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    t->setTextElideMode(Qt::ElideMiddle);
    t->setWordWrap(false);
    t->verticalHeader()->hide(); // row numbers say nothing here; the width goes to the figures
    return t;
}

/// Pixels `t` needs to show every visible column whole, without scrolling sideways.
int neededWidth(const QTableView *t)
{
    const QAbstractItemView *view = t; // sizeHintForColumn() is public there
    int w = 2 * t->frameWidth() + t->verticalScrollBar()->sizeHint().width();
    for (int i = 0; i < t->model()->columnCount(); ++i)
        if (!t->isColumnHidden(i))
            w += std::max(t->horizontalHeader()->sectionSizeHint(i), view->sizeHintForColumn(i));
    return w;
}

} // namespace

ComparisonView::ComparisonView(SessionSet *set, QWidget *parent)
    : QWidget(parent)
    , m_set(set)
{
    using Table = ComparisonTableModel::Table;
    m_capacityModel = new ComparisonTableModel(Table::Capacity, this);
    m_ratioModel = new ComparisonTableModel(Table::Ratios, this);
    m_verdictModel = new ComparisonTableModel(Table::Verdicts, this);
    m_capacity = makeTable(QStringLiteral("comparisonTable"), m_capacityModel, this);
    m_ratios = makeTable(QStringLiteral("ratioTable"), m_ratioModel, this);
    auto *capBox = new QWidget(this);
    auto *cl = new QVBoxLayout(capBox);
    cl->setContentsMargins(0, 0, 0, 0);
    cl->addWidget(new QLabel(tr("Capacity points side by side"), capBox));
    cl->addWidget(m_capacity, 1);
    auto *ratioBox = new QWidget(this);
    auto *rl = new QVBoxLayout(ratioBox);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(new QLabel(tr("Per-stage ratios to A, aligned by load (VUs, or offered rate "
                                "for arrival-rate runs)"),
                             ratioBox));
    rl->addWidget(m_ratios, 1);
    auto *split = m_split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(capBox);
    split->addWidget(ratioBox);
    split->setChildrenCollapsible(false);
    m_verdicts = makeTable(QStringLiteral("verdictTable"), m_verdictModel, this);
    m_verdictNote = new QLabel(this);
    m_verdictNote->setObjectName(QStringLiteral("verdictNote"));
    m_verdictNote->setWordWrap(true);
    m_verdictNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // the verdicts (a row per stage, metric and session: 40 for two 10-stage sessions) in a
    // pane of their own, so the two tables above take the whole height (verdictPane())
    m_verdictPane = new QWidget(this);
    m_verdictPane->setObjectName(QStringLiteral("verdictPane"));
    auto *vl = new QVBoxLayout(m_verdictPane);
    vl->setContentsMargins(0, 0, 0, 0);
    vl->addWidget(m_verdictNote);
    vl->addWidget(m_verdicts, 1);
    m_verdictPane->hide(); // until placed (a tab of the results page)
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(split);
    connect(m_set, &SessionSet::entriesChanged, this, &ComparisonView::refresh);
    refresh();
}

void ComparisonView::refresh()
{
    const QList<Session> sessions = m_set->savedSessions();
    m_active = sessions.size() >= 2;
    m_comparison = m_active ? compareSessions(sessions) : Comparison();
    m_capacityModel->setComparison(m_comparison, sessions);
    m_ratioModel->setComparison(m_comparison, sessions);
    fillVerdicts(Comparison());
    m_verdictsReady = false;
    m_jobs.cancel(); // a late result of the sessions before is dropped
    if (m_active) {
        m_verdictNote->setText(tr("Verdicts: computing the intervals…"));
        // The bootstrap runs off the GUI thread (ui/jobtracker.h); the result is dropped when
        // the view is gone or the sessions changed meanwhile.
        Comparison c = m_comparison;
        m_jobs.start(
            [c, sessions](const JobContext &) mutable {
                assessComparison(&c, sessions);
                return c;
            },
            [this](Comparison assessed) {
                m_comparison = assessed;
                fillVerdicts(assessed);
                m_verdictsReady = true;
                emit verdictsChanged();
            });
        // one operation: its name in every row says nothing
        const bool oneOp = m_comparison.ops.size() == 1;
        m_capacity->setColumnHidden(0, oneOp);
        m_ratios->setColumnHidden(0, oneOp);
        // each table gets the width its columns need, in proportion when both do not fit
        m_split->setSizes({neededWidth(m_capacity), neededWidth(m_ratios)});
    }
    emit comparisonChanged();
}

int ComparisonView::heightForAllRows() const
{
    int h = 0;
    for (const QTableView *t : {m_capacity, m_ratios}) {
        const auto *box = t->parentWidget();
        const int label = box->layout()->itemAt(0)->sizeHint().height();
        int rows = t->horizontalHeader()->sizeHint().height() + 2 * t->frameWidth();
        for (int r = 0; r < t->model()->rowCount(); ++r)
            rows +=
                t->rowHeight(r) > 0 ? t->rowHeight(r) : t->verticalHeader()->defaultSectionSize();
        if (neededWidth(t) > t->width()) // it scrolls sideways: room for the bar
            rows += t->horizontalScrollBar()->sizeHint().height();
        h = std::max(h, label + box->layout()->spacing() + rows);
    }
    return h;
}

QString ComparisonView::comparedText() const
{
    QStringList lines;
    for (const ComparedDifference &d : m_comparison.compared)
        lines << tr("compared: %1").arg(d.text);
    return lines.join(QLatin1Char('\n'));
}

QString ComparisonView::warningText() const
{
    QStringList lines;
    for (const ComparisonWarning &w : m_comparison.warnings)
        lines << w.text;
    return lines.join(QLatin1Char('\n'));
}

void ComparisonView::fillVerdicts(const Comparison &c)
{
    m_verdictModel->setComparison(c);
    if (!c.assessed) {
        m_verdictNote->clear();
        return;
    }
    const VerdictSettings &vs = c.verdictSettings;
    QStringList basis;
    for (int i = 0; i < c.letters.size(); ++i) {
        QString line = QStringLiteral("%1: %2").arg(c.letters.at(i), c.intervalBasis.value(i));
        if (!c.spreadNotes.value(i).isEmpty())
            line += QStringLiteral(" (%1)").arg(c.spreadNotes.value(i));
        basis << line;
    }
    m_verdictNote->setText(tr("Verdicts against A: %1% intervals of the ratio; noise threshold "
                              "±%2 %; %3 correction over each pair's tests. %4")
                               .arg(vs.confidence * 100, 0, 'g', 3)
                               .arg(vs.threshold * 100, 0, 'g', 3)
                               .arg(vs.correction, basis.join(QStringLiteral("; "))));
    using Col = ComparisonTableModel::VerdictColumn;
    m_verdicts->setColumnHidden(Col::OpColumn, c.ops.size() == 1);
    m_verdicts->setColumnHidden(Col::SessionColumn, c.letters.size() == 2);
}

} // namespace vw
