#include "comparisonview.h"

#include <algorithm>

#include "analysis/analysistext.h"
#include "charts/chartpalette.h"
#include "models/sessionset.h"
#include "report/capacitypoints.h"
#include "session/comparisonverdicts.h"

#include <QApplication>
#include <QPointer>
#include <QThreadPool>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace vw {

namespace {

QTableWidget *makeTable(const QString &name, QWidget *parent)
{
    auto *t = new QTableWidget(parent);
    t->setObjectName(name);
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
int neededWidth(const QTableWidget *t)
{
    const QAbstractItemView *view = t; // sizeHintForColumn() is public there
    int w = 2 * t->frameWidth() + t->verticalScrollBar()->sizeHint().width();
    for (int i = 0; i < t->columnCount(); ++i)
        if (!t->isColumnHidden(i))
            w += std::max(t->horizontalHeader()->sectionSizeHint(i), view->sizeHintForColumn(i));
    return w;
}

/// Header items: `text` (elided past kMaxHeaderChars) with `tip` (or the whole text) as tooltip.
void setHeaders(QTableWidget *t, const QList<QPair<QString, QString>> &headers)
{
    t->setColumnCount(int(headers.size()));
    for (int i = 0; i < headers.size(); ++i) {
        const QString &text = headers.at(i).first;
        QString shown = text;
        if (shown.size() > ComparisonView::kMaxHeaderChars)
            shown = t->fontMetrics().elidedText(
                text, Qt::ElideMiddle,
                t->fontMetrics().horizontalAdvance(QString(ComparisonView::kMaxHeaderChars, u'n')));
        auto *it = new QTableWidgetItem(shown);
        it->setToolTip(headers.at(i).second.isEmpty() ? text : headers.at(i).second);
        t->setHorizontalHeaderItem(i, it);
    }
}

QTableWidgetItem *cell(const QString &text, bool number = true)
{
    auto *it = new QTableWidgetItem(text);
    it->setToolTip(text); // whole, should the column be narrowed
    if (number)
        it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return it;
}

QString ratio(const std::optional<double> &r)
{
    return r ? QString::number(*r, 'f', 2) + QStringLiteral("×") : QStringLiteral("-");
}

} // namespace

ComparisonView::ComparisonView(SessionSet *set, QWidget *parent)
    : QWidget(parent)
    , m_set(set)
{
    m_capacity = makeTable(QStringLiteral("comparisonTable"), this);
    m_ratios = makeTable(QStringLiteral("ratioTable"), this);
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
    m_verdicts = makeTable(QStringLiteral("verdictTable"), this);
    m_verdictNote = new QLabel(this);
    m_verdictNote->setObjectName(QStringLiteral("verdictNote"));
    m_verdictNote->setWordWrap(true);
    m_verdictNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *verdictBox = new QWidget(this);
    auto *vl = new QVBoxLayout(verdictBox);
    vl->setContentsMargins(0, 0, 0, 0);
    vl->addWidget(m_verdictNote);
    vl->addWidget(m_verdicts, 1);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(split);
    vertical->addWidget(verdictBox);
    vertical->setChildrenCollapsible(false);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(vertical);
    connect(m_set, &SessionSet::entriesChanged, this, &ComparisonView::refresh);
    refresh();
}

void ComparisonView::refresh()
{
    const QList<Session> sessions = m_set->savedSessions();
    m_active = sessions.size() >= 2;
    m_comparison = m_active ? compareSessions(sessions) : Comparison();
    fillCapacity();
    fillRatios();
    fillVerdicts(Comparison());
    m_verdictsReady = false;
    const int generation = ++m_generation;
    if (m_active) {
        m_verdictNote->setText(tr("Verdicts: computing the intervals…"));
        // The bootstrap runs on a pool thread; the result comes back to the GUI thread and is
        // dropped there when the view is gone or the sessions changed meanwhile.
        QPointer<ComparisonView> self(this);
        Comparison c = m_comparison;
        QThreadPool::globalInstance()->start([self, generation, c, sessions]() mutable {
            assessComparison(&c, sessions);
            QMetaObject::invokeMethod(qApp, [self, generation, c] {
                if (self && self->m_generation == generation) {
                    self->m_comparison = c;
                    self->fillVerdicts(c);
                    self->m_verdictsReady = true;
                    emit self->verdictsChanged();
                }
            });
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

void ComparisonView::fillCapacity()
{
    const Comparison &c = m_comparison;
    m_capacity->clear();
    m_capacity->setRowCount(0);
    m_capacity->setColumnCount(0);
    if (!m_active)
        return;
    QList<QPair<QString, QString>> headers{{tr("operation"), QString()}, {tr("point"), QString()}};
    for (int i = 0; i < c.labels.size(); ++i)
        headers.append(
            {QStringLiteral("%1 · %2").arg(c.letters.value(i), c.labels.at(i)), QString()});
    setHeaders(m_capacity, headers);
    // the rows `compare` prints (core/report/capacitypoints.h): one source for both
    const QList<Session> sessions = m_set->savedSessions();
    for (const OpComparison &oc : c.ops)
        for (const CapacityRow &row : capacityRows()) {
            const int r = m_capacity->rowCount();
            m_capacity->insertRow(r);
            m_capacity->setItem(r, 0, cell(oc.op, false));
            m_capacity->setItem(r, 1, cell(row.name, false));
            for (int i = 0; i < oc.analyses.size(); ++i)
                m_capacity->setItem(
                    r, 2 + i,
                    cell(oc.analyses.at(i) && i < sessions.size()
                             ? capacityCell(*oc.analyses.at(i), sessions.at(i), row.key)
                             : QStringLiteral("-")));
        }
}

void ComparisonView::fillRatios()
{
    const Comparison &c = m_comparison;
    m_ratios->clear();
    m_ratios->setRowCount(0);
    m_ratios->setColumnCount(0);
    if (!m_active)
        return;
    const int n = int(c.letters.size());
    // "VUs" for closed runs; "load" when a row is an offered rate (arrival-rate runs)
    const bool byVus = std::all_of(c.ops.cbegin(), c.ops.cend(), [](const OpComparison &oc) {
        return oc.alignedBy() == QLatin1String("VUs");
    });
    QList<QPair<QString, QString>> headers{
        {tr("operation"), QString()},
        {byVus ? tr("VUs") : tr("load"),
         byVus ? tr("Planned VUs of the stage") : tr("Planned VUs, or offered rate (starts/s)")}};
    for (int i = 0; i < n; ++i) {
        const QString who = QStringLiteral("%1 · %2").arg(c.letters.at(i), c.labels.value(i));
        headers.append({tr("%1 throughput /s").arg(c.letters.at(i)),
                        tr("%1: successful requests per second").arg(who)});
        headers.append({tr("%1 p99 ms").arg(c.letters.at(i)),
                        tr("%1: 99th percentile latency of successes, ms").arg(who)});
    }
    for (int i = 1; i < n; ++i) {
        headers.append(
            {tr("throughput %1/A").arg(c.letters.at(i)),
             tr("Throughput of %1 divided by throughput of A at this load").arg(c.letters.at(i))});
        headers.append({tr("p99 %1/A").arg(c.letters.at(i)),
                        tr("p99 of %1 divided by p99 of A at this load").arg(c.letters.at(i))});
    }
    setHeaders(m_ratios, headers);
    for (const OpComparison &oc : c.ops)
        for (const AlignedRow &row : oc.rows) {
            const int r = m_ratios->rowCount();
            m_ratios->insertRow(r);
            m_ratios->setItem(r, 0, cell(oc.op, false));
            m_ratios->setItem(r, 1, cell(row.loadText()));
            int col = 2;
            for (int i = 0; i < n; ++i) {
                const std::optional<AlignedCell> &a = row.cells.value(i);
                auto *x =
                    cell(a ? QString::number(a->throughputPerS, 'f', 1) : QStringLiteral("-"));
                auto *p =
                    cell(a && a->p99Ms ? QString::number(*a->p99Ms, 'f', 2) : QStringLiteral("-"));
                if (a && a->clientBound) {
                    const QString why = tr("%1: client-bound stage %2: %3")
                                            .arg(c.letters.at(i))
                                            .arg(stageNumber(a->stage))
                                            .arg(a->clientBoundReasons.join(QStringLiteral("; ")));
                    x->setText(x->text() + QStringLiteral(" ⚠"));
                    p->setText(p->text() + QStringLiteral(" ⚠"));
                    x->setToolTip(why);
                    p->setToolTip(why);
                    x->setBackground(QColor(230, 230, 230));
                    p->setBackground(QColor(230, 230, 230));
                }
                m_ratios->setItem(r, col++, x);
                m_ratios->setItem(r, col++, p);
            }
            for (int i = 1; i < n; ++i) {
                m_ratios->setItem(r, col++, cell(ratio(row.throughputRatio.value(i))));
                m_ratios->setItem(r, col++, cell(ratio(row.p99Ratio.value(i))));
            }
        }
}

void ComparisonView::fillVerdicts(const Comparison &c)
{
    m_verdicts->clear();
    m_verdicts->setRowCount(0);
    m_verdicts->setColumnCount(0);
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
    setHeaders(m_verdicts, {{tr("operation"), QString()},
                            {tr("vs A"), tr("The session compared with A")},
                            {tr("load"), QString()},
                            {tr("metric"), QString()},
                            {tr("ratio"), tr("The session's figure divided by A's")},
                            {tr("95% interval"), tr("Bootstrap interval of the ratio")},
                            {tr("verdict"), QString()},
                            {tr("why"), QString()}});
    for (const OpComparison &oc : c.ops)
        for (const AlignedRow &row : oc.rows)
            for (int i = 1; i < row.verdicts.size(); ++i)
                for (const MetricVerdict &v : row.verdicts.at(i)) {
                    const int r = m_verdicts->rowCount();
                    m_verdicts->insertRow(r);
                    m_verdicts->setItem(r, 0, cell(oc.op, false));
                    m_verdicts->setItem(r, 1, cell(c.letters.value(i), false));
                    m_verdicts->setItem(r, 2, cell(row.loadText()));
                    m_verdicts->setItem(r, 3, cell(compareMetricKey(v.metric), false));
                    m_verdicts->setItem(r, 4, cell(ratio(v.ratio)));
                    m_verdicts->setItem(r, 5,
                                        cell(v.ci.known ? QStringLiteral("%1-%2×")
                                                              .arg(v.ci.lo, 0, 'f', 2)
                                                              .arg(v.ci.hi, 0, 'f', 2)
                                                        : QStringLiteral("-")));
                    auto *word = cell(verdictWords(v.verdict), false);
                    const QString bg = verdictBackground(v.verdict);
                    if (!bg.isEmpty()) { // both colours set: readable in either theme
                        word->setBackground(QColor(bg));
                        word->setForeground(QColor(verdictForeground(v.verdict)));
                        QFont f = word->font();
                        f.setBold(true);
                        word->setFont(f);
                    } else if (v.verdict == Verdict::NotAssessed) {
                        QFont f = word->font();
                        f.setItalic(true);
                        word->setFont(f);
                    }
                    const QString sentence = verdictSentence(
                        v, c.labels.value(0), c.labels.value(i), row.loadWords(), vs);
                    word->setToolTip(sentence);
                    m_verdicts->setItem(r, 6, word);
                    QString why = v.reason;
                    if (v.moreRepeats > 0)
                        why +=
                            tr("; about %1 more repeat(s) would likely decide").arg(v.moreRepeats);
                    m_verdicts->setItem(r, 7, cell(why, false));
                }
    m_verdicts->setColumnHidden(0, c.ops.size() == 1);
    m_verdicts->setColumnHidden(1, c.letters.size() == 2);
}

} // namespace vw
