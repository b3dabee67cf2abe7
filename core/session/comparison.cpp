#include "session/comparison.h"

#include "ops/operationregistry.h"

#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "profile/operationlabels.h"
#include "profile/planjson.h"
#include "session/sessionanalysis.h"
#include "util/duration.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <map>
#include <set>

namespace vw {

namespace {

QString jsonText(const QJsonValue &v)
{
    if (v.isUndefined() || v.isNull())
        return QStringLiteral("(unset)");
    if (v.isString())
        return v.toString();
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    return v.toVariant().toString();
}

/// "10s" or "2s,10s": the distinct stage durations of a plan, in order of appearance.
QString distinctDurationsText(const RampSpec &r)
{
    QStringList d;
    for (const StageSpec &st : r.stages) {
        const QString t = formatDurationMs(st.durationMs);
        if (!d.contains(t))
            d.append(t);
    }
    return d.join(QLatin1Char(','));
}

/// "1,2,4" (closed) or "50/s,200/s" (arrival-rate): each planned stage's load.
QString stageLoadsText(const RampSpec &r)
{
    QStringList l;
    for (const StageSpec &st : r.stages)
        l.append(r.model->loadCell(r.model->plannedVus(st), r.model->plannedRate(st)));
    return l.join(QLatin1Char(','));
}

/// "closed" or "arrival-rate (max_vus 20)": the load model and its own settings.
QString loadModelText(const LoadModel &m)
{
    QJsonObject settings;
    m.toJson(&settings);
    QStringList parts;
    for (auto it = settings.constBegin(); it != settings.constEnd(); ++it)
        parts << it.key() + QLatin1Char(' ') + jsonText(it.value());
    return parts.isEmpty()
               ? m.name()
               : QStringLiteral("%1 (%2)").arg(m.name(), parts.join(QStringLiteral(", ")));
}

QString serverText(const Session &s)
{
    const QString t = (s.server.product + QLatin1Char(' ') + s.server.version).trimmed();
    return t.isEmpty() ? QStringLiteral("(unknown)") : t;
}

QString orNone(const QString &s)
{
    return s.isEmpty() ? QStringLiteral("none") : s;
}

/// Files a difference under the class its kind has (differenceIsCompared).
void addDifference(Comparison *c, const QString &kind, const QString &text)
{
    (differenceIsCompared(kind) ? c->compared : c->warnings).append({kind, text});
}

/// Notes each session that differs from A in `what`, naming both values.
template <typename F>
void warnIfDiffers(Comparison *c, const QList<Session> &ss, const QString &kind,
                   const QString &what, F value)
{
    const QString a = value(ss.first());
    for (int i = 1; i < ss.size(); ++i) {
        const QString b = value(ss[i]);
        if (a != b)
            addDifference(c, kind,
                          QStringLiteral("%1: %2 (A) vs %3 (%4)").arg(what, a, b, c->letters[i]));
    }
}

/// "weight 100 (A) vs 50 (B)", "ca_key_type rsa-2048 (A) vs ed25519 (B)": the differences of
/// two operations of the same type, params compared by their canonical JSON value.
QStringList operationDiffs(const OperationSpec &a, const OperationSpec &b, const QString &letter)
{
    QStringList diffs;
    if (a.weight != b.weight)
        diffs.append(
            QStringLiteral("weight %1 (A) vs %2 (%3)").arg(a.weight).arg(b.weight).arg(letter));
    // canonical values (durations in ms, sizes in bytes: 5m == 300s), shown as written
    const QJsonObject pa = operationParamsToJson(a), pb = operationParamsToJson(b);
    const OperationType *type = OperationRegistry::instance().find(a.type);
    const QVariantMap ra = type ? paramsToRaw(*type, a.params) : QVariantMap();
    const QVariantMap rb = type ? paramsToRaw(*type, b.params) : QVariantMap();
    QStringList keys = pa.keys();
    for (const QString &k : pb.keys())
        if (!keys.contains(k))
            keys.append(k);
    for (const QString &k : keys)
        if (pa.value(k) != pb.value(k))
            diffs.append(QStringLiteral("%1 %2 (A) vs %3 (%4)")
                             .arg(k, ra.value(k).toString(), rb.value(k).toString(), letter));
    return diffs;
}

/// The plans' operations (compared, not warnings: docs/measurement.md): a different list of
/// operation labels is one "operations" difference naming the labels; operations of the same
/// type at the same position are compared field by field, one "operation_params" difference
/// each, "ca_key_type rsa-2048 (A) vs ed25519 (B)" (prefixed by the op label when A has
/// several operations).
void operationDifferences(Comparison *c, const QList<Session> &ss)
{
    const QList<OperationSpec> &a = ss.first().plan.operations;
    const QStringList la = operationLabels(a);
    for (int i = 1; i < ss.size(); ++i) {
        const QString L = c->letters[i];
        const QList<OperationSpec> &b = ss[i].plan.operations;
        const QStringList lb = operationLabels(b);
        if (la != lb) {
            QStringList onlyA, onlyB;
            for (const QString &t : la)
                if (!lb.contains(t))
                    onlyA.append(t);
            for (const QString &t : lb)
                if (!la.contains(t))
                    onlyB.append(t);
            addDifference(c, QStringLiteral("operations"),
                          QStringLiteral("operations differ: %1 (A) vs %2 (%3); only in A: %4; "
                                         "only in %3: %5")
                              .arg(orNone(la.join(QStringLiteral(", "))),
                                   orNone(lb.join(QStringLiteral(", "))), L,
                                   orNone(onlyA.join(QStringLiteral(", "))),
                                   orNone(onlyB.join(QStringLiteral(", ")))));
        }
        for (int k = 0; k < std::min(a.size(), b.size()); ++k) {
            if (a[k].type != b[k].type)
                continue;
            const QString prefix = a.size() > 1 ? la.value(k) + QLatin1Char(' ') : QString();
            for (const QString &d : operationDiffs(a[k], b[k], L))
                addDifference(c, QStringLiteral("operation_params"), prefix + d);
        }
    }
}

/// "5 (32 VUs), 6 (64 VUs)": the client-bound stages of `s` (StageStats::validity), 1-based.
QString clientBoundStagesText(const Session &s)
{
    QStringList out;
    for (const StageStats &st : s.stages)
        if (st.validity.clientBound)
            out << QStringLiteral("%1 (%2)")
                       .arg(stageNumber(st.index))
                       .arg(s.loadModel().isOpen() ? s.loadModel().loadCell(st.vus, st.rate)
                                                   : QStringLiteral("%1 VUs").arg(st.vus));
    return out.join(QStringLiteral(", "));
}

/// One "client_bound" warning per session with client-bound stages: there the client, not
/// the server, limited the figures (docs/measurement.md, "Validity").
void clientBoundWarnings(Comparison *c, const QList<Session> &ss)
{
    for (int i = 0; i < ss.size(); ++i) {
        const QString stages = clientBoundStagesText(ss[i]);
        if (!stages.isEmpty())
            c->warnings.append({QStringLiteral("client_bound"),
                                QStringLiteral("client-bound stages in %1: %2 (the client, not the "
                                               "server, limited them)")
                                    .arg(c->letters[i], stages)});
    }
}

/// Every difference of the run plans (Session::plan), field by field: durations as
/// milliseconds (5m == 300s), params as JSON values; each filed by addDifference().
void planDifferences(Comparison *c, const QList<Session> &ss)
{
    warnIfDiffers(c, ss, QStringLiteral("target"), QStringLiteral("target"),
                  [](const Session &s) { return s.plan.target.address; });
    warnIfDiffers(c, ss, QStringLiteral("target"), QStringLiteral("target namespace"),
                  [](const Session &s) { return orNone(s.plan.target.vaultNamespace); });
    warnIfDiffers(c, ss, QStringLiteral("target"), QStringLiteral("target CA file"),
                  [](const Session &s) { return orNone(s.plan.target.caFile); });
    warnIfDiffers(c, ss, QStringLiteral("target"), QStringLiteral("target TLS verification"),
                  [](const Session &s) {
                      return s.plan.target.tlsSkipVerify ? QStringLiteral("skipped")
                                                         : QStringLiteral("on");
                  });
    warnIfDiffers(c, ss, QStringLiteral("target"), QStringLiteral("target nodes"),
                  [](const Session &s) {
                      return orNone(s.plan.target.addresses.join(QStringLiteral(", ")));
                  });
    warnIfDiffers(
        c, ss, QStringLiteral("target"), QStringLiteral("request timeout"),
        [](const Session &s) { return formatDurationMs(s.plan.target.requestTimeoutMs); });
    warnIfDiffers(c, ss, QStringLiteral("server_version"), QStringLiteral("server version"),
                  serverText);
    // A standby redirects its load to the active node: not the same path as the active itself.
    warnIfDiffers(c, ss, QStringLiteral("server_role"), QStringLiteral("server role"),
                  [](const Session &s) { return serverRoleKey(s.server.role); });
    warnIfDiffers(c, ss, QStringLiteral("executor"), QStringLiteral("executor"),
                  [](const Session &s) { return loadModelText(s.loadModel()); });
    warnIfDiffers(c, ss, QStringLiteral("ramp"), QStringLiteral("ramp stage loads"),
                  [](const Session &s) { return stageLoadsText(s.plan.ramp); });
    warnIfDiffers(c, ss, QStringLiteral("ramp"), QStringLiteral("ramp stage durations"),
                  [](const Session &s) { return distinctDurationsText(s.plan.ramp); });
    warnIfDiffers(c, ss, QStringLiteral("ramp"), QStringLiteral("ramp warm-up"),
                  [](const Session &s) { return formatDurationMs(s.plan.ramp.warmupMs); });
    warnIfDiffers(c, ss, QStringLiteral("transport"), QStringLiteral("transport"),
                  [](const Session &s) { return s.plan.transport; });
    warnIfDiffers(c, ss, QStringLiteral("client"), QStringLiteral("worker threads' nice value"),
                  [](const Session &s) { return QString::number(s.client.workerNice); });
    operationDifferences(c, ss);
    warnIfDiffers(c, ss, QStringLiteral("analysis"), QStringLiteral("SLO"),
                  [](const Session &s) { return orNone(s.plan.slo.describe()); });
    warnIfDiffers(c, ss, QStringLiteral("analysis"), QStringLiteral("analysis thresholds"),
                  [](const Session &s) { return jsonText(thresholdsToJson(s.plan.analysis)); });
}

/// Where a stage of `s` aligns: (0, VUs) for a closed run, (1, offered rate) for an open one.
using LoadKey = std::pair<int, double>;
LoadKey loadKeyOf(const Session &s, const StageStats &st)
{
    return s.loadModel().isOpen() ? LoadKey(1, st.rate) : LoadKey(0, double(st.vus));
}

/// First stage per load level with requests of `op`.
std::map<LoadKey, AlignedCell> cellsOf(const Session &s, const QString &op)
{
    std::map<LoadKey, AlignedCell> cells;
    for (const StageStats &st : s.stages) {
        const OpStats *o = st.find(op);
        const LoadKey key = loadKeyOf(s, st);
        if (!o || o->count == 0 || st.steadySeconds <= 0 || cells.count(key))
            continue;
        AlignedCell c;
        c.stage = st.index;
        c.throughputPerS = st.throughputPerS(*o);
        if (o->latency.count() > 0)
            c.p99Ms = double(o->latency.valueAtPercentileUs(99)) / 1000.0;
        c.errorRatio = o->errorRatio();
        c.clientBound = st.validity.clientBound;
        if (c.clientBound)
            c.clientBoundReasons = st.validity.reasons;
        cells.emplace(key, c);
    }
    return cells;
}

std::optional<double> ratio(double b, double a)
{
    return a > 0 && b >= 0 ? std::optional<double>(b / a) : std::nullopt;
}

} // namespace

bool differenceIsCompared(const QString &kind)
{
    return kind == QLatin1String("operations") || kind == QLatin1String("operation_params");
}

QString OpComparison::alignedBy() const
{
    const bool anyOpen =
        std::any_of(rows.cbegin(), rows.cend(), [](const AlignedRow &r) { return r.open(); });
    const bool anyClosed =
        std::any_of(rows.cbegin(), rows.cend(), [](const AlignedRow &r) { return !r.open(); });
    return anyOpen && anyClosed ? QStringLiteral("load (VUs or offered rate)")
           : anyOpen            ? QStringLiteral("offered rate")
                                : QStringLiteral("VUs");
}

Comparison compareSessions(const QList<Session> &ss)
{
    Comparison c;
    if (ss.isEmpty())
        return c;
    for (int i = 0; i < ss.size(); ++i) {
        c.letters.append(i < 26 ? QString(QChar(u'A' + i)) : QStringLiteral("S%1").arg(i + 1));
        QString label = !ss[i].label.isEmpty()         ? ss[i].label
                        : !ss[i].profileName.isEmpty() ? ss[i].profileName
                                                       : QStringLiteral("session");
        const QString base = label;
        for (int n = 2; c.labels.contains(label); ++n)
            label = QStringLiteral("%1 (%2)").arg(base).arg(n);
        c.labels.append(label);
    }

    planDifferences(&c, ss);
    clientBoundWarnings(&c, ss);

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
        QList<std::map<LoadKey, AlignedCell>> cells;
        std::set<LoadKey> levels;
        for (int i = 0; i < ss.size(); ++i) {
            const OpAnalysis *a = analyses[i].find(op);
            oc.analyses.append(a ? std::optional<OpAnalysis>(*a) : std::nullopt);
            cells.append(cellsOf(ss[i], op));
            for (const auto &kv : cells.last())
                levels.insert(kv.first);
        }
        for (const LoadKey &v : levels) {
            AlignedRow row;
            if (v.first == 1)
                row.rate = v.second;
            else
                row.vus = int(v.second);
            for (int i = 0; i < ss.size() && row.loadCell.isEmpty(); ++i) // a session at this level
                if (cells[i].count(v))
                    row.loadCell = ss[i].loadModel().loadCell(row.vus, row.rate);
            const auto baseIt = cells[0].find(v);
            const AlignedCell *base = baseIt != cells[0].end() ? &baseIt->second : nullptr;
            for (int i = 0; i < ss.size(); ++i) {
                const auto it = cells[i].find(v);
                const AlignedCell *cell = it != cells[i].end() ? &it->second : nullptr;
                row.cells.append(cell ? std::optional<AlignedCell>(*cell) : std::nullopt);
                row.throughputRatio.append(base && cell
                                               ? ratio(cell->throughputPerS, base->throughputPerS)
                                               : std::nullopt);
                row.p99Ratio.append(base && cell && cell->p99Ms && base->p99Ms
                                        ? ratio(*cell->p99Ms, *base->p99Ms)
                                        : std::nullopt);
            }
            oc.rows.append(row);
        }
        c.ops.append(oc);
    }
    return c;
}

} // namespace vw
