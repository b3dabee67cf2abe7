#include "sessionlibrarymodel.h"

#include <QColor>
#include <QFileInfo>
#include <QLocale>

namespace vw {

namespace {

const QString kNone = QStringLiteral("-");

template <typename T> QVariant orNull(const std::optional<T> &v)
{
    return v ? QVariant::fromValue(*v) : QVariant();
}

QString number(const std::optional<double> &v, int decimals)
{
    return v ? QLocale().toString(*v, 'f', decimals) : kNone;
}

} // namespace

SessionLibraryModel::SessionLibraryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int SessionLibraryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SessionLibraryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SessionLibraryModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Label:
        return tr("Label");
    case Profile:
        return tr("Profile");
    case Target:
        return tr("Target");
    case Started:
        return tr("Started");
    case Status:
        return tr("Status");
    case Leftovers:
        return tr("Leftovers");
    case Stages:
        return tr("Stages");
    case PeakThroughput:
        return tr("Peak /s");
    case P99AtPeak:
        return tr("p99 at peak (ms)");
    case Knee:
        return tr("Knee (VUs)");
    case Note:
        return tr("Note");
    case File:
        return tr("File");
    }
    return {};
}

QVariant SessionLibraryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const SessionSummary &s = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(s, index.column());
    case SortRole:
        return sortKey(s, index.column());
    case PathRole:
        return s.path;
    case Qt::ToolTipRole:
        if (!s.ok())
            return s.error;
        if (index.column() == File)
            return s.path;
        if (index.column() == Note && !s.runError.isEmpty())
            return s.runError;
        if (index.column() == Leftovers
            && (!s.leftovers.isEmpty() || !s.cleanupError.isEmpty()
                || s.leftoverText().startsWith(QLatin1String("unknown"))))
            return tr("%1\nSweep it with: vault-workbench cleanup '%2'")
                .arg((s.leftovers.isEmpty() ? QStringList{s.cleanupError} : s.leftovers)
                         .join(QLatin1Char('\n')),
                     s.path);
        return {};
    case Qt::ForegroundRole:
        if (s.ok() && index.column() == Status && s.status != QLatin1String("completed"))
            return QColor(0xc6, 0x28, 0x28);
        if (s.ok() && index.column() == Leftovers && s.leftoverText() != QLatin1String("none")
            && s.leftoverText() != QLatin1String("-"))
            return QColor(0xc6, 0x28, 0x28);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Stages && index.column() <= Knee)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

QVariant SessionLibraryModel::display(const SessionSummary &s, int column) const
{
    if (!s.ok()) {
        switch (column) {
        case Label:
            return QFileInfo(s.path).completeBaseName();
        case Status:
            return tr("unreadable");
        case Note:
            return s.error;
        case File:
            return QFileInfo(s.path).fileName();
        case Started:
            return kNone;
        default:
            return column >= Stages && column <= Knee ? QVariant(kNone) : QVariant();
        }
    }
    switch (column) {
    case Label:
        return s.displayLabel();
    case Profile:
        return s.profileName;
    case Target: // a local target's node by its name: "leader (http://127.0.0.1:8200)"
        return s.targetNode.isEmpty()
                   ? s.targetAddress
                   : QStringLiteral("%1 (%2)").arg(s.targetNode, s.targetAddress);
    case Started:
        return s.startedAt.isValid()
                   ? s.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                   : kNone;
    case Status:
        return s.status;
    case Leftovers:
        return s.leftoverText();
    case Stages:
        if (s.maxRatePerS) // arrival-rate: the offered rate (its "vus" is the VU pool)
            return tr("%1 (to %2/s)").arg(s.stages).arg(*s.maxRatePerS, 0, 'f', 0);
        if (s.maxVus)
            return tr("%1 (to %2 VUs)").arg(s.stages).arg(*s.maxVus);
        return QString::number(s.stages);
    case PeakThroughput:
        return number(s.peakThroughputPerS, 0);
    case P99AtPeak:
        return number(s.p99AtPeakMs, 2);
    case Knee:
        return s.kneeVus ? QString::number(*s.kneeVus) : kNone;
    case Note:
        return s.runError;
    case File:
        return QFileInfo(s.path).fileName();
    }
    return {};
}

QVariant SessionLibraryModel::sortKey(const SessionSummary &s, int column) const
{
    switch (column) {
    case Started:
        return s.startedAt.isValid() ? QVariant(s.startedAt) : QVariant(s.modified);
    case Stages:
        return s.stages;
    case PeakThroughput:
        return orNull(s.peakThroughputPerS);
    case P99AtPeak:
        return orNull(s.p99AtPeakMs);
    case Knee:
        return orNull(s.kneeVus);
    default:
        return display(s, column);
    }
}

void SessionLibraryModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void SessionLibraryModel::upsert(const SessionSummary &summary)
{
    const int row = rowOf(summary.path);
    if (row >= 0) {
        m_rows[row] = summary;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_rows.append(summary);
    endInsertRows();
}

bool SessionLibraryModel::remove(const QString &path)
{
    const int row = rowOf(path);
    if (row < 0)
        return false;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
    return true;
}

int SessionLibraryModel::rowOf(const QString &path) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).path == path)
            return i;
    return -1;
}

} // namespace vw
