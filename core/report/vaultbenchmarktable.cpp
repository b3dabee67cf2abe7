#include "report/vaultbenchmarktable.h"

#include <QMap>
#include <algorithm>
#include <cmath>

namespace vw {

namespace {

/// The digits of `v` / 10^prec with trailing zeros (and a bare '.') removed, as Go's fmtFrac.
QString fraction(qint64 v, int prec)
{
    QString digits;
    bool print = false;
    for (int i = 0; i < prec; ++i) {
        const qint64 digit = v % 10;
        print = print || digit != 0;
        if (print)
            digits.prepend(QChar(char16_t('0' + digit)));
        v /= 10;
    }
    const QString whole = QString::number(v);
    return digits.isEmpty() ? whole : whole + QLatin1Char('.') + digits;
}

/// Natural order ("op2" before "op11"): digit runs compare by value.
bool naturalLess(const QString &a, const QString &b)
{
    int i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            int ie = i, je = j;
            while (ie < a.size() && a.at(ie).isDigit())
                ++ie;
            while (je < b.size() && b.at(je).isDigit())
                ++je;
            QString na = a.mid(i, ie - i), nb = b.mid(j, je - j);
            while (na.size() > 1 && na.front() == QLatin1Char('0'))
                na.remove(0, 1);
            while (nb.size() > 1 && nb.front() == QLatin1Char('0'))
                nb.remove(0, 1);
            if (na.size() != nb.size())
                return na.size() < nb.size();
            if (na != nb)
                return na < nb;
            i = ie;
            j = je;
        } else {
            if (a.at(i) != b.at(j))
                return a.at(i) < b.at(j);
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

/// One row's figures: the op's stats merged over the stages, and the windows' length.
struct Row {
    QString op;
    qint64 count = 0;
    qint64 ok = 0;
    LatencyHistogram latency; // from the actual send
};

QString latencyCell(const LatencyHistogram &h, double percentile)
{
    if (h.count() == 0)
        return QStringLiteral("-");
    const double us = percentile < 0 ? h.meanUs() : double(h.valueAtPercentileUs(percentile));
    return formatGoDuration(qint64(std::llround(us * 1000.0)));
}

QStringList cells(const Row &r, double seconds)
{
    const bool any = r.count > 0 && seconds > 0;
    return {r.op,
            QString::number(r.count),
            any ? QString::number(double(r.count) / seconds, 'f', 2) : QStringLiteral("-"),
            any ? QString::number(double(r.ok) / seconds, 'f', 2) : QStringLiteral("-"),
            latencyCell(r.latency, -1),
            latencyCell(r.latency, 95),
            latencyCell(r.latency, 99),
            r.count > 0
                ? QString::number(100.0 * double(r.ok) / double(r.count), 'f', 2) + QLatin1Char('%')
                : QStringLiteral("-")};
}

/// The table of `stages`: rows, separator, TOTAL; columns padded as Go's tabwriter (widest
/// cell + 2 spaces, the last column unpadded).
QString table(const QList<StageStats> &stages, const QStringList &opOrder)
{
    QMap<QString, Row> rows;
    Row total;
    total.op = QStringLiteral("TOTAL");
    double seconds = 0;
    for (const StageStats &st : stages) {
        seconds += st.steadySeconds;
        for (const OpStats &o : st.ops) {
            Row &r = rows[o.op];
            r.op = o.op;
            r.count += o.count;
            r.ok += o.ok;
            // arrival-rate: latency is from the intended start; vault-benchmark times from
            // the send, which is the service time
            const LatencyHistogram &h = o.serviceTime.count() > 0 ? o.serviceTime : o.latency;
            r.latency.add(h);
            total.count += o.count;
            total.ok += o.ok;
            total.latency.add(h);
        }
    }
    QStringList names = opOrder;
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        if (!names.contains(it.key()))
            names.append(it.key());
    std::stable_sort(names.begin(), names.end(), naturalLess);
    QList<QStringList> lines;
    lines.append({QStringLiteral("op"), QStringLiteral("count"), QStringLiteral("rate"),
                  QStringLiteral("throughput"), QStringLiteral("mean"), QStringLiteral("95th%"),
                  QStringLiteral("99th%"), QStringLiteral("successRatio")});
    for (const QString &n : std::as_const(names)) {
        Row r = rows.value(n);
        r.op = n;
        lines.append(cells(r, seconds));
    }
    const int separatorAt = int(lines.size());
    lines.append(cells(total, seconds));
    QList<int> widths(lines.first().size(), 0);
    for (const QStringList &l : std::as_const(lines))
        for (int c = 0; c < l.size(); ++c)
            widths[c] = std::max(widths[c], int(l.at(c).size()));
    int lineWidth = 0;
    for (int c = 0; c < widths.size(); ++c)
        lineWidth += widths[c] + (c + 1 < widths.size() ? 2 : 0);
    QString out;
    for (int k = 0; k < lines.size(); ++k) {
        if (k == separatorAt)
            out += QString(lineWidth, QLatin1Char('-')) + QLatin1Char('\n');
        const QStringList &l = lines.at(k);
        QString line;
        for (int c = 0; c < l.size(); ++c)
            line += c + 1 < l.size() ? l.at(c).leftJustified(widths[c] + 2) : l.at(c);
        out += line + QLatin1Char('\n');
    }
    return out;
}

} // namespace

QString formatGoDuration(qint64 ns)
{
    if (ns <= 0)
        return QStringLiteral("0s");
    if (ns < 1000)
        return QStringLiteral("%1ns").arg(ns);
    if (ns < 1000 * 1000)
        return fraction(ns, 3) + QStringLiteral("µs");
    if (ns < 1000 * 1000 * 1000)
        return fraction(ns, 6) + QStringLiteral("ms");
    const qint64 secondsNs = ns % (qint64(60) * 1000 * 1000 * 1000);
    QString out = fraction(secondsNs, 9) + QLatin1Char('s');
    qint64 minutes = ns / (qint64(60) * 1000 * 1000 * 1000);
    if (minutes > 0) {
        out.prepend(QStringLiteral("%1m").arg(minutes % 60));
        const qint64 hours = minutes / 60;
        if (hours > 0)
            out.prepend(QStringLiteral("%1h").arg(hours));
    }
    return out;
}

QString vaultBenchmarkTable(const Session &s)
{
    QString out = QStringLiteral("Target: %1\n").arg(s.targetAddress);
    if (s.stages.isEmpty())
        return out + QStringLiteral("no stage was measured\n");
    if (s.stages.size() > 1) {
        double seconds = 0;
        for (const StageStats &st : s.stages)
            seconds += st.steadySeconds;
        out += QStringLiteral("All %1 stages merged (%2 to %3; %4 s measured, warm-up "
                              "excluded)\n")
                   .arg(s.stages.size())
                   .arg(s.loadModel().loadText(s.stages.first()),
                        s.loadModel().loadText(s.stages.last()))
                   .arg(seconds, 0, 'f', 1);
    }
    out += table(s.stages, s.ops);
    if (s.stages.size() > 1)
        for (const StageStats &st : s.stages)
            out += QStringLiteral("\nStage %1 (%2, %3 s measured)\n")
                       .arg(st.index + 1)
                       .arg(s.loadModel().loadText(st))
                       .arg(st.steadySeconds, 0, 'f', 1)
                   + table({st}, s.ops);
    return out;
}

} // namespace vw
