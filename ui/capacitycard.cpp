#include "capacitycard.h"

#include "models/sessionset.h"

#include "report/capacitypoints.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace vw {

CapacityCard::CapacityCard(SessionSet *set, QWidget *parent)
    : QWidget(parent)
    , m_set(set)
{
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("capacityHeading"));
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("capacityCardTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_excluded = new QLabel(this);
    m_excluded->setObjectName(QStringLiteral("capacityExcluded"));
    m_excluded->setWordWrap(true);
    m_excluded->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_excluded->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(m_heading);
    lay->addWidget(m_table, 1); // the rows get the room; the exclusions take their lines
    lay->addWidget(m_excluded);
    connect(m_set, &SessionSet::entriesChanged, this, &CapacityCard::refresh);
    refresh();
}

void CapacityCard::refresh()
{
    m_table->clear();
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    m_excluded->clear();
    const SessionEntry *main = m_set->mainEntry();
    if (!main) {
        m_heading->setText(tr("Open a session or run a profile: its capacity points show here."));
        return;
    }
    if (main->live) {
        m_heading->setText(tr("%1: the capacity points come when the run ends.").arg(main->label));
        return;
    }
    const Session &s = main->session;
    const QString slo = s.plan.slo.describe();
    m_heading->setText(slo.isEmpty()
                           ? tr("%1: capacity points (no SLO in the profile)").arg(main->label)
                           : tr("%1: capacity points; SLO %2").arg(main->label, slo));
    const QList<CapacityRow> rows = capacityRows();
    const QList<OpAnalysis> &ops = s.analysis.ops;
    m_table->setRowCount(int(rows.size()));
    m_table->setColumnCount(int(ops.size()));
    QStringList heads, names;
    for (const OpAnalysis &a : ops)
        heads << a.op;
    for (const CapacityRow &r : rows)
        names << r.name;
    m_table->setHorizontalHeaderLabels(heads);
    m_table->setVerticalHeaderLabels(names);
    QStringList excluded;
    for (int c = 0; c < ops.size(); ++c) {
        const OpAnalysis &a = ops.at(c);
        for (int r = 0; r < rows.size(); ++r) {
            auto *item = new QTableWidgetItem(capacityCell(a, s, rows.at(r).key));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (rows.at(r).key == QLatin1String("raw"))
                item->setToolTip(tr("Every stage with requests, client-bound ones included "
                                    "(\"!\": that stage was client-bound)"));
            m_table->setItem(r, c, item);
        }
        for (const QString &line : excludedStageLines(a))
            excluded << QStringLiteral("%1: %2").arg(a.op, line);
    }
    m_excluded->setText(excluded.isEmpty()
                            ? tr("Every stage with requests is in the capacity points.")
                            : tr("Stages left out of the capacity points:\n%1")
                                  .arg(excluded.join(QLatin1Char('\n'))));
}

} // namespace vw
