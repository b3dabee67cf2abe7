// The sessions the window shows and how it shows them: the main entry (the live run, replaced
// by its finished session, or an opened session file), the overlays drawn beside it, and the
// latency percentiles the charts draw. This is the one copy of those facts in the GUI: the
// results page, the comparison view, the run panel and the Sessions menu's percentile actions
// observe it and keep none of their own (docs/architecture.md, "GUI data flow").
// GUI thread only; session files reach it already parsed (ui/sessionloader.h).
#pragma once

#include "engine/runsnapshot.h"
#include "session/session.h"

#include <QList>
#include <QObject>
#include <QString>

namespace vw {

/// One session shown. Entry 0 is the main one when SessionSet::hasMain(); the others are
/// overlays, in the order they were added.
struct SessionEntry {
    /// The finished run or the file's session. While live: the label, the completed stages,
    /// the 1-second series and the interval histograms so far (RunSnapshot); no analysis.
    Session session;
    QString label; ///< unique among the entries; names it in legends, lists and tables
    QString path; ///< the file it was read from; empty for a run of this window
    /// Index into paletteColor() (core/charts/chartpalette.h) when two or more sessions are shown:
    /// the entry's position, which is how the charts colour overlaid sources.
    int colourIndex = 0;
    bool live = false; ///< the running benchmark (only ever the main entry)
    /// Live only: the running stage's steady window so far, drawn as the last point of each
    /// curve when hasPartial.
    StageStats partial;
    bool hasPartial = false;
};

class SessionSet : public QObject {
    Q_OBJECT
public:
    /// The latency percentiles offered (menu and page); all shown at first.
    static QList<int> availablePercentiles() { return {50, 95, 99}; }

    explicit SessionSet(QObject *parent = nullptr);

    /// The one maker of the labels sessions are shown with (legends, lists, tabs, tables,
    /// the comparison's A/B): `label` and, for a session of two or more replicates, how many
    /// runs it holds ("nu-short (3 runs)", not said twice). Made unique among the entries
    /// afterwards ("nu-short (2)").
    static QString displayLabel(const QString &label, int runs);
    /// displayLabel() of the session's label, else its profile's name, and its replicates.
    static QString displayLabel(const Session &session);

    bool hasMain() const { return m_hasMain; }
    bool isLive() const { return m_hasMain && m_entries.first().live; }
    /// The main entry, nullptr when there is none.
    const SessionEntry *mainEntry() const { return m_hasMain ? &m_entries.first() : nullptr; }
    int overlayCount() const { return int(m_entries.size()) - (m_hasMain ? 1 : 0); }
    /// Overlay `i` (0-based among the overlays).
    const SessionEntry &overlay(int i) const { return m_entries.at(i + (m_hasMain ? 1 : 0)); }
    /// Every entry, the main one first.
    const QList<SessionEntry> &entries() const { return m_entries; }
    int count() const { return int(m_entries.size()); }
    /// The sessions that are not live, main first, with their unique labels: what the
    /// comparison compares.
    QList<Session> savedSessions() const;

    /// A run starts: the main entry becomes an empty live entry named `label`, run with `plan`
    /// (its load model decides the charts' load axis, its SLO the SLO line).
    void beginLive(const QString &label, const Profile &plan = Profile());
    /// Coalesced live state (<= 10 Hz): completed stages, the running stage, the series.
    /// Ignored when the main entry is not live.
    void updateLive(const RunSnapshot &snapshot);
    /// The run ended: its finished session replaces the live main entry (its analysis is
    /// computed here once when the session has none).
    void finishLive(const Session &session);
    /// `session` becomes the main entry (an opened file: `path`); a live main is replaced too,
    /// so callers overlay instead while a run is going.
    void setMain(const Session &session, const QString &path = QString());
    /// Adds an overlay; its label is made unique ("label (2)"). Returns its overlay index.
    /// A session already shown (the same session id, or the same file) is not added twice:
    /// the index of the overlay that shows it is returned, or -1 when it is the main entry.
    int addOverlay(const Session &session, const QString &path = QString());
    /// The entry showing `session` (its id, else its file `path`), -1 when none (index into
    /// entries()).
    int indexOf(const Session &session, const QString &path = QString()) const;
    /// A session was renamed (its file's label rewritten, ui/library/sessionlibraryview.h):
    /// every entry of session id `id` (or read from `path`) takes `label` (made unique), so
    /// legends, lists, tabs and tables follow; false when none shows it.
    bool renameSession(const QString &id, const QString &path, const QString &label);
    /// Removes overlays by overlay index; out-of-range indices are ignored.
    void removeOverlays(QList<int> indices);
    void removeOverlay(int index) { removeOverlays({index}); }

    /// The latency percentiles drawn, ascending, each one of availablePercentiles().
    QList<int> percentiles() const { return m_percentiles; }
    bool isPercentileShown(int p) const { return m_percentiles.contains(p); }
    void setPercentiles(const QList<int> &percentiles);
    void setPercentileShown(int p, bool shown);

signals:
    /// The main entry was replaced or removed (a run began or finished, a file opened).
    void mainChanged();
    void overlayAdded(int index);
    void overlayRemoved(int index);
    /// Entry `index` (into entries()) was relabelled (renameSession()).
    void entryRenamed(int index);
    /// After any change to the list of entries (each of the four signals above): for views
    /// that redraw from the whole set.
    void entriesChanged();
    /// The live main entry has new data (not emitted by entriesChanged()).
    void liveUpdated();
    void percentilesChanged(const QList<int> &percentiles);

private:
    /// `entry` becomes the main entry (the old one goes), labelled `wantedLabel` made unique.
    void replaceMain(SessionEntry entry, const QString &wantedLabel);
    QString uniqueLabel(const QString &wanted, int skip) const;
    void renumberColours();

    QList<SessionEntry> m_entries;
    bool m_hasMain = false;
    QList<int> m_percentiles = availablePercentiles();
};

} // namespace vw
