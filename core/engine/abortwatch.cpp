#include "engine/abortwatch.h"

#include <QList>
#include <QMap>
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
        int inFlight = 0;
    };
    QList<Second> seconds;
    for (qsizetype i = series.size() - 1; i >= 0; --i) {
        const SeriesPoint &p = series.at(i);
        if (seconds.isEmpty() || seconds.last().tS != p.tS) {
            if (seconds.size() == window)
                break;
            seconds.append(Second{p.tS, 0, 0, 0});
        }
        seconds.last().count += p.count;
        seconds.last().errors += p.errors;
        seconds.last().inFlight = std::max(seconds.last().inFlight, p.inFlight);
    }
    if (seconds.size() < window)
        return QString();
    int64_t count = 0, errors = 0;
    int silent = 0;
    for (const Second &s : seconds) {
        if (s.count == 0) {
            // None of the second's starts completed while requests were in flight: no
            // success in it either (an open model against a dead server: starts late or
            // dropped behind VUs failing at the reconnect backoff's pace, see
            // docs/measurement.md "The 1-second series"). Idle seconds (nothing in flight)
            // break the streak.
            if (s.inFlight > 0) {
                ++silent;
                continue;
            }
            return QString();
        }
        if (double(s.errors) < m_rule.errorRatio * double(s.count))
            return QString();
        count += s.count;
        errors += s.errors;
    }
    if (errors == 0)
        return QString(); // only silent seconds: checkProgress()'s case
    return QStringLiteral("aborted: %1 of %2 requests (%3 %) failed in each of the last %4 s%7, "
                          "up to %5 s into the run (abort rule: error ratio >= %6 for %4 s)")
        .arg(errors)
        .arg(count)
        .arg(QString::number(100.0 * double(errors) / double(count), 'f', 1))
        .arg(window)
        .arg(seconds.first().tS, 0, 'f', 0)
        .arg(m_rule.errorRatio)
        .arg(silent > 0 ? QStringLiteral(" (%1 of them with the client's VUs busy and no "
                                         "request counted in them)")
                              .arg(silent)
                        : QString());
}

QString AbortWatch::describeErrors(const QList<OpStats> &ops)
{
    QMap<QString, int64_t> byClass;
    int64_t total = 0;
    for (const OpStats &o : ops) {
        for (auto it = o.errors.cbegin(); it != o.errors.cend(); ++it)
            byClass[it.key()] += it.value();
        total += o.errorCount();
    }
    QString top;
    int64_t topCount = 0;
    for (auto it = byClass.cbegin(); it != byClass.cend(); ++it)
        if (it.value() > topCount) {
            top = it.key();
            topCount = it.value();
        }
    if (topCount == 0)
        return QString();
    QString meaning;
    if (top == QLatin1String("connection"))
        meaning =
            QStringLiteral("connection refused or dropped: the server is down or unreachable");
    else if (top == QLatin1String("http_503"))
        meaning = QStringLiteral("service unavailable: the server is sealed or not active");
    else if (top == QLatin1String("http_403"))
        meaning = QStringLiteral("permission denied: the token was revoked, expired or lacks a "
                                 "policy");
    else if (top == QLatin1String("http_429"))
        meaning = QStringLiteral("too many requests: a rate-limit quota");
    else if (top == QLatin1String("timeout"))
        meaning = QStringLiteral("no answer within request_timeout");
    else if (top == QLatin1String("tls"))
        meaning = QStringLiteral("TLS handshake or certificate failed");
    QString out = QStringLiteral("most failures: %1 (%2 of %3)").arg(top).arg(topCount).arg(total);
    if (!meaning.isEmpty())
        out += QStringLiteral(": ") + meaning;
    return out;
}

QString AbortWatch::checkProgress(int64_t nowNs, int64_t completed, int inFlight)
{
    if (!m_rule.enabled)
        return QString();
    if (inFlight <= 0 || completed != m_lastCompleted || m_waitingSinceNs < 0) {
        m_lastCompleted = completed;
        m_waitingSinceNs = inFlight > 0 ? nowNs : -1;
        return QString();
    }
    const int64_t waitedMs = (nowNs - m_waitingSinceNs) / 1'000'000;
    if (waitedMs < m_rule.forMs)
        return QString();
    return QStringLiteral("aborted: no response from the server for %1 s (%2 request(s) in "
                          "flight, none completed; abort rule: for %1 s)")
        .arg(m_rule.forMs / 1000)
        .arg(inFlight);
}

} // namespace vw

namespace vw {

QString AbortWatch::checkLastStage(const StageStats &last, int stageCount) const
{
    if (!m_rule.enabled)
        return QString();
    int64_t count = 0, ok = 0, gone = 0, refused = 0;
    for (const OpStats &o : last.ops) {
        count += o.count;
        ok += o.ok;
        for (const char *key : {"connection", "tls", "timeout"})
            gone += o.errors.value(QLatin1String(key));
        for (const char *key : {"http_503", "http_403"})
            refused += o.errors.value(QLatin1String(key));
    }
    if (count == 0 || ok > 0 || double(gone + refused) < m_rule.errorRatio * double(count - ok))
        return QString();
    // gone: killed, its port closed; refused: there, but sealed (503) or the token refused (403)
    const QString what = gone >= refused ? QStringLiteral("the server went away")
                                         : QStringLiteral("the server refused every request");
    QString text = QStringLiteral("%1 in the last stage (%2 of %3): 0 of %4 requests succeeded")
                       .arg(what)
                       .arg(last.index + 1)
                       .arg(stageCount)
                       .arg(count);
    const QString why = describeErrors(last.ops);
    if (!why.isEmpty())
        text += QStringLiteral("; ") + why;
    return text;
}

} // namespace vw
