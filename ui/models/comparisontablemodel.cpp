#include "models/comparisontablemodel.h"

#include "analysis/analysistext.h"
#include "charts/chartpalette.h"
#include "report/capacitypoints.h"

#include "theme/windowtheme.h"

#include <QFont>
#include <QGuiApplication>

#include <algorithm>

namespace vw {

namespace {

QString ratioText(const std::optional<double> &r)
{
    return r ? QString::number(*r, 'f', 2) + QStringLiteral("×") : QStringLiteral("-");
}

} // namespace

ComparisonTableModel::ComparisonTableModel(Table table, QObject *parent)
    : QAbstractTableModel(parent)
    , m_table(table)
{
}

void ComparisonTableModel::setComparison(const Comparison &c, const QList<Session> &sessions)
{
    beginResetModel();
    m_headers.clear();
    m_rows.clear();
    if (c.labels.size() >= 2) {
        switch (m_table) {
        case Table::Capacity:
            buildCapacity(c, sessions);
            break;
        case Table::Ratios:
            buildRatios(c);
            break;
        case Table::Verdicts:
            if (c.assessed)
                buildVerdicts(c);
            break;
        }
    }
    endResetModel();
}

int ComparisonTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_headers.size());
}

QVariant ComparisonTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const QList<Cell> &row = m_rows.at(index.row());
    if (index.column() >= row.size())
        return QVariant();
    const Cell &cell = row.at(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return cell.text;
    case Qt::ToolTipRole:
        return cell.tip.isEmpty() ? cell.text : cell.tip;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(cell.number ? Qt::AlignRight | Qt::AlignVCenter
                                               : Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (cell.clientBound) // the theme's, at paint time
            return clientBoundCellColours(QGuiApplication::palette()).background;
        return cell.background.isValid() ? QVariant(cell.background) : QVariant();
    case Qt::ForegroundRole:
        if (cell.clientBound)
            return clientBoundCellColours(QGuiApplication::palette()).text;
        return cell.foreground.isValid() ? QVariant(cell.foreground) : QVariant();
    case Qt::FontRole:
        if (cell.bold || cell.italic) {
            QFont f;
            f.setBold(cell.bold);
            f.setItalic(cell.italic);
            return f;
        }
        return QVariant();
    case VerdictRole:
        return cell.verdict >= 0 ? QVariant(cell.verdict) : QVariant();
    default:
        return QVariant();
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_headers.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Header &h = m_headers.at(section);
    if (role == Qt::DisplayRole) {
        if (h.text.size() <= kMaxHeaderChars)
            return h.text;
        const int keep = (kMaxHeaderChars - 1) / 2;
        return h.text.left(keep) + QStringLiteral("…") + h.text.right(keep);
    }
    if (role == Qt::ToolTipRole)
        return h.tip.isEmpty() ? h.text : h.tip;
    return QVariant();
}

void ComparisonTableModel::buildCapacity(const Comparison &c, const QList<Session> &sessions)
{
    m_headers = {{tr("operation"), QString()}, {tr("point"), QString()}};
    for (int i = 0; i < c.labels.size(); ++i)
        m_headers.append({QStringLiteral("%1 · %2").arg(c.letters.value(i), c.labels.at(i)), {}});
    // the rows `compare` prints (core/report/capacitypoints.h): one source for both
    for (const OpComparison &oc : c.ops)
        for (const CapacityRow &point : capacityRows()) {
            QList<Cell> row{Cell{oc.op, {}, false}, Cell{point.name, {}, false}};
            for (int i = 0; i < oc.analyses.size(); ++i)
                row.append(Cell{oc.analyses.at(i) && i < sessions.size()
                                    ? capacityCell(*oc.analyses.at(i), sessions.at(i), point.key)
                                    : QStringLiteral("-")});
            m_rows.append(row);
        }
}

void ComparisonTableModel::buildRatios(const Comparison &c)
{
    const int n = int(c.letters.size());
    // "VUs" for closed runs; "load" when a row is an offered rate (arrival-rate runs)
    const bool byVus = std::all_of(c.ops.cbegin(), c.ops.cend(), [](const OpComparison &oc) {
        return oc.alignedBy() == QLatin1String("VUs");
    });
    m_headers = {
        {tr("operation"), QString()},
        {byVus ? tr("VUs") : tr("load"),
         byVus ? tr("Planned VUs of the stage") : tr("Planned VUs, or offered rate (starts/s)")}};
    for (int i = 0; i < n; ++i) {
        const QString who = QStringLiteral("%1 · %2").arg(c.letters.at(i), c.labels.value(i));
        m_headers.append({tr("%1 throughput /s").arg(c.letters.at(i)),
                          tr("%1: successful requests per second").arg(who)});
        m_headers.append({tr("%1 p99 ms").arg(c.letters.at(i)),
                          tr("%1: 99th percentile latency of successes, ms").arg(who)});
    }
    for (int i = 1; i < n; ++i) {
        m_headers.append(
            {tr("throughput %1/A").arg(c.letters.at(i)),
             tr("Throughput of %1 divided by throughput of A at this load").arg(c.letters.at(i))});
        m_headers.append({tr("p99 %1/A").arg(c.letters.at(i)),
                          tr("p99 of %1 divided by p99 of A at this load").arg(c.letters.at(i))});
    }
    for (const OpComparison &oc : c.ops)
        for (const AlignedRow &ar : oc.rows) {
            QList<Cell> row{Cell{oc.op, {}, false}, Cell{ar.loadText()}};
            for (int i = 0; i < n; ++i) {
                const std::optional<AlignedCell> &a = ar.cells.value(i);
                Cell x{a ? QString::number(a->throughputPerS, 'f', 1) : QStringLiteral("-")};
                Cell p{a && a->p99Ms ? QString::number(*a->p99Ms, 'f', 2) : QStringLiteral("-")};
                if (a && a->clientBound) {
                    const QString why = tr("%1: client-bound stage %2: %3")
                                            .arg(c.letters.at(i))
                                            .arg(stageNumber(a->stage))
                                            .arg(a->clientBoundReasons.join(QStringLiteral("; ")));
                    for (Cell *cell : {&x, &p}) {
                        cell->text += QStringLiteral(" ⚠");
                        cell->tip = why;
                        cell->clientBound = true;
                    }
                }
                row << x << p;
            }
            for (int i = 1; i < n; ++i)
                row << Cell{ratioText(ar.throughputRatio.value(i))}
                    << Cell{ratioText(ar.p99Ratio.value(i))};
            m_rows.append(row);
        }
}

void ComparisonTableModel::buildVerdicts(const Comparison &c)
{
    const VerdictSettings &vs = c.verdictSettings;
    m_headers = {{tr("operation"), QString()},
                 {tr("vs A"), tr("The session compared with A")},
                 {tr("load"), QString()},
                 {tr("metric"), QString()},
                 {tr("ratio"), tr("The session's figure divided by A's")},
                 {tr("%1% interval").arg(vs.confidence * 100, 0, 'g', 3),
                  tr("Bootstrap interval of the ratio")},
                 {tr("verdict"), tr("Beyond the noise threshold of ±%1 % after the %2 correction")
                                     .arg(vs.threshold * 100, 0, 'g', 3)
                                     .arg(vs.correction)},
                 {tr("why"), QString()}};
    for (const OpComparison &oc : c.ops)
        for (const AlignedRow &ar : oc.rows)
            for (int i = 1; i < ar.verdicts.size(); ++i)
                for (const MetricVerdict &v : ar.verdicts.at(i)) {
                    const int verdict = int(v.verdict);
                    Cell word{verdictWords(v.verdict),
                              verdictSentence(v, c.labels.value(0), c.labels.value(i),
                                              ar.loadWords(), vs),
                              false};
                    const QString bg = verdictBackground(v.verdict);
                    if (!bg.isEmpty()) { // both colours set: readable in either theme
                        word.background = QColor(bg);
                        word.foreground = QColor(verdictForeground(v.verdict));
                        word.bold = true;
                    } else if (v.verdict == Verdict::NotAssessed) {
                        word.italic = true;
                    }
                    QString why = v.reason;
                    if (v.moreRepeats > 0)
                        why +=
                            tr("; about %1 more repeat(s) would likely decide").arg(v.moreRepeats);
                    QList<Cell> row{Cell{oc.op, {}, false},
                                    Cell{c.letters.value(i), c.labels.value(i), false},
                                    Cell{ar.loadText()},
                                    Cell{compareMetricKey(v.metric), {}, false},
                                    Cell{ratioText(v.ratio)},
                                    Cell{v.ci.known ? QStringLiteral("%1-%2×")
                                                          .arg(v.ci.lo, 0, 'f', 2)
                                                          .arg(v.ci.hi, 0, 'f', 2)
                                                    : QStringLiteral("-")},
                                    word,
                                    Cell{why, {}, false}};
                    for (Cell &cell : row)
                        cell.verdict = verdict;
                    m_rows.append(row);
                }
}

} // namespace vw
