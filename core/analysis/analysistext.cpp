#include "analysis/analysistext.h"

namespace vw {

QString vusCell(const std::optional<int> &v)
{
    return v ? QString::number(*v) : QStringLiteral("-");
}

QString numberCell(const std::optional<double> &v, int decimals)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-");
}

namespace {

QString line(const QString &name, const QString &value, const QString &evidence)
{
    return QStringLiteral("  %1 %2\n      %3\n").arg(name.leftJustified(22), value, evidence);
}

QString vusValue(const std::optional<int> &v)
{
    return v ? QStringLiteral("%1 VUs").arg(*v) : QStringLiteral("not reached");
}

} // namespace

QString analysisText(const SessionAnalysis &a)
{
    QString out = QStringLiteral("analysis\n");
    for (const OpAnalysis &o : a.ops) {
        out += QStringLiteral("%1\n").arg(o.op);
        const QString failure =
            o.failure.stage ? QStringLiteral("%1 (%2)").arg(o.failure.at(), o.failure.errorClass)
                            : QStringLiteral("not reached");
        if (!o.notAssessed.isEmpty()) {
            out += QStringLiteral("  not assessed: %1\n").arg(o.notAssessed);
            if (!o.failure.evidence.text.isEmpty()) // assessed for open models too
                out += line(QStringLiteral("failure"), failure, o.failure.evidence.text);
            for (const QString &n : o.notes)
                out += QStringLiteral("  note: %1\n").arg(n);
            continue;
        }
        out += line(QStringLiteral("knee"), vusValue(o.knee.vus), o.knee.evidence.text);
        out += line(QStringLiteral("saturation"), vusValue(o.saturation.vus),
                    o.saturation.evidence.text);
        out += line(QStringLiteral("failure"), failure, o.failure.evidence.text);
        out += line(QStringLiteral("max throughput"),
                    o.maxThroughput.perS ? QStringLiteral("%1/s at %2 VUs")
                                               .arg(*o.maxThroughput.perS, 0, 'f', 1)
                                               .arg(vusCell(o.maxThroughput.vus))
                                         : QStringLiteral("-"),
                    o.maxThroughput.evidence.text);
        out += line(QStringLiteral("max throughput in SLO"),
                    o.maxThroughputAtSlo.perS ? QStringLiteral("%1/s at %2 VUs")
                                                    .arg(*o.maxThroughputAtSlo.perS, 0, 'f', 1)
                                                    .arg(vusCell(o.maxThroughputAtSlo.vus))
                                              : QStringLiteral("-"),
                    o.maxThroughputAtSlo.evidence.text);
        QString usl = QStringLiteral("not fitted");
        if (o.usl.fitted)
            usl = QStringLiteral("N* %1, R^2 %2")
                      .arg(o.usl.nStar ? QString::number(*o.usl.nStar, 'f', 1)
                                       : QStringLiteral("none"))
                      .arg(o.usl.r2, 0, 'f', 3);
        out += line(QStringLiteral("USL"), usl, o.usl.evidence.text);
        for (const QString &n : o.notes)
            out += QStringLiteral("  note: %1\n").arg(n);
    }
    return out;
}

} // namespace vw
