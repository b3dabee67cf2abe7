#include "sessionset.h"

#include "session/sessionanalysis.h"
#include "sessionfiles.h"

#include <algorithm>

namespace vw {

QString SessionSet::displayLabel(const QString &label, int runs)
{
    if (runs < 2)
        return label;
    const QString suffix = tr(" (%1 runs)").arg(runs);
    return label.endsWith(suffix) ? label : label + suffix; // never said twice
}

QString SessionSet::displayLabel(const Session &s)
{
    return displayLabel(s.label.isEmpty() ? s.profileName : s.label, s.replicateCount());
}

SessionSet::SessionSet(QObject *parent)
    : QObject(parent)
{
}

QList<Session> SessionSet::savedSessions() const
{
    QList<Session> out;
    for (const SessionEntry &e : m_entries) {
        if (e.live)
            continue;
        out << e.session;
        out.last().label = e.label;
    }
    return out;
}

QString SessionSet::uniqueLabel(const QString &wanted, int skip) const
{
    QStringList used;
    for (int i = 0; i < m_entries.size(); ++i)
        if (i != skip)
            used << m_entries.at(i).label;
    const QString base = wanted.isEmpty() ? tr("session") : wanted;
    QString label = base;
    for (int n = 2; used.contains(label); ++n)
        label = QStringLiteral("%1 (%2)").arg(base).arg(n);
    return label;
}

void SessionSet::renumberColours()
{
    for (int i = 0; i < m_entries.size(); ++i)
        m_entries[i].colourIndex = i;
}

void SessionSet::replaceMain(SessionEntry entry, const QString &wantedLabel)
{
    if (m_hasMain)
        m_entries.removeFirst();
    entry.label = uniqueLabel(wantedLabel, -1);
    entry.session.label = entry.label;
    m_entries.prepend(entry);
    m_hasMain = true;
    renumberColours();
    emit mainChanged();
    emit entriesChanged();
}

void SessionSet::beginLive(const QString &label, const Profile &plan)
{
    SessionEntry live;
    live.live = true;
    live.session.plan = plan;
    // its replicates are split when it ends: the plan says how many runs it makes
    replaceMain(live, displayLabel(label, plan.repeat));
}

void SessionSet::updateLive(const RunSnapshot &s)
{
    if (!isLive())
        return;
    SessionEntry &live = m_entries.first();
    // The running stage is drawn once a request of its steady window has completed (before,
    // it would show as a point at zero throughput).
    const bool running = s.phase == RunPhase::Running && s.stageIndex >= 0
                         && s.stageIndex >= s.stages.size()
                         && std::any_of(s.current.ops.cbegin(), s.current.ops.cend(),
                                        [](const OpStats &o) { return o.count > 0; });
    // A stage that has ended but is still draining its in-flight requests is in neither
    // s.stages nor s.current (which is the next stage, still in warm-up): keep its last
    // partial point until its final statistics arrive, so the curves and axes do not jump.
    const bool draining = !running && live.hasPartial && live.partial.index >= s.stages.size();
    live.session.stages = s.stages;
    if (!draining) {
        live.partial = s.current;
        live.partial.complete = false;
        live.hasPartial = running;
    }
    live.session.series = s.series;
    // the finished stages' intervals on the live charts (ui/charts/chartintervals.h)
    live.session.secondHistograms = s.secondHistograms;
    live.session.ops = s.secondHistograms.ops;
    live.session.serverTelemetry = s.server; // the samples so far (the Server tab)
    emit liveUpdated();
}

void SessionSet::finishLive(const Session &session)
{
    setMain(session);
}

void SessionSet::setMain(const Session &session, const QString &path)
{
    SessionEntry e;
    e.session = session;
    if (!e.session.analysis.computed)
        e.session.analysis = analyzeSession(e.session); // once, not on every redraw
    e.path = path;
    replaceMain(e, displayLabel(session));
}

int SessionSet::indexOf(const Session &session, const QString &path) const
{
    for (int i = 0; i < m_entries.size(); ++i) {
        const SessionEntry &e = m_entries.at(i);
        if (e.live)
            continue;
        if (!session.id.isEmpty() && e.session.id == session.id)
            return i;
        if (!path.isEmpty() && isSameFilePath(e.path, path))
            return i;
    }
    return -1;
}

bool SessionSet::renameSession(const QString &id, const QString &path, const QString &label)
{
    bool any = false;
    for (int i = 0; i < m_entries.size(); ++i) {
        SessionEntry &e = m_entries[i];
        if (e.live
            || !((!id.isEmpty() && e.session.id == id)
                 || (!path.isEmpty() && isSameFilePath(e.path, path))))
            continue;
        e.label = uniqueLabel(displayLabel(label, e.session.replicateCount()), i);
        e.session.label = e.label;
        any = true;
        emit entryRenamed(i);
    }
    if (any)
        emit entriesChanged();
    return any;
}

int SessionSet::addOverlay(const Session &session, const QString &path)
{
    if (const int shown = indexOf(session, path); shown >= 0) // never the same one twice
        return shown - (m_hasMain ? 1 : 0);
    SessionEntry e;
    e.session = session;
    if (!e.session.analysis.computed)
        e.session.analysis = analyzeSession(e.session);
    e.path = path;
    e.label = uniqueLabel(displayLabel(session), -1);
    e.session.label = e.label;
    m_entries.append(e);
    renumberColours();
    const int index = overlayCount() - 1;
    emit overlayAdded(index);
    emit entriesChanged();
    return index;
}

void SessionSet::removeOverlays(QList<int> indices)
{
    std::sort(indices.begin(), indices.end(), std::greater<int>());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    QList<int> removed;
    for (int i : std::as_const(indices)) {
        if (i < 0 || i >= overlayCount())
            continue;
        m_entries.removeAt(i + (m_hasMain ? 1 : 0));
        removed << i;
    }
    if (removed.isEmpty())
        return;
    renumberColours();
    for (int i : std::as_const(removed)) // highest first: each index is valid when emitted
        emit overlayRemoved(i);
    emit entriesChanged();
}

void SessionSet::setPercentiles(const QList<int> &percentiles)
{
    QList<int> p;
    for (int a : availablePercentiles())
        if (percentiles.contains(a))
            p << a;
    if (p == m_percentiles)
        return;
    m_percentiles = p;
    emit percentilesChanged(m_percentiles);
}

void SessionSet::setPercentileShown(int p, bool shown)
{
    QList<int> next = m_percentiles;
    next.removeAll(p);
    if (shown)
        next << p;
    setPercentiles(next);
}

} // namespace vw
