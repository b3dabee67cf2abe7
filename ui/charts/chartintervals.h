// The curves' 95% intervals and replicate points on the GUI's charts against load: the same
// CurveSource::intervals the HTML report and `export` draw (core/charts/curvesource.h,
// addIntervals()), computed off the GUI thread (ui/jobtracker.h), once per session and number
// of stages covered, kept by key and copied into each source the charts are built from
// (ui/resultspage.h). A saved session: every stage (over its replicates with two or more, else
// a block bootstrap over each stage's steady seconds). A live run: each finished stage once the
// 1-second series and the interval histograms (RunSnapshot::newSecondHistograms) cover its
// steady window; the running stage has none. A stage too short for an interval gets none
// (Interval::known false), so its curve has no band there. GUI thread only.
#pragma once

#include "charts/curvesource.h"
#include "jobtracker.h"

#include <QHash>
#include <QObject>
#include <QSet>

namespace vw {

struct SessionEntry;

class ChartIntervals : public QObject {
    Q_OBJECT
public:
    explicit ChartIntervals(QObject *parent = nullptr);

    /// Starts the computations `entries` need that are neither done nor under way, and
    /// forgets the results no entry needs any more (a late one of those is dropped).
    void request(const QList<SessionEntry> &entries);
    /// Copies the intervals, their title and the replicates of `entry` into `src` once they
    /// are computed; leaves `src` as it is before.
    void apply(CurveSource *src, const SessionEntry &entry) const;
    /// Computations started whose result has not arrived.
    int pending() const { return int(m_pending.size()); }

    /// The leading stages of `session` whose steady window the series covers (a live run's
    /// finished stages once their last steady second is final); every stage of a saved one.
    static int coveredStages(const Session &session, bool live);

signals:
    /// The intervals of an entry arrived: the charts against load redraw.
    void ready();

private:
    struct Result {
        QString version; ///< versionOf() of the entry it was computed for
        QMap<int, QMap<QString, std::array<Interval, kBootMetricCount>>> intervals;
        QString title;
        QList<QList<StageStats>> replicates;
    };
    /// Which session: the live run (by its label, until its session replaces it) or a saved
    /// one (id and label); "" when it has nothing to compute (no interval histograms, fewer
    /// than two runs, no stage covered).
    static QString identityOf(const SessionEntry &entry);
    /// What of it: the stages and covered stages, the replicates.
    static QString versionOf(const SessionEntry &entry);

    /// By identity: the latest result (a live run keeps its older one until the next arrives,
    /// so its bands do not blink at each stage's end).
    QHash<QString, Result> m_done;
    QHash<QString, QString> m_pending; ///< identity -> version under way
    JobTracker m_jobs{this, JobTracker::Policy::Independent};
};

} // namespace vw
