// comparisonText() of comparison.h: the table `vault-workbench compare` prints.
#include "analysis/analysistext.h"
#include "session/comparison.h"

namespace vw {

namespace {

constexpr int kNameW = 24, kCellW = 14, kNumW = 10;

QString ratioCell(const std::optional<double> &r)
{
    return r ? QString::number(*r, 'f', 2) : QStringLiteral("-");
}

QString row(const QString &name, const QStringList &cells, int nameW = kNameW, int cellW = kCellW)
{
    QString s = QStringLiteral("  ") + name.leftJustified(nameW);
    for (const QString &c : cells)
        s += c.rightJustified(cellW);
    return s + QLatin1Char('\n');
}

QString capacityCell(const OpAnalysis &a, const QString &what)
{
    if (what == QLatin1String("knee"))
        return vusCell(a.knee.vus);
    if (what == QLatin1String("saturation"))
        return vusCell(a.saturation.vus);
    if (what == QLatin1String("failure"))
        return a.failure.vus ? QStringLiteral("%1 %2").arg(*a.failure.vus).arg(a.failure.errorClass)
                             : QStringLiteral("-");
    if (what == QLatin1String("max"))
        return a.maxThroughput.perS ? QStringLiteral("%1 @%2")
                                          .arg(*a.maxThroughput.perS, 0, 'f', 1)
                                          .arg(vusCell(a.maxThroughput.vus))
                                    : QStringLiteral("-");
    if (what == QLatin1String("slo"))
        return a.maxThroughputAtSlo.perS ? QStringLiteral("%1 @%2")
                                               .arg(*a.maxThroughputAtSlo.perS, 0, 'f', 1)
                                               .arg(vusCell(a.maxThroughputAtSlo.vus))
                                         : QStringLiteral("-");
    if (what == QLatin1String("p99"))
        return numberCell(a.knee.p99Ms, 3);
    if (what == QLatin1String("nstar"))
        return !a.usl.fitted ? QStringLiteral("-")
               : a.usl.nStar ? QString::number(*a.usl.nStar, 'f', 1)
                             : QStringLiteral("none");
    return QString();
}

} // namespace

QString comparisonText(const Comparison &c, const QList<Session> &ss)
{
    QString out = QStringLiteral("sessions\n");
    for (int i = 0; i < c.labels.size() && i < ss.size(); ++i) {
        const Session &s = ss[i];
        out += QStringLiteral("  %1  %2  (profile %3, target %4, %5 %6, started %7 UTC)\n")
                   .arg(c.letters[i], c.labels[i], s.profileName, s.targetAddress,
                        s.server.product, s.server.version,
                        s.startedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    }
    if (c.warnings.isEmpty()) {
        out += QStringLiteral("warnings: none (same target, server version, ramp and operation "
                              "parameters)\n");
    } else {
        out += QStringLiteral("warnings: these sessions were not run the same way\n");
        for (const ComparisonWarning &w : c.warnings)
            out += QStringLiteral("  ! %1: %2\n").arg(w.kind, w.text);
    }
    for (const OpComparison &oc : c.ops) {
        out += QStringLiteral("\n%1: capacity points\n").arg(oc.op);
        out += row(QString(), c.letters);
        const QList<QPair<QString, QString>> lines = {
            {QStringLiteral("knee VUs"), QStringLiteral("knee")},
            {QStringLiteral("saturation VUs"), QStringLiteral("saturation")},
            {QStringLiteral("failure VUs (class)"), QStringLiteral("failure")},
            {QStringLiteral("max throughput/s @VUs"), QStringLiteral("max")},
            {QStringLiteral("max in SLO/s @VUs"), QStringLiteral("slo")},
            {QStringLiteral("p99 at knee ms"), QStringLiteral("p99")},
            {QStringLiteral("USL N* VUs"), QStringLiteral("nstar")},
        };
        for (const auto &l : lines) {
            QStringList cells;
            for (const std::optional<OpAnalysis> &a : oc.analyses)
                cells.append(a ? capacityCell(*a, l.second) : QStringLiteral("(no op)"));
            out += row(l.first, cells);
        }

        out += QStringLiteral("%1: stages aligned by VUs (ratios to A; ! = client-bound)\n").arg(oc.op);
        QStringList head;
        for (const QString &kind : {QStringLiteral("thr/s"), QStringLiteral("p99 ms")}) {
            for (int i = 0; i < c.letters.size(); ++i) {
                head.append(QStringLiteral("%1 %2").arg(kind, c.letters[i]));
                if (i > 0)
                    head.append(QStringLiteral("%1/A").arg(c.letters[i]));
            }
        }
        out += row(QStringLiteral("VUs"), head, 6, kNumW);
        for (const AlignedRow &r : oc.rows) {
            QStringList cells;
            for (int pass = 0; pass < 2; ++pass) {
                for (int i = 0; i < r.cells.size(); ++i) {
                    const std::optional<AlignedCell> &cell = r.cells[i];
                    QString v = QStringLiteral("-");
                    if (cell)
                        v = QString::number(pass == 0 ? cell->throughputPerS : cell->p99Ms, 'f',
                                            pass == 0 ? 1 : 3)
                            + (cell->clientBound ? QStringLiteral("!") : QString());
                    cells.append(v);
                    if (i > 0)
                        cells.append(ratioCell(pass == 0 ? r.throughputRatio[i] : r.p99Ratio[i]));
                }
            }
            out += row(QString::number(r.vus), cells, 6, kNumW);
        }
    }
    return out;
}

} // namespace vw
