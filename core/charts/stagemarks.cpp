#include "charts/stagemarks.h"

namespace vw {

QStringList stageMarks(const StageStats &st)
{
    QStringList marks;
    if (st.noCompletions())
        marks << QStringLiteral("no completed request");
    if (st.validity.clientBound)
        marks << QStringLiteral("client-bound: ") + st.validity.reasons.join(QStringLiteral("; "));
    marks << st.validity.notes;
    if (!st.complete)
        marks << QStringLiteral("partial (the stage did not run to its end)");
    return marks;
}

QStringList stageMarksShort(const StageStats &st)
{
    QStringList marks = stageMarks(st);
    if (!st.validity.clientBound)
        return marks;
    QStringList keys; // "client_cpu: 97 % of 2 cores" -> "client_cpu"
    for (const QString &r : st.validity.reasons)
        keys << r.section(QLatin1Char(':'), 0, 0).trimmed();
    const int at = st.noCompletions() ? 1 : 0; // where stageMarks() put the client-bound mark
    marks[at] = keys.isEmpty()
                    ? QStringLiteral("⚠ client-bound")
                    : QStringLiteral("⚠ client-bound: ") + keys.join(QStringLiteral(", "));
    return marks;
}

} // namespace vw
