#include "study/studyreport.h"

#include "analysis/analysistext.h"
#include "charts/chartmodel.h"
#include "charts/chartpalette.h"
#include "charts/curvesource.h"
#include "report/htmlreport.h"
#include "charts/svgrenderer.h"
#include "session/comparison.h"
#include "session/sessionanalysis.h"
#include "study/studyscale.h"

#include <QFileInfo>

#include <algorithm>

namespace vw {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString td(const QString &s, bool number = false)
{
    return number ? QStringLiteral("<td class=\"n\">%1</td>").arg(esc(s))
                  : QStringLiteral("<td>%1</td>").arg(esc(s));
}

QString th(const QString &s)
{
    return QStringLiteral("<th>%1</th>").arg(esc(s));
}

/// One op of one run at its maximum throughput: the rate and the p99 of that stage.
struct PeakCell {
    std::optional<double> perS;
    std::optional<int> vus;
    QString p99; ///< "-" when no stage had a success
    std::optional<int> kneeVus;
};

PeakCell peakOf(const Session &s, const QString &op)
{
    PeakCell c;
    c.p99 = QStringLiteral("-");
    const SessionAnalysis a = sessionAnalysis(s);
    const OpAnalysis *oa = a.find(op);
    if (!oa)
        return c;
    c.perS = oa->maxThroughput.perS;
    c.vus = oa->maxThroughput.vus;
    c.kneeVus = oa->knee.vus;
    if (oa->maxThroughput.stage)
        for (const StageStats &st : s.stages)
            if (st.index == *oa->maxThroughput.stage)
                for (const OpStats &o : st.ops)
                    if (o.op == op)
                        c.p99 = latencyCellMs(o.latency, 99, 2);
    return c;
}

QStringList opsOf(const QList<StudyRunResult> &runs)
{
    QStringList ops;
    for (const StudyRunResult &r : runs)
        if (r.session)
            for (const StageStats &st : r.session->stages)
                for (const OpStats &o : st.ops)
                    if (!ops.contains(o.op))
                        ops << o.op;
    return ops;
}

/// The cell of one run in the profile x target matrix: per op "X/s, p99 ms" at the stage of
/// maximum throughput; the status when the run did not complete.
QStringList matrixCell(const StudyRunResult &r)
{
    QStringList lines;
    if (r.session) {
        QStringList ops;
        for (const StageStats &st : r.session->stages)
            for (const OpStats &x : st.ops)
                if (!ops.contains(x.op))
                    ops << x.op;
        for (const QString &op : ops) {
            const PeakCell c = peakOf(*r.session, op);
            lines << QStringLiteral("%1%2/s, p99 %3 ms")
                         .arg(ops.size() > 1 ? op + QStringLiteral(": ") : QString(),
                              numberCell(c.perS, 1), c.p99);
        }
    }
    if (!r.completed())
        lines << (r.ran ? runStatusKey(r.status) : QStringLiteral("not run"));
    return lines;
}

/// A profile's row heading: its dimension values from its labels, else its name.
QString profileHeading(const StudySpec &study, const StudyRunResult &r)
{
    const QMap<QString, QString> labels = study.profiles.value(r.profileIndex).labels;
    QStringList parts;
    for (const QString &d : studyDimensions(study))
        if (labels.contains(d))
            parts << labels.value(d);
    return parts.isEmpty() ? r.profileName : parts.join(QStringLiteral(", "));
}

QString targetHeading(const StudySpec &study, int targetIndex)
{
    const StudyTarget t = study.targets.value(targetIndex);
    QStringList parts;
    for (const QString &d : studyDimensions(study))
        if (t.labels.contains(d))
            parts << t.labels.value(d);
    return parts.isEmpty() ? t.name : parts.join(QStringLiteral(", "));
}

const StudyRunResult *runAt(const QList<StudyRunResult> &runs, int profile, int target)
{
    for (const StudyRunResult &r : runs)
        if (r.profileIndex == profile && r.targetIndex == target)
            return &r;
    return nullptr;
}

QString matrixTable(const StudySpec &study, const QList<StudyRunResult> &runs)
{
    QString o =
        QStringLiteral("<table class=\"matrix\"><tr>") + th(QStringLiteral("profile \\ target"));
    for (int t = 0; t < study.targets.size(); ++t)
        o += th(targetHeading(study, t));
    o += QStringLiteral("</tr>\n");
    for (int p = 0; p < study.profiles.size(); ++p) {
        const StudyRunResult *first = runAt(runs, p, 0);
        o += QStringLiteral("<tr>")
             + th(first ? profileHeading(study, *first) : study.profiles.at(p).path);
        for (int t = 0; t < study.targets.size(); ++t) {
            const StudyRunResult *r = runAt(runs, p, t);
            QStringList cell = r ? matrixCell(*r) : QStringList{QStringLiteral("-")};
            for (QString &line : cell)
                line = esc(line);
            o += QStringLiteral("<td class=\"n\">%1</td>").arg(cell.join(QStringLiteral("<br>")));
        }
        o += QStringLiteral("</tr>\n");
    }
    return o + QStringLiteral("</table>\n");
}

QString runsTable(const StudySpec &study, const QList<StudyRunResult> &runs)
{
    const QStringList dims = studyDimensions(study);
    QString o = QStringLiteral("<table><tr>") + th(QStringLiteral("#"));
    for (const QString &d : dims)
        o += th(d);
    for (const char *h : {"profile", "target", "status", "op", "max throughput /s", "at VUs",
                          "p99 ms there", "knee (VUs)", "session file"})
        o += th(QString::fromLatin1(h));
    o += QStringLiteral("</tr>\n");
    for (int i = 0; i < runs.size(); ++i) {
        const StudyRunResult &r = runs.at(i);
        QStringList ops;
        if (r.session)
            for (const StageStats &st : r.session->stages)
                for (const OpStats &x : st.ops)
                    if (!ops.contains(x.op))
                        ops << x.op;
        if (ops.isEmpty())
            ops << QString();
        for (const QString &op : ops) {
            o += QStringLiteral("<tr class=\"run%1\">")
                     .arg(r.completed() ? QString() : QStringLiteral(" failed"));
            o += td(QString::number(i + 1), true);
            for (const QString &d : dims)
                o += td(studyDimensionValue(study, r, d));
            o += td(r.profileName) + td(r.targetName);
            o += td(r.ran ? runStatusKey(r.status) : QStringLiteral("not run"));
            if (r.session && !op.isEmpty()) {
                const PeakCell c = peakOf(*r.session, op);
                o += td(op) + td(numberCell(c.perS, 1), true) + td(vusCell(c.vus), true)
                     + td(c.p99, true) + td(vusCell(c.kneeVus), true);
            } else {
                o += td(QStringLiteral("-")) + td(QStringLiteral("-"), true)
                     + td(QStringLiteral("-"), true) + td(QStringLiteral("-"), true)
                     + td(QStringLiteral("-"), true);
            }
            o += td(r.sessionPath.isEmpty() ? QStringLiteral("-")
                                            : QFileInfo(r.sessionPath).fileName())
                 + QStringLiteral("</tr>\n");
        }
    }
    return o + QStringLiteral("</table>\n");
}

/// Throughput and p99 of every session at each stage's load, per op (comparison rows).
QString perStageTables(const QList<Session> &sessions)
{
    const Comparison c = compareSessions(sessions);
    QString o;
    for (const OpComparison &oc : c.ops) {
        o += QStringLiteral("<h3>%1: throughput /s and p99 ms at each stage's load (%2)</h3>\n")
                 .arg(esc(oc.op), esc(oc.alignedBy()));
        o += QStringLiteral("<table><tr>") + th(QStringLiteral("load"));
        for (int i = 0; i < sessions.size(); ++i)
            o += QStringLiteral("<th colspan=\"2\">%1</th>").arg(esc(c.labels.value(i)));
        o += QStringLiteral("</tr>\n");
        for (const AlignedRow &row : oc.rows) {
            o += QStringLiteral("<tr>") + td(row.loadText(), true);
            for (int i = 0; i < sessions.size(); ++i) {
                const std::optional<AlignedCell> &cell = row.cells.value(i);
                o += td(cell ? QString::number(cell->throughputPerS, 'f', 1) : QStringLiteral("-"),
                        true)
                     + td(cell && cell->p99Ms ? QString::number(*cell->p99Ms, 'f', 2)
                                              : QStringLiteral("-"),
                          true);
            }
            o += QStringLiteral("</tr>\n");
        }
        o += QStringLiteral("</table>\n");
    }
    return o;
}

/// The runs that differ only in `dim`: grouped by their values on every other dimension.
QString dimensionSection(const StudySpec &study, const QList<StudyRunResult> &runs,
                         const QString &dim, const QStringList &ops)
{
    const QStringList dims = studyDimensions(study);
    QList<QString> groupKeys;
    QMap<QString, QList<int>> groups;
    for (int i = 0; i < runs.size(); ++i) {
        QStringList rest;
        for (const QString &d : dims)
            if (d != dim)
                rest << QStringLiteral("%1 %2").arg(d, studyDimensionValue(study, runs.at(i), d));
        const QString key =
            rest.isEmpty() ? QStringLiteral("all runs") : rest.join(QStringLiteral(", "));
        if (!groups.contains(key))
            groupKeys << key;
        groups[key] << i;
    }
    QString o = QStringLiteral("<h2 class=\"dimension\">By %1</h2>\n").arg(esc(dim));
    o += QStringLiteral("<p>Runs that differ only in %1, side by side; ratios are to the first "
                        "of each group.</p>\n")
             .arg(esc(dim));
    for (const QString &key : groupKeys) {
        const QList<int> members = groups.value(key);
        o += QStringLiteral("<h3>%1</h3>\n").arg(esc(key));
        for (const QString &op : ops) {
            bool anyHasOp = false; // e.g. kv2_write in a group of reads: no table
            for (int i : members)
                if (runs.at(i).session && sessionAnalysis(*runs.at(i).session).find(op))
                    anyHasOp = true;
            if (!anyHasOp && ops.size() > 1)
                continue;
            o += QStringLiteral("<table><tr>") + th(dim) + th(QStringLiteral("op"))
                 + th(QStringLiteral("max throughput /s")) + th(QStringLiteral("ratio"))
                 + th(QStringLiteral("p99 ms there")) + th(QStringLiteral("status"))
                 + QStringLiteral("</tr>\n");
            std::optional<double> first;
            bool firstSet = false;
            for (int i : members) {
                const StudyRunResult &r = runs.at(i);
                PeakCell c;
                c.p99 = QStringLiteral("-");
                if (r.session)
                    c = peakOf(*r.session, op);
                if (!firstSet) {
                    first = c.perS;
                    firstSet = true;
                }
                const QString ratio =
                    c.perS && first && *first > 0
                        ? QString::number(*c.perS / *first, 'f', 2) + QStringLiteral("x")
                        : QStringLiteral("-");
                o += QStringLiteral("<tr>") + td(studyDimensionValue(study, r, dim)) + td(op)
                     + td(numberCell(c.perS, 1), true) + td(ratio, true) + td(c.p99, true)
                     + td(r.ran ? runStatusKey(r.status) : QStringLiteral("not run"))
                     + QStringLiteral("</tr>\n");
            }
            o += QStringLiteral("</table>\n");
        }
        QList<CurveSource> sources;
        for (int i : members)
            if (runs.at(i).session)
                sources << curveSourceFromSession(*runs.at(i).session,
                                                  studyDimensionValue(study, runs.at(i), dim));
        if (sources.isEmpty())
            continue;
        o += QStringLiteral("<div class=\"charts\">\n");
        ChartOptions latency;
        latency.percentiles = {99};
        o += renderSvg(buildChartModel(ChartKind::ThroughputVsLoad, sources));
        o += renderSvg(buildChartModel(ChartKind::LatencyVsLoad, sources, latency));
        o += QStringLiteral("</div>\n");
    }
    return o;
}

} // namespace

