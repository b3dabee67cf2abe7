#include "report/hdrlog.h"

#include "stats/hdrencoding.h"

#include <algorithm>

namespace vw {

namespace {

QString logTag(const QString &op, int stageIndex)
{
    QString t = op;
    for (QChar &c : t)
        if (c == QLatin1Char(',') || c.isSpace())
            c = QLatin1Char('_');
    return QStringLiteral("%1/stage-%2").arg(t).arg(stageNumber(stageIndex));
}

QByteArray intervalLine(const QString &tag, double startS, double lengthS,
                        const LatencyHistogram &h)
{
    return QStringLiteral("Tag=%1,%2,%3,%4,")
               .arg(tag)
               .arg(startS, 0, 'f', 3)
               .arg(lengthS, 0, 'f', 3)
               .arg(double(h.maxUs()) / 1000.0, 0, 'f', 3)
               .toUtf8()
           + hdrV2CompressedBase64(h) + '\n';
}

} // namespace

QByteArray hdrIntervalLog(const Session &s)
{
    QByteArray out = "#[Histogram log format version 1.3]\n";
    const double start =
        s.startedAt.isValid() ? double(s.startedAt.toMSecsSinceEpoch()) / 1000.0 : 0.0;
    const QString iso = s.startedAt.isValid() ? s.startedAt.toUTC().toString(Qt::ISODateWithMs)
                                              : QStringLiteral("unknown");
    out += QStringLiteral("#[StartTime: %1 (seconds since epoch), %2]\n")
               .arg(start, 0, 'f', 3)
               .arg(iso)
               .toUtf8();
    out += QStringLiteral("#[BaseTime: %1 (seconds since epoch)]\n").arg(start, 0, 'f', 3).toUtf8();
    out += QStringLiteral("#vault-workbench session %1 (%2): latency of successes, microseconds\n")
               .arg(s.id, s.label.simplified())
               .toUtf8();
    if (s.secondHistograms.present()) {
        out += "#one interval per operation per second of the measured window (warm-up seconds "
               "included); the tag names the stage the second began in\n";
        out += "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_"
               "Histogram\"\n";
        // In time order, then profile order within a second, as interval logs are read.
        struct Line {
            qint64 second;
            int op;
        };
        QList<Line> lines;
        const SecondHistograms &sh = s.secondHistograms;
        for (int op = 0; op < sh.byOp.size() && op < sh.ops.size(); ++op)
            for (auto it = sh.byOp.at(op).cbegin(); it != sh.byOp.at(op).cend(); ++it)
                if (it.value().count() > 0)
                    lines.append({it.key(), op});
        std::stable_sort(lines.begin(), lines.end(),
                         [](const Line &a, const Line &b) { return a.second < b.second; });
        // The stage of a second is the last that began at or before it. Stages are in run
        // order (start times rising) and the lines in time order, so one pass over both finds
        // them all: stages + lines steps, not stages x lines.
        int next = 0; // the first stage not yet begun at the current line's second
        int stage = 0;
        for (const Line &l : lines) {
            while (next < s.stages.size() && s.stages.at(next).startMs <= l.second * 1000)
                stage = s.stages.at(next++).index;
            out += intervalLine(logTag(sh.ops.at(l.op), stage), double(l.second), 1.0,
                                sh.byOp.at(l.op).value(l.second));
        }
        return out;
    }
    out += "#one interval per operation per stage, over its steady window (this session has no "
           "per-second histograms)\n";
    out += "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_"
           "Histogram\"\n";
    for (const StageStats &st : s.stages) {
        const double from = double(st.startMs + st.warmupMs) / 1000.0;
        for (const OpStats &o : st.ops) {
            if (o.latency.count() == 0)
                continue;
            out += intervalLine(logTag(o.op, st.index), from, st.steadySeconds, o.latency);
        }
    }
    return out;
}

} // namespace vw
