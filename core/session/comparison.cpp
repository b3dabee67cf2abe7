#include "session/comparison.h"

#include "profile/yamlbounds.h"
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"
#include "util/duration.h"
#include "profile/yamlvariant.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <yaml-cpp/yaml.h>

namespace vw {

namespace {

/// type -> {"weight": n, "params": {...}} of a saved profile's operations (lenient).
QVariantMap operationSettings(const QByteArray &yaml)
{
    QVariantMap out;
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        if (!root.IsMap() || !yamlWithinBounds(root) || !root["operations"]
            || !root["operations"].IsSequence())
            return out;
        const QVariantList ops = yamlToVariant(root["operations"]).toList();
        for (const QVariant &v : ops) {
            const QVariantMap m = v.toMap();
            QVariantMap settings;
            settings.insert(QStringLiteral("weight"), m.value(QStringLiteral("weight"), 100));
            settings.insert(QStringLiteral("params"), m.value(QStringLiteral("params")).toMap());
            out.insert(m.value(QStringLiteral("type")).toString(), settings);
        }
    } catch (const YAML::Exception &) {
    }
    return out;
}

QString variantText(const QVariant &v)
{
    if (!v.isValid())
        return QStringLiteral("(unset)");
    if (v.typeId() == QMetaType::QVariantList || v.typeId() == QMetaType::QVariantMap)
        return QString::fromUtf8(QJsonDocument::fromVariant(v).toJson(QJsonDocument::Compact));
    return v.toString();
}

QString joinInts(const QList<int> &v)
{
    QStringList s;
    for (int x : v)
        s.append(QString::number(x));
    return s.join(QLatin1Char(','));
}

/// "10s" or "2s,10s": the distinct values of one stage duration field (durationMs or
/// warmupMs), in order of appearance.
QString distinctDurationsText(const Session &s, qint64 StageStats::*field)
{
    QStringList d;
    for (const StageStats &st : s.stages) {
        const QString t = formatDurationMs(st.*field);
        if (!d.contains(t))
            d.append(t);
    }
    return d.join(QLatin1Char(','));
}

QString serverText(const Session &s)
{
    const QString t = (s.server.product + QLatin1Char(' ') + s.server.version).trimmed();
    return t.isEmpty() ? QStringLiteral("(unknown)") : t;
}

/// Warns for each session that differs from A in `what`, naming both values.
template <typename F>
void warnIfDiffers(Comparison *c, const QList<Session> &ss, const QString &kind,
                   const QString &what, F value)
{
    const QString a = value(ss.first());
    for (int i = 1; i < ss.size(); ++i) {
        const QString b = value(ss[i]);
        if (a != b)
            c->warnings.append({kind, QStringLiteral("%1: %2 (A) vs %3 (%4)")
                                          .arg(what, a, b, c->letters[i])});
    }
}

void operationWarnings(Comparison *c, const QList<Session> &ss)
{
    const QVariantMap a = operationSettings(ss.first().profileYaml);
    for (int i = 1; i < ss.size(); ++i) {
        const QString L = c->letters[i];
        QStringList onlyA, onlyB;
        for (const QString &op : ss.first().ops)
            if (!ss[i].ops.contains(op))
                onlyA.append(op);
        for (const QString &op : ss[i].ops)
            if (!ss.first().ops.contains(op))
                onlyB.append(op);
        if (!onlyA.isEmpty() || !onlyB.isEmpty())
            c->warnings.append(
                {QStringLiteral("operations"),
                 QStringLiteral("operations differ: only in A: %1; only in %2: %3")
                     .arg(onlyA.isEmpty() ? QStringLiteral("none") : onlyA.join(QStringLiteral(", ")),
                          L,
                          onlyB.isEmpty() ? QStringLiteral("none") : onlyB.join(QStringLiteral(", ")))});
        const QVariantMap b = operationSettings(ss[i].profileYaml);
        for (auto it = a.cbegin(); it != a.cend(); ++it) {
            if (!b.contains(it.key()))
                continue;
            const QVariantMap sa = it.value().toMap(), sb = b.value(it.key()).toMap();
            QStringList diffs;
            if (sa.value(QStringLiteral("weight")) != sb.value(QStringLiteral("weight")))
                diffs.append(QStringLiteral("weight %1 (A) vs %2 (%3)")
                                 .arg(variantText(sa.value(QStringLiteral("weight"))),
                                      variantText(sb.value(QStringLiteral("weight"))), L));
            const QVariantMap pa = sa.value(QStringLiteral("params")).toMap();
            const QVariantMap pb = sb.value(QStringLiteral("params")).toMap();
            QStringList keys = pa.keys();
            for (const QString &k : pb.keys())
                if (!keys.contains(k))
                    keys.append(k);
            for (const QString &k : keys)
                if (pa.value(k) != pb.value(k))
                    diffs.append(QStringLiteral("%1 %2 (A) vs %3 (%4)")
                                     .arg(k, variantText(pa.value(k)), variantText(pb.value(k)), L));
            if (!diffs.isEmpty())
                c->warnings.append({QStringLiteral("operation_params"),
                                    QStringLiteral("%1 params differ: %2")
                                        .arg(it.key(), diffs.join(QStringLiteral("; ")))});
        }
    }
}

/// First stage per VU level with requests of `op`.
QMap<int, AlignedCell> cellsOf(const Session &s, const QString &op)
{
    QMap<int, AlignedCell> cells;
    for (const StageStats &st : s.stages) {
        const OpStats *o = st.find(op);
        if (!o || o->count == 0 || st.steadySeconds <= 0 || cells.contains(st.vus))
            continue;
        AlignedCell c;
        c.stage = st.index;
        c.throughputPerS = st.throughputPerS(*o);
        c.p99Ms = double(o->latency.valueAtPercentileUs(99)) / 1000.0;
        c.errorRatio = o->errorRatio();
        c.clientBound = st.validity.clientBound;
        cells.insert(st.vus, c);
    }
    return cells;
}

std::optional<double> ratio(double b, double a)
{
    return a > 0 && b >= 0 ? std::optional<double>(b / a) : std::nullopt;
}

} // namespace