QString studyMatrixText(const StudySpec &study, const QList<StudyRunResult> &runs)
{
    QList<QStringList> rows;
    QStringList header{QStringLiteral("profile \\ target")};
    for (int t = 0; t < study.targets.size(); ++t)
        header << targetHeading(study, t);
    rows << header;
    for (int p = 0; p < study.profiles.size(); ++p) {
        const StudyRunResult *first = runAt(runs, p, 0);
        QStringList row{first ? profileHeading(study, *first) : study.profiles.at(p).path};
        for (int t = 0; t < study.targets.size(); ++t) {
            const StudyRunResult *r = runAt(runs, p, t);
            row << (r ? matrixCell(*r).join(QStringLiteral("; ")) : QStringLiteral("-"));
        }
        rows << row;
    }
    QList<int> widths(header.size(), 0);
    for (const QStringList &row : rows)
        for (int i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], int(row.at(i).size()));
    QString o;
    for (const QStringList &row : rows) {
        QStringList cells;
        for (int i = 0; i < row.size(); ++i)
            cells << row.at(i).leftJustified(widths.at(i));
        o += cells.join(QStringLiteral("  ")).trimmed() + QLatin1Char('\n');
    }
    return o;
}

QStringList studyDimensions(const StudySpec &study)
{
    return study.dimensions.isEmpty()
               ? QStringList{QStringLiteral("profile"), QStringLiteral("target")}
               : study.dimensions;
}

