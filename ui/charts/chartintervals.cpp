#include "charts/chartintervals.h"

#include "models/sessionset.h"

#include <cmath>
#include <iterator>

namespace vw {

ChartIntervals::ChartIntervals(QObject *parent)
    : QObject(parent)
{
}

int ChartIntervals::coveredStages(const Session &session, bool live)
{
    if (!live)
        return int(session.stages.size());
    const double seriesEndMs = session.series.isEmpty() ? 0 : session.series.last().tS * 1000.0;
    int n = 0;
    for (const StageStats &st : session.stages) {
        const double steadyEndMs = double(st.startMs + st.warmupMs) + st.steadySeconds * 1000.0;
        // the last whole steady second must be final (a partial one is not used)
        if (std::floor(steadyEndMs / 1000.0) * 1000.0 > seriesEndMs + 1e-6)
            break;
        ++n;
    }
    return n;
}

QString ChartIntervals::identityOf(const SessionEntry &e)
{
    const Session &s = e.session;
    if (!s.secondHistograms.present() && s.replicateCount() < 2)
        return QString();
    if (coveredStages(s, e.live) == 0)
        return QString();
    return e.live ? QStringLiteral("live:") + e.label
                  : QStringLiteral("saved:") + s.id + QLatin1Char('/') + e.label;
}

QString ChartIntervals::versionOf(const SessionEntry &e)
{
    const Session &s = e.session;
    return QString::number(s.stages.size()) + QLatin1Char('/')
           + QString::number(coveredStages(s, e.live)) + QLatin1Char('/')
           + QString::number(s.replicateCount());
}

void ChartIntervals::request(const QList<SessionEntry> &entries)
{
    QSet<QString> wanted;
    for (const SessionEntry &e : entries) {
        const QString id = identityOf(e);
        if (id.isEmpty())
            continue;
        wanted.insert(id);
        const QString version = versionOf(e);
        if (m_pending.value(id) == version
            || (!m_pending.contains(id) && m_done.value(id).version == version))
            continue;
        m_pending.insert(id, version); // a result of an older version is dropped
        Session session = e.session; // implicitly shared: a cheap copy, read on the job
        session.stages.resize(coveredStages(session, e.live));
        m_jobs.start(
            [session, version](const JobContext &) {
                CurveSource src;
                addIntervals(&src, session);
                return Result{version, src.intervals, src.intervalTitle, src.replicates};
            },
            [this, id](Result r) {
                if (!m_pending.contains(id) || m_pending.value(id) != r.version)
                    return; // superseded, or no entry needs it any more
                m_pending.remove(id);
                m_done.insert(id, std::move(r));
                emit ready();
            });
    }
    for (auto it = m_done.begin(); it != m_done.end();)
        it = wanted.contains(it.key()) ? std::next(it) : m_done.erase(it);
    for (auto it = m_pending.begin(); it != m_pending.end();)
        it = wanted.contains(it.key()) ? std::next(it) : m_pending.erase(it);
}

void ChartIntervals::apply(CurveSource *src, const SessionEntry &entry) const
{
    const auto it = m_done.constFind(identityOf(entry));
    if (it == m_done.cend())
        return;
    src->intervals = it->intervals;
    src->intervalTitle = it->title;
    src->replicates = it->replicates;
}

} // namespace vw
