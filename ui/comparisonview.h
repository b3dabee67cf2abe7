// Side-by-side comparison of the sessions shown in the results page (issue 4, "Comparison"):
// a table of their capacity points (knee, saturation, failure, max throughput, p99 at the
// knee, USL N*) and the per-stage ratio table (throughput B/A, p99 B/A aligned by load: VUs or
// offered rate), side by side over the view's whole height, from core/session/comparison.h. It observes the SessionSet
// (ui/models/sessionset.h) and compares its saved (not live) sessions, the main one as A; what
// they compare ("compared: ...") and the warnings are exposed for the page's banners. Columns
// fit their contents (a table scrolls sideways rather than cut one; the two share the width in
// proportion to what they need); a header longer than ComparisonTableModel::kMaxHeaderChars is elided, whole in its
// tooltip; with one operation its name column is hidden. In a pane of their own
// (verdictPane(), the results page's "Verdicts" tab), the verdicts of every
// session against A (core/session/comparisonverdicts.h: ratio, 95% interval, better / worse /
// no change / inconclusive / not assessed in words and colours, the threshold and correction
// above), computed on a pool thread (the bootstrap takes milliseconds per stage) and shown
// when they arrive. The three tables are QTableViews over ComparisonTableModels
// (ui/models/comparisontablemodel.h).
// GUI thread only.
#pragma once

#include "jobtracker.h"
#include "session/comparison.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QSplitter;
class QTableView;
QT_END_NAMESPACE

namespace vw {

class ComparisonTableModel;
class SessionSet;

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    /// Follows `set` (not owned; it outlives the view) from now on.
    explicit ComparisonView(SessionSet *set, QWidget *parent = nullptr);

    bool isActive() const { return m_active; }
    const Comparison &comparison() const { return m_comparison; }
    /// One line per warning, "" when the sessions were run the same way (or fewer than two).
    QString warningText() const;
    /// One "compared: ca_key_type rsa-2048 (A) vs ed25519 (B)" line per difference of the
    /// compared class (differenceIsCompared), "" when none (or fewer than two sessions).
    QString comparedText() const;
    QTableView *capacityTable() const { return m_capacity; }
    QTableView *ratioTable() const { return m_ratios; }
    QTableView *verdictTable() const { return m_verdicts; }
    ComparisonTableModel *capacityModel() const { return m_capacityModel; }
    ComparisonTableModel *ratioModel() const { return m_ratioModel; }
    ComparisonTableModel *verdictModel() const { return m_verdictModel; }
    /// The verdicts' table under their note, a pane of its own (the results page shows it as
    /// the "Verdicts" tab beside "Comparison"), so the capacity and ratio tables take the
    /// view's whole height. Hidden until its owner places it.
    QWidget *verdictPane() const { return m_verdictPane; }
    /// The height the view needs to show every row of the capacity and ratio tables (their
    /// titles, headers and rows; a sideways scroll bar when they do not fit the width).
    int heightForAllRows() const;
    /// True once the verdicts of the current sessions are in verdictTable().
    bool verdictsReady() const { return m_verdictsReady; }

signals:
    /// The comparison was recomputed (the set's entries changed).
    void comparisonChanged();
    /// The verdicts of the current comparison arrived (verdictTable() is filled).
    void verdictsChanged();

private:
    /// Two or more saved sessions: fills the tables (the first is A, the baseline). Fewer:
    /// clears them.
    void refresh();
    void fillVerdicts(const Comparison &assessed);

    SessionSet *m_set = nullptr;
    bool m_active = false;
    Comparison m_comparison;
    ComparisonTableModel *m_capacityModel = nullptr;
    ComparisonTableModel *m_ratioModel = nullptr;
    ComparisonTableModel *m_verdictModel = nullptr;
    QTableView *m_capacity = nullptr;
    QTableView *m_ratios = nullptr;
    QSplitter *m_split = nullptr; ///< the two tables side by side
    QTableView *m_verdicts = nullptr;
    QLabel *m_verdictNote = nullptr; ///< threshold, correction, intervals' basis
    QWidget *m_verdictPane = nullptr; ///< verdictPane()
    JobTracker m_jobs{this}; ///< the verdicts' bootstrap; a new refresh supersedes the last
    bool m_verdictsReady = false;
};

} // namespace vw