QString studyDimensionValue(const StudySpec &study, const StudyRunResult &r,
                            const QString &dimension)
{
    const StudyProfile p = study.profiles.value(r.profileIndex);
    const StudyTarget t = study.targets.value(r.targetIndex);
    if (p.labels.contains(dimension))
        return p.labels.value(dimension);
    if (t.labels.contains(dimension))
        return t.labels.value(dimension);
    if (dimension == QLatin1String("profile"))
        return r.profileName;
    if (dimension == QLatin1String("target"))
        return r.targetName;
    return QStringLiteral("-");
}

QString studyHtmlReport(const StudySpec &study, const QList<StudyRunResult> &runs,
                        double durationScale)
{
    QString o = htmlReportStart(QStringLiteral("Study: %1").arg(study.name));
    if (!study.description.isEmpty())
        o += QStringLiteral("<p>%1</p>\n").arg(esc(study.description));
    int completed = 0;
    QList<Session> sessions;
    for (const StudyRunResult &r : runs) {
        completed += r.completed() ? 1 : 0;
        if (r.session)
            sessions << *r.session;
    }
    o += QStringLiteral("<p class=\"summary\">%1 profile(s) x %2 target(s): %3 run(s), %4 "
                        "completed, %5 not completed.</p>\n")
             .arg(study.profiles.size())
             .arg(study.targets.size())
             .arg(runs.size())
             .arg(completed)
             .arg(runs.size() - completed);
    if (durationScale < 1)
        o += QStringLiteral("<p>Stage durations and warm-up scaled by %1 (each stage at least "
                            "%2 s and at most its profile's duration): shorter than the "
                            "profiles ask, for a first look.</p>\n")
                 .arg(durationScale)
                 .arg(kMinScaledStageMs / 1000);
    for (const StudyRunResult &r : runs)
        if (!r.completed())
            o += QStringLiteral("<div class=\"warning failed-run\"><b>%1 %2:</b> %3 (the study "
                                "went on with the next run%4)</div>\n")
                     .arg(esc(r.label),
                          r.ran ? esc(runStatusKey(r.status)) : QStringLiteral("not run"),
                          esc(r.error.isEmpty() ? QStringLiteral("no error text") : r.error),
                          r.session ? QStringLiteral("; its partial session is included")
                                    : QString());
    o += QStringLiteral("<h2>Maximum throughput and p99 there, profile x target</h2>\n")
         + matrixTable(study, runs);
    o += QStringLiteral("<h2>Runs</h2>\n") + runsTable(study, runs);
    if (!sessions.isEmpty()) {
        o += QStringLiteral("<h2>Throughput and p99 by stage</h2>\n") + perStageTables(sessions);
        const QStringList ops = opsOf(runs);
        for (const QString &dim : studyDimensions(study))
            o += dimensionSection(study, runs, dim, ops);
        o += QStringLiteral("<h2>All sessions</h2>\n") + htmlReportSections(sessions);
    }
    return o + htmlReportEnd();
}

} // namespace vw
