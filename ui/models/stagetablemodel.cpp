#include "models/stagetablemodel.h"

#include "charts/stagemarks.h"

#include <QBrush>
#include <QColor>
#include <QStringList>

namespace vw {

namespace {

double ms(int64_t us)
{
    return double(us) / 1000.0;
}

QString errorClasses(const OpStats &o)
{
    QStringList parts;
    for (auto it = o.errors.cbegin(); it != o.errors.cend(); ++it)
        if (it.value() > 0)
            parts << QStringLiteral("%1: %2").arg(it.key()).arg(it.value());
    return parts.join(QStringLiteral(", "));
}

} // namespace

StageTableModel::StageTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void StageTableModel::setStages(const QList<StageStats> &stages)
{
    QList<Row> rows;
    for (int s = 0; s < stages.size(); ++s)
        for (int o = 0; o < stages.at(s).ops.size(); ++o)
            rows.append({s, o});
    const qsizetype kept = m_rows.size();
    bool prefix = kept <= rows.size();
    for (qsizetype i = 0; prefix && i < kept; ++i)
        prefix = rows.at(i) == m_rows.at(i)
                 && stages.at(rows.at(i).stage).ops.at(rows.at(i).op).op
                        == m_stages.at(m_rows.at(i).stage).ops.at(m_rows.at(i).op).op;
    if (!prefix) {
        beginResetModel();
        m_stages = stages;
        m_rows = rows;
        endResetModel();
        return;
    }
    // the kept rows point at the same stage x op in the new list: new values first, then rows
    m_stages = stages;
    if (kept > 0)
        emit dataChanged(index(0, 0), index(int(kept - 1), ColumnCount - 1));
    if (rows.size() > kept) {
        beginInsertRows(QModelIndex(), int(kept), int(rows.size() - 1));
        m_rows = rows;
        endInsertRows();
    }
}

void StageTableModel::setUncertainty(const QList<StageUncertainty> &u, const QString &reason)
{
    m_uncertainty = u;
    m_uncertaintyReason = reason;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, ThroughputCiColumn),
                         index(int(m_rows.size() - 1), SteadinessColumn));
}

const OpUncertainty *StageTableModel::uncertaintyOf(const StageStats &s, const OpStats &o) const
{
    for (const StageUncertainty &su : m_uncertainty)
        if (su.stage == s.index)
            for (const OpUncertainty &u : su.ops)
                if (u.op == o.op)
                    return &u;
    return nullptr;
}

QVariant StageTableModel::uncertaintyValue(const StageStats &s, const OpStats &o, int column,
                                           int role) const
{
    const OpUncertainty *u = uncertaintyOf(s, o);
    if (!u) {
        if (role == Qt::ToolTipRole)
            return m_uncertaintyReason.isEmpty() ? tr("Not computed yet") : m_uncertaintyReason;
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("-")) : QVariant();
    }
    const Interval &thr = u->intervals[int(BootMetric::Throughput)];
    const Interval &p99 = u->intervals[int(BootMetric::P99)];
    if (role == SortRole) {
        if (column == ThroughputCiColumn)
            return thr.known ? QVariant(thr.hi - thr.lo) : QVariant();
        if (column == P99CiColumn)
            return p99.known ? QVariant(p99.hi - p99.lo) : QVariant();
        return u->steadiness.assessed ? QVariant(u->steadiness.steady) : QVariant();
    }
    if (role == Qt::DisplayRole) {
        if (column == ThroughputCiColumn)
            return intervalCell(thr, 1);
        if (column == P99CiColumn)
            return intervalCell(p99, 3);
        if (!u->steadiness.assessed)
            return QStringLiteral("-");
        return u->steadiness.steady ? tr("steady") : tr("not steady");
    }
    if (role == Qt::ToolTipRole) {
        if (column == SteadinessColumn)
            return !u->steadiness.assessed ? u->steadiness.reason
                   : u->steadiness.steady  ? tr("No trend in throughput or p50 during the stage")
                                           : u->steadiness.words;
        if (!u->sample.ok)
            return u->sample.reason;
        QStringList lines;
        lines << tr("95 % intervals, circular block bootstrap over %1 steady seconds "
                    "(block %2 s, %3 effective seconds, %4 resamples)")
                     .arg(u->sample.seconds)
                     .arg(u->sample.blockLength)
                     .arg(u->sample.effectiveSeconds, 0, 'f', 1)
                     .arg(u->sample.resamples);
        const char *names[] = {"throughput/s", "mean ms", "p50 ms", "p95 ms", "p99 ms"};
        for (int m = 0; m < kBootMetricCount; ++m) {
            const Interval &i = u->intervals[m];
            lines << QStringLiteral("%1: %2").arg(
                QLatin1String(names[m]), i.known ? intervalCell(i, m == 0 ? 1 : 3) : i.reason);
        }
        return lines.join(QLatin1Char('\n'));
    }
    if (role == Qt::ForegroundRole && column == SteadinessColumn && u->steadiness.assessed
        && !u->steadiness.steady)
        return QBrush(QColor(0xc0, 0x39, 0x2b));
    return {};
}

int StageTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int StageTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StageTableModel::rawValue(const StageStats &s, const OpStats &o, int column) const
{
    const LatencyHistogram &h = o.latency;
    const bool latencyColumn = column == MeanColumn || column == P50Column || column == P95Column
                               || column == P99Column || column == MaxColumn;
    if (latencyColumn && h.count() == 0)
        return {}; // no success, no latency: an invalid QVariant, shown as "-" (never 0)
    switch (column) {
    case StageColumn:
        return stageNumber(s.index);
    case VusColumn:
        return s.vus;
    case OpColumn:
        return o.op;
    case CountColumn:
        return qint64(o.count);
    case OkColumn:
        return qint64(o.ok);
    case ErrorsColumn:
        return qint64(o.errorCount());
    case ErrorClassesColumn:
        return errorClasses(o);
    case ThroughputColumn:
        return s.throughputPerS(o);
    case MeanColumn:
        return h.meanUs() / 1000.0;
    case P50Column:
        return ms(h.valueAtPercentileUs(50));
    case P95Column:
        return ms(h.valueAtPercentileUs(95));
    case P99Column:
        return ms(h.valueAtPercentileUs(99));
    case MaxColumn:
        return ms(h.maxUs());
    case MaxInFlightColumn:
        return s.maxInFlight;
    case MarksColumn:
        return stageMarksShort(s).join(QStringLiteral("; "));
    }
    return {};
}

QVariant StageTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.parent().isValid() || index.row() >= m_rows.size()
        || index.column() >= ColumnCount)
        return {};
    const Row &r = m_rows.at(index.row());
    const StageStats &s = m_stages.at(r.stage);
    const OpStats &o = s.ops.at(r.op);
    const int c = index.column();
    if (c >= ThroughputCiColumn && c <= SteadinessColumn) {
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return uncertaintyValue(s, o, c, role);
    }

    switch (role) {
    case SortRole:
        return rawValue(s, o, c);
    case Qt::DisplayRole: {
        const QVariant v = rawValue(s, o, c);
        switch (c) {
        case StageColumn: // "3*": did not run to its end; "5 ⚠": client-bound (tooltip: why)
            return v.toString() + (s.complete ? QString() : QStringLiteral("*"))
                   + (s.validity.clientBound ? QStringLiteral(" ⚠") : QString());
        case ThroughputColumn:
            return QString::number(v.toDouble(), 'f', 1);
        case MeanColumn:
        case P50Column:
        case P95Column:
        case P99Column:
        case MaxColumn:
            return v.isValid() ? QString::number(v.toDouble(), 'f', 3) : QStringLiteral("-");
        default:
            return v;
        }
    }
    case Qt::TextAlignmentRole:
        if (c == OpColumn || c == ErrorClassesColumn || c == MarksColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if ((c == ErrorsColumn && o.errorCount() > 0)
            || (c == MarksColumn && (s.validity.clientBound || s.noCompletions())))
            return QBrush(QColor(0xc0, 0x39, 0x2b));
        if (!s.complete)
            return QBrush(QColor(0x80, 0x80, 0x80));
        return {};
    case Qt::ToolTipRole:
        if (c == StageColumn && !s.complete)
            return tr("Stage %1 did not run to its end (run stopped or still running)")
                .arg(stageNumber(s.index));
        if (s.validity.clientBound && (c == StageColumn || c == MarksColumn))
            // the guard's reasons, whole (the cell shows their keys)
            return tr("Client-bound stage: the client, not the server, limited it.\n%1")
                .arg(stageMarks(s).join(QLatin1Char('\n')));
        if (c == ErrorsColumn || c == ErrorClassesColumn)
            return errorClasses(o).isEmpty() ? tr("No errors") : errorClasses(o);
        if (c == MarksColumn)
            return stageMarks(s).join(QLatin1Char('\n'));
        return {};
    case Qt::BackgroundRole:
        if (c == MarksColumn && s.validity.clientBound) // the mark stands out in the table
            return QBrush(QColor(0xff, 0xf4, 0xe5));
        return {};
    }
    return {};
}

QVariant StageTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case StageColumn:
            return tr("Stage");
        case VusColumn:
            return tr("VUs");
        case OpColumn:
            return tr("Operation");
        case CountColumn:
            return tr("Count");
        case OkColumn:
            return tr("OK");
        case ErrorsColumn:
            return tr("Errors");
        case ErrorClassesColumn:
            return tr("Error classes");
        case ThroughputColumn:
            return tr("Throughput/s");
        case MeanColumn:
            return tr("Mean ms");
        case P50Column:
            return tr("p50 ms");
        case P95Column:
            return tr("p95 ms");
        case P99Column:
            return tr("p99 ms");
        case MaxColumn:
            return tr("Max ms");
        case MaxInFlightColumn:
            return tr("Max in-flight");
        case MarksColumn:
            return tr("Marks");
        case ThroughputCiColumn:
            return tr("Throughput/s 95%");
        case P99CiColumn:
            return tr("p99 ms 95%");
        case SteadinessColumn:
            return tr("Steadiness");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case ThroughputColumn:
            return tr("Successful requests per second of the steady window");
        case MeanColumn:
        case P50Column:
        case P95Column:
        case P99Column:
        case MaxColumn:
            return tr("Latency of successful requests, milliseconds (warm-up excluded)");
        case MaxInFlightColumn:
            return tr("Largest number of requests in flight at once");
        case ThroughputCiColumn:
        case P99CiColumn:
            return tr("95 % interval: block bootstrap over the stage's steady seconds "
                      "(docs/measurement.md, \"Uncertainty\"); \"-\" when the stage is too "
                      "short or the session has no interval histograms");
        case SteadinessColumn:
            return tr("Mann-Kendall trend test of per-second throughput and p50");
        case MarksColumn:
            return tr("Why a stage's figures may not stand as measured: client-bound (the "
                      "validity guard's reasons), too short for its latency, no completed "
                      "request, partial");
        }
    }
    return {};
}

} // namespace vw
