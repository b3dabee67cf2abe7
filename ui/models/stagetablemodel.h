// Per-stage, per-operation statistics as a flat table (one row per stage x operation).
// A QAbstractTableModel over a value-type QList<StageStats>; setStages() replaces the list.
// GUI thread only.
#pragma once

#include "analysis/stageuncertainty.h"
#include "stats/stagestats.h"

#include <QAbstractTableModel>

namespace vw {

class StageTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        /// 1-based stage number ("3*" when the stage is incomplete, "5 ⚠" when client-bound:
        /// the mark in view at the default width, the reasons in its tooltip)
        StageColumn,
        VusColumn,
        OpColumn,
        CountColumn,
        OkColumn,
        ErrorsColumn, ///< total errors
        ErrorClassesColumn, ///< "http_503: 3, timeout: 1"
        ThroughputColumn, ///< successes per second
        MeanColumn, ///< milliseconds
        P50Column, ///< milliseconds
        P95Column, ///< milliseconds
        P99Column, ///< milliseconds
        MaxColumn, ///< milliseconds
        MaxInFlightColumn,
        /// "⚠ client-bound: client_cpu; no completed request" (stageMarksShort(),
        /// core/charts/stagemarks.h); the tooltip has the whole reasons (stageMarks()).
        MarksColumn,
        /// 95 % intervals (core/analysis/stageuncertainty.h): "412.0-431.0", "-" when unknown
        /// (the tooltip says why, and gives mean/p50/p95 intervals and the block length)
        ThroughputCiColumn,
        P99CiColumn,
        /// "steady", "not steady" (tooltip: the words and the suggested warm-up), "-"
        SteadinessColumn,
        ColumnCount
    };
    /// Qt::DisplayRole is formatted text; SortRole gives the raw number (ms, per second, count).
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit StageTableModel(QObject *parent = nullptr);

    /// Replaces the statistics. When the old rows (stage x op) are a prefix of the new ones,
    /// as in a live run, the model reports changed values and appended rows instead of a
    /// reset, so selection, scroll position and column widths survive <= 10 Hz updates.
    void setStages(const QList<StageStats> &stages);
    const QList<StageStats> &stages() const { return m_stages; }
    /// The intervals and steadiness of the stages (by stage index, ops by name), computed off
    /// the GUI thread (ui/resultspage.cpp); empty: "-" with `reason` in the tooltip.
    void setUncertainty(const QList<StageUncertainty> &u, const QString &reason = QString());

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int stage; ///< index into m_stages
        int op; ///< index into m_stages[stage].ops
        bool operator==(const Row &o) const { return stage == o.stage && op == o.op; }
    };
    QVariant rawValue(const StageStats &s, const OpStats &o, int column) const;

    const OpUncertainty *uncertaintyOf(const StageStats &s, const OpStats &o) const;
    QVariant uncertaintyValue(const StageStats &s, const OpStats &o, int column, int role) const;

    QList<StageStats> m_stages;
    QList<Row> m_rows;
    QList<StageUncertainty> m_uncertainty;
    QString m_uncertaintyReason;
};

} // namespace vw