Comparison compareSessions(const QList<Session> &ss)
{
    Comparison c;
    if (ss.isEmpty())
        return c;
    for (int i = 0; i < ss.size(); ++i) {
        c.letters.append(i < 26 ? QString(QChar(u'A' + i)) : QStringLiteral("S%1").arg(i + 1));
        QString label = !ss[i].label.isEmpty() ? ss[i].label
                        : !ss[i].profileName.isEmpty() ? ss[i].profileName
                                                       : QStringLiteral("session");
        const QString base = label;
        for (int n = 2; c.labels.contains(label); ++n)
            label = QStringLiteral("%1 (%2)").arg(base).arg(n);
        c.labels.append(label);
    }

    warnIfDiffers(&c, ss, QStringLiteral("target"), QStringLiteral("target"),
                  [](const Session &s) { return s.targetAddress; });
    warnIfDiffers(&c, ss, QStringLiteral("server_version"), QStringLiteral("server version"),
                  serverText);
    warnIfDiffers(&c, ss, QStringLiteral("ramp"), QStringLiteral("ramp VU levels"),
                  [](const Session &s) {
                      QList<int> v;
                      for (const StageStats &st : s.stages)
                          v.append(st.vus);
                      return joinInts(v);
                  });
    warnIfDiffers(&c, ss, QStringLiteral("ramp"), QStringLiteral("ramp stage durations"),
                  [](const Session &s) {
                      return distinctDurationsText(s, &StageStats::durationMs);
                  });
    warnIfDiffers(&c, ss, QStringLiteral("ramp"), QStringLiteral("ramp warm-up"),
                  [](const Session &s) { return distinctDurationsText(s, &StageStats::warmupMs); });
    warnIfDiffers(&c, ss, QStringLiteral("executor"), QStringLiteral("executor"),
                  [](const Session &s) { return s.executor; });
    warnIfDiffers(&c, ss, QStringLiteral("transport"), QStringLiteral("transport"),
                  [](const Session &s) { return s.transport; });
    warnIfDiffers(&c, ss, QStringLiteral("client"), QStringLiteral("worker threads' nice value"),
                  [](const Session &s) { return QString::number(s.client.workerNice); });
    operationWarnings(&c, ss);

    QStringList ops;
    for (const Session &s : ss)
        for (const QString &op : s.ops)
            if (!ops.contains(op))
                ops.append(op);
    QList<SessionAnalysis> analyses;
    for (const Session &s : ss)
        analyses.append(sessionAnalysis(s));

    for (const QString &op : ops) {
        OpComparison oc;
        oc.op = op;
        QList<QMap<int, AlignedCell>> cells;
        QList<int> levels;
        for (int i = 0; i < ss.size(); ++i) {
            const OpAnalysis *a = analyses[i].find(op);
            oc.analyses.append(a ? std::optional<OpAnalysis>(*a) : std::nullopt);
            cells.append(cellsOf(ss[i], op));
            for (int v : cells.last().keys())
                if (!levels.contains(v))
                    levels.append(v);
        }
        std::sort(levels.begin(), levels.end());
        for (int v : levels) {
            AlignedRow row;
            row.vus = v;
            const auto baseIt = cells[0].constFind(v);
            const AlignedCell *base = baseIt != cells[0].constEnd() ? &baseIt.value() : nullptr;
            for (int i = 0; i < ss.size(); ++i) {
                const auto it = cells[i].constFind(v);
                const AlignedCell *cell = it != cells[i].constEnd() ? &it.value() : nullptr;
                row.cells.append(cell ? std::optional<AlignedCell>(*cell) : std::nullopt);
                row.throughputRatio.append(
                    base && cell ? ratio(cell->throughputPerS, base->throughputPerS) : std::nullopt);
                row.p99Ratio.append(base && cell && cell->throughputPerS > 0
                                        ? ratio(cell->p99Ms, base->p99Ms)
                                        : std::nullopt);
            }
            oc.rows.append(row);
        }
        c.ops.append(oc);
    }
    return c;
}

} // namespace vw
