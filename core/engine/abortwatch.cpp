#include "engine/abortwatch.h"

#include <QList>
#include <cmath>

namespace vw {

QString AbortWatch::check(const TimeSeries &series) const
{
    if (!m_rule.enabled || series.isEmpty())
        return QString();
    const int window = int(std::max<qint64>(1, m_rule.forMs / 1000));
    // Sum the ops of each second, newest first, until `window` seconds are known.
    struct Second {
        double tS = 0;
        int64_t count = 0;
        int64_t errors = 0;
    };
    QList<Second> seconds;
    for (qsizetype i = series.size() - 1; i >= 0; --i) {
        const SeriesPoint &p = series.at(i);
        if (seconds.isEmpty() || seconds.last().tS != p.tS) {
            if (seconds.size() == window)
                break;
            seconds.append(Second{p.tS, 0, 0});
        }
        seconds.last().count += p.count;
        seconds.last().errors += p.errors;
    }
    if (seconds.size() < window)
        return QString();
    int64_t count = 0, errors = 0;
    for (const Second &s : seconds) {
        if (s.count == 0 || double(s.errors) < m_rule.errorRatio * double(s.count))
            return QString();
        count += s.count;
        errors += s.errors;
    }
    return QStringLiteral("aborted: %1 of %2 requests (%3 %) failed in each of the last %4 s, "
                          "up to %5 s into the run (abort rule: error ratio >= %6 for %4 s; "
                          "the stage's error classes say why)")
        .arg(errors)
        .arg(count)
        .arg(QString::number(100.0 * double(errors) / double(count), 'f', 1))
        .arg(window)
        .arg(seconds.first().tS, 0, 'f', 0)
        .arg(m_rule.errorRatio);
}

} // namespace vw
