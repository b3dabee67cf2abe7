#include "charts/charttitle.h"

namespace vw {

namespace {

QString dateText(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")) : QString();
}

QString joined(const QStringList &parts, const QString &sep)
{
    QStringList out;
    for (const QString &p : parts)
        if (!p.isEmpty())
            out << p;
    return out.join(sep);
}

} // namespace

QString shownLabel(const QString &label)
{
    return label.size() <= kMaxShownLabel ? label : label.left(kMaxShownLabel - 1) + QChar(0x2026);
}

QString chartOpsText(const QStringList &ops)
{
    if (ops.size() > 3)
        return QStringLiteral("%1 operations").arg(ops.size());
    return ops.join(QStringLiteral(", "));
}

QString chartTitleText(const QStringList &ops, const QString &what, const QString &against)
{
    if (ops.isEmpty())
        return QStringLiteral("%1%2 vs %3").arg(what.left(1).toUpper(), what.mid(1), against);
    return QStringLiteral("%1 %2 vs %3").arg(chartOpsText(ops), what, against);
}

QString chartSubtitle(const QList<CurveSource> &sources)
{
    const QString sep = QStringLiteral(" · ");
    if (sources.isEmpty())
        return QString();
    if (sources.size() == 1) {
        const CurveSource &s = sources.first();
        return joined({s.target, dateText(s.startedAt), shownLabel(s.label)}, sep);
    }
    QStringList targets;
    for (const CurveSource &s : sources)
        if (!s.target.isEmpty() && !targets.contains(s.target))
            targets << s.target;
    const bool oneTarget = targets.size() <= 1;
    QStringList each;
    for (const CurveSource &s : sources)
        each << joined(
            {shownLabel(s.label), oneTarget ? QString() : s.target, dateText(s.startedAt)},
            QStringLiteral(" "));
    return joined({oneTarget ? targets.value(0) : QString(), joined(each, QStringLiteral(", "))},
                  sep);
}

} // namespace vw
