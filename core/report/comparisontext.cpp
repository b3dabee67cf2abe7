// comparisonText() of comparison.h: the table `vault-workbench compare` prints.
#include "analysis/analysistext.h"
#include "report/capacitypoints.h"
#include "report/comparisontext.h"
#include "util/textcells.h"

#include <QJsonArray>

#include <algorithm>

namespace vw {

namespace {

QJsonValue opt(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

constexpr int kNameW = 24, kCellW = 14, kNumW = 10;

QString ratioCell(const std::optional<double> &r)
{
    return r ? QString::number(*r, 'f', 2) : QStringLiteral("-");
}

/// A row with one width per cell (util/textcells.h: a cell as wide as its column or wider
/// still keeps one space from its neighbours).
QString row(const QString &name, const QStringList &cells, int nameW, const QList<int> &widths)
{
    QString s = QStringLiteral("  ") + leftCell(name, nameW);
    for (int i = 0; i < cells.size(); ++i)
        s += rightCell(cells.at(i), widths.value(i, kNumW));
    return s + QLatin1Char('\n');
}

/// The widths of a table whose first column is `names` (at least nameW) and whose other
/// columns are `cells` (each at least minW, or as wide as its header `head` plus a space).
QList<int> cellWidths(const QStringList &head, const QList<QStringList> &cells, int minW)
{
    QList<QStringList> all = cells;
    all.prepend(head);
    QList<int> mins;
    for (int i = 0; i < head.size(); ++i)
        mins << minW;
    return columnWidths(all, mins);
}

int nameWidth(const QStringList &names, int minW)
{
    QList<QStringList> col;
    for (const QString &n : names)
        col << QStringList{n};
    return columnWidths(col, {minW}).value(0, minW);
}

QString figureCell(const std::optional<double> &x, CompareMetric m)
{
    return x ? QString::number(*x, 'f', m == CompareMetric::Throughput ? 1 : 3)
             : QStringLiteral("-");
}

QString ciCell(const MetricVerdict &v)
{
    return v.ci.known ? QStringLiteral("%1-%2").arg(v.ci.lo, 0, 'f', 3).arg(v.ci.hi, 0, 'f', 3)
                      : QStringLiteral("-");
}

/// The verdicts of session `i` against A for one op: a header naming the interval, the
/// threshold and the correction, a row per level and metric, then the sentences of the
/// better and worse figures.
QString verdictSection(const Comparison &c, const OpComparison &oc, int i)
{
    const VerdictSettings &vs = c.verdictSettings;
    QString out = QStringLiteral("%1: verdicts %2 vs A (%3% intervals of %2/A: A %4, %2 %5; "
                                 "noise threshold ±%6 %; %7 correction over %8 tests)\n")
                      .arg(oc.op, c.letters[i])
                      .arg(vs.confidence * 100, 0, 'g', 3)
                      .arg(c.intervalBasis.value(0), c.intervalBasis.value(i))
                      .arg(vs.threshold * 100, 0, 'g', 3)
                      .arg(vs.correction)
                      .arg(c.tests.value(i));
    const QList<int> widths{12, 12, 12, 10, 20, 18};
    out += row(QStringLiteral("load"),
               {QStringLiteral("metric"), QStringLiteral("A"), c.letters[i],
                QStringLiteral("%1/A").arg(c.letters[i]), QStringLiteral("95% CI"),
                QStringLiteral("verdict")},
               8, widths);
    QStringList sentences;
    for (const AlignedRow &r : oc.rows) {
        if (i >= r.verdicts.size())
            continue;
        for (const MetricVerdict &v : r.verdicts[i]) {
            QString verdict = verdictKey(v.verdict);
            if (v.verdict == Verdict::Inconclusive && v.moreRepeats > 0)
                verdict += QStringLiteral(" +%1").arg(v.moreRepeats);
            QString line = row(r.loadText(),
                               {compareMetricKey(v.metric), figureCell(v.a, v.metric),
                                figureCell(v.b, v.metric),
                                v.ratio ? QString::number(*v.ratio, 'f', 3) : QStringLiteral("-"),
                                ciCell(v), verdict},
                               8, widths);
            if (v.verdict == Verdict::NotAssessed && !v.reason.isEmpty())
                line.insert(line.size() - 1, QStringLiteral("  (%1)").arg(v.reason));
            out += line;
            if (v.verdict == Verdict::Better || v.verdict == Verdict::Worse)
                sentences << verdictSentence(v, c.labels[0], c.labels[i], r.loadWords(), vs);
        }
    }
    out += QStringLiteral("  (inconclusive +N: about N more repeats would likely decide; "
                          "not_assessed: the reason follows it)\n");
    for (const QString &s : std::as_const(sentences))
        out += QStringLiteral("  %1\n").arg(s);
    if (!c.spreadNotes.value(i).isEmpty())
        out += QStringLiteral("  %1: %2\n").arg(c.letters[i], c.spreadNotes.value(i));
    return out;
}

/// ops.<op>.levels[]: {"load": VUs or rate, "load_text", "metrics": {<metric>: verdict of B
/// vs A}, "versus": {"C": {...}, ...} for the sessions after B}.
QJsonArray levelsJson(const Comparison &c, const OpComparison &oc)
{
    QJsonArray levels;
    for (const AlignedRow &r : oc.rows) {
        QJsonObject level{
            {QStringLiteral("load"), r.open() ? QJsonValue(r.rate) : QJsonValue(r.vus)},
            {QStringLiteral("load_text"), r.loadCell}};
        QJsonObject versus;
        for (int i = 1; i < r.verdicts.size(); ++i) {
            QJsonObject metrics;
            for (const MetricVerdict &v : r.verdicts[i])
                metrics.insert(compareMetricKey(v.metric), metricVerdictJson(v));
            if (i == 1)
                level.insert(QStringLiteral("metrics"), metrics);
            else
                versus.insert(c.letters.value(i), metrics);
        }
        if (!versus.isEmpty())
            level.insert(QStringLiteral("versus"), versus);
        levels.append(level);
    }
    return levels;
}

} // namespace

QString comparisonText(const Comparison &c, const QList<Session> &ss)
{
    QString out = QStringLiteral("sessions\n");
    for (int i = 0; i < c.labels.size() && i < ss.size(); ++i) {
        const Session &s = ss[i];
        out += QStringLiteral("  %1  %2  (profile %3, target %4, %5 %6, started %7 UTC)\n")
                   .arg(c.letters[i], c.labels[i], s.profileName, s.targetAddress, s.server.product,
                        s.server.version,
                        s.startedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    }
    for (const ComparedDifference &d : c.compared)
        out += QStringLiteral("compared: %1\n").arg(d.text);
    if (c.warnings.isEmpty()) {
        out += QStringLiteral("warnings: none (same target, server version, ramp, durations, "
                              "transport; no client-bound stage)\n");
    } else {
        out += QStringLiteral("warnings: not directly comparable\n");
        for (const ComparisonWarning &w : c.warnings)
            out += QStringLiteral("  ! %1: %2\n").arg(w.kind, w.text);
    }
    for (const OpComparison &oc : c.ops) {
        out += QStringLiteral("\n%1: capacity points\n").arg(oc.op);
        // capacitypoints.h: the same rows as the GUI's comparison table and capacity card
        QStringList names;
        QList<QStringList> cells;
        for (const CapacityRow &r : capacityRows()) {
            QStringList line;
            for (int i = 0; i < oc.analyses.size(); ++i)
                line.append(oc.analyses.at(i) && i < ss.size()
                                ? capacityCell(*oc.analyses.at(i), ss.at(i), r.key)
                                : QStringLiteral("(no op)"));
            names << r.name;
            cells << line;
        }
        const QList<int> capW = cellWidths(c.letters, cells, kCellW);
        const int capNameW = nameWidth(names, kNameW);
        out += row(QString(), c.letters, capNameW, capW);
        for (int r = 0; r < names.size(); ++r)
            out += row(names.at(r), cells.at(r), capNameW, capW);
        bool anyExcluded = false;
        for (int i = 0; i < oc.analyses.size(); ++i) {
            if (!oc.analyses.at(i))
                continue;
            for (const QString &line : excludedStageLines(*oc.analyses.at(i))) {
                if (!anyExcluded)
                    out +=
                        QStringLiteral("%1: stages left out of the capacity points\n").arg(oc.op);
                anyExcluded = true;
                out += QStringLiteral("  %1  %2\n").arg(c.letters.value(i), line);
            }
        }
        if (!anyExcluded)
            out += QStringLiteral("%1: every stage with requests is in the capacity points\n")
                       .arg(oc.op);

        out += QStringLiteral("%1: stages aligned by %2 (throughput /s, p99 ms and their "
                              "ratios to A; ! = client-bound)\n")
                   .arg(oc.op, oc.alignedBy());
        QStringList head; // "throughput/s A", "throughput B/A", "p99 ms A", "p99 B/A"
        for (const QString &kind : {QStringLiteral("throughput"), QStringLiteral("p99")}) {
            for (int i = 0; i < c.letters.size(); ++i) {
                const QString unit =
                    kind == QLatin1String("p99") ? QStringLiteral(" ms") : QStringLiteral("/s");
                head.append(QStringLiteral("%1%2 %3").arg(kind, unit, c.letters[i]));
                if (i > 0)
                    head.append(QStringLiteral("%1 %2/A").arg(kind, c.letters[i]));
            }
        }
        QList<int> minWidths; // every header whole
        for (const QString &h : std::as_const(head))
            minWidths.append(std::max(kNumW, int(h.size()) + 2));
        QStringList loads;
        QList<QStringList> rows;
        for (const AlignedRow &r : oc.rows) {
            QStringList cells;
            for (int pass = 0; pass < 2; ++pass) {
                for (int i = 0; i < r.cells.size(); ++i) {
                    const std::optional<AlignedCell> &cell = r.cells[i];
                    QString v = QStringLiteral("-");
                    if (cell && (pass == 0 || cell->p99Ms)) // no success: "-"
                        v = QString::number(pass == 0 ? cell->throughputPerS : *cell->p99Ms, 'f',
                                            pass == 0 ? 1 : 3)
                            + (cell->clientBound ? QStringLiteral("!") : QString());
                    cells.append(v);
                    if (i > 0)
                        cells.append(ratioCell(pass == 0 ? r.throughputRatio[i] : r.p99Ratio[i]));
                }
            }
            loads << r.loadText();
            rows << cells;
        }
        const QList<int> widths = columnWidths(rows, minWidths);
        const QString loadHead =
            oc.alignedBy() == QLatin1String("VUs") ? QStringLiteral("VUs") : QStringLiteral("load");
        const int loadW = nameWidth(loads << loadHead, 6);
        out += row(loadHead, head, loadW, widths);
        for (int r = 0; r < rows.size(); ++r)
            out += row(loads.at(r), rows.at(r), loadW, widths);
        for (int i = 1; c.assessed && i < c.letters.size(); ++i)
            out += verdictSection(c, oc, i);
    }
    return out;
}

QJsonObject comparisonJson(const Comparison &c, const QList<Session> &ss)
{
    QJsonArray sessions;
    for (int i = 0; i < ss.size() && i < c.labels.size(); ++i)
        sessions.append(QJsonObject{
            {QStringLiteral("letter"), c.letters[i]},
            {QStringLiteral("label"), c.labels[i]},
            {QStringLiteral("profile"), ss[i].profileName},
            {QStringLiteral("target"), ss[i].targetAddress},
            {QStringLiteral("server_version"), ss[i].server.version},
            {QStringLiteral("started_at"), ss[i].startedAt.isValid() ? QJsonValue(
                                               ss[i].startedAt.toUTC().toString(Qt::ISODateWithMs))
                                                                     : QJsonValue()},
        });
    QJsonArray warnings, compared;
    for (const ComparisonWarning &w : c.warnings)
        warnings.append(
            QJsonObject{{QStringLiteral("kind"), w.kind}, {QStringLiteral("text"), w.text}});
    for (const ComparedDifference &d : c.compared)
        compared.append(
            QJsonObject{{QStringLiteral("kind"), d.kind}, {QStringLiteral("text"), d.text}});
    QJsonObject ops;
    for (const OpComparison &oc : c.ops) {
        QJsonArray analyses;
        for (const std::optional<OpAnalysis> &a : oc.analyses)
            analyses.append(a ? QJsonValue(a->toJson()) : QJsonValue());
        QJsonArray rows;
        for (const AlignedRow &r : oc.rows) {
            QJsonArray cells, tr, pr;
            for (int i = 0; i < r.cells.size(); ++i) {
                const std::optional<AlignedCell> &cell = r.cells[i];
                cells.append(cell ? QJsonValue(QJsonObject{
                                 {QStringLiteral("stage"), cell->stage},
                                 {QStringLiteral("throughput_per_s"), cell->throughputPerS},
                                 {QStringLiteral("p99_ms"), opt(cell->p99Ms)},
                                 {QStringLiteral("error_ratio"), cell->errorRatio},
                                 {QStringLiteral("client_bound"), cell->clientBound}})
                                  : QJsonValue());
                tr.append(opt(r.throughputRatio[i]));
                pr.append(opt(r.p99Ratio[i]));
            }
            QJsonObject jr{{QStringLiteral("sessions"), cells},
                           {QStringLiteral("throughput_ratio"), tr},
                           {QStringLiteral("p99_ratio"), pr}};
            if (r.open())
                jr.insert(QStringLiteral("rate_per_s"), r.rate);
            else
                jr.insert(QStringLiteral("vus"), r.vus);
            rows.append(jr);
        }
        QJsonObject jo{{QStringLiteral("analysis"), analyses}, {QStringLiteral("stages"), rows}};
        if (c.assessed)
            jo.insert(QStringLiteral("levels"), levelsJson(c, oc));
        ops.insert(oc.op, jo);
    }
    QJsonObject out{{QStringLiteral("sessions"), sessions},
                    {QStringLiteral("compared"), compared},
                    {QStringLiteral("warnings"), warnings},
                    {QStringLiteral("ops"), ops}};
    if (c.assessed) {
        QJsonArray basis, spread, tests;
        for (int i = 0; i < c.letters.size(); ++i) {
            basis.append(c.intervalBasis.value(i));
            spread.append(c.spreadNotes.value(i));
            tests.append(c.tests.value(i));
        }
        out.insert(QStringLiteral("verdicts"),
                   QJsonObject{{QStringLiteral("confidence"), c.verdictSettings.confidence},
                               {QStringLiteral("threshold"), c.verdictSettings.threshold},
                               {QStringLiteral("correction"), c.verdictSettings.correction},
                               {QStringLiteral("tests"), tests},
                               {QStringLiteral("interval_basis"), basis},
                               {QStringLiteral("spread"), spread}});
    }
    return out;
}

} // namespace vw
