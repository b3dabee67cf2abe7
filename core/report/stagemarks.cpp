#include "report/stagemarks.h"

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

} // namespace vw
