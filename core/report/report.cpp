#include "report/report.h"

#include "analysis/capacityanalyzer.h"
#include "analysis/stageuncertainty.h"
#include "profile/operationlabels.h"
#include "session/sessionanalysis.h"
#include "util/terminaltext.h"
#include "util/textcells.h"

#include <QJsonArray>
#include <QUrl>
#include <algorithm>

namespace vw {

namespace {

QJsonObject errorsJson(const OpStats &o)
{
    QJsonObject e;
    for (auto it = o.errors.cbegin(); it != o.errors.cend(); ++it)
        e.insert(it.key(), qint64(it.value()));
    return e;
}

/// "http_503=2;timeout=1", for the CSV.
QString errorsText(const OpStats &o)
{
    QStringList parts;
    for (auto it = o.errors.cbegin(); it != o.errors.cend(); ++it)
        parts.append(it.key() + QLatin1Char('=') + QString::number(it.value()));
    return parts.join(QLatin1Char(';'));
}

QString fixed(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

/// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes are doubled. So is one
/// with any other character a terminal would obey or hide (util/terminaltext.h): the data is
/// kept as it is, delimited (on a terminal, app/cli.cpp's printOut() shows it escaped).
QString csvField(const QString &f)
{
    bool plain = true;
    for (const QChar c : f)
        plain = plain && c != QLatin1Char(',') && c != QLatin1Char('"') && c != QLatin1Char('\n')
                && c != QLatin1Char('\t') && !isTerminalUnsafe(c.unicode());
    if (plain)
        return f;
    QString q = f;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

// Column widths of the text table; the op column grows for long names. The load column holds
// VUs (closed) or an offered rate up to "99999.999/s" (arrival-rate), so that a stage number
// and a 5-digit rate stay in their own columns ("    3      20000/s", never "320000/s").
constexpr int kStageW = 5, kVusW = 5, kRateW = 11, kOpW = 18, kCountW = 10, kOkW = 10, kErrW = 8,
              kThrW = 10, kMsW = 9;

int loadWidth(const LoadModel *model)
{
    return model && model->isOpen() ? kRateW : kVusW;
}

/// The op column's width: kOpW, or wider for a longer op cell (util/textcells.h keeps a
/// space after one that is wider still).
int opColumnWidth(int opWidth)
{
    return std::max(kOpW, opWidth);
}

QString tableLine(int loadW, int opW, const QString &stage, const QString &load, const QString &op,
                  const QString &count, const QString &ok, const QString &err, const QString &thr,
                  const QStringList &latencies)
{
    // a space always between two cells, also for a value wider than its column
    QString line = stage.rightJustified(kStageW) + QLatin1Char(' ') + rightCell(load, loadW)
                   + QLatin1String("  ") + leftCell(op, opColumnWidth(opW))
                   + rightCell(count, kCountW) + rightCell(ok, kOkW) + rightCell(err, kErrW)
                   + rightCell(thr, kThrW);
    for (const QString &l : latencies)
        line += rightCell(l, kMsW);
    return line + QLatin1Char('\n');
}

/// "<op> @host:port": a node's row of a stage run with target.spread round_robin.
QString nodeOpCell(const QString &op, const QString &nodeAddress)
{
    return op + QStringLiteral(" @") + QUrl(nodeAddress).authority();
}

/// Issue 3, per op: which latency `latency_ms` is, service time, corrected latency, drops.
/// Closed stages: latency_ms is the service time (from the send; no schedule to correct
/// against). Arrival-rate stages: latency_ms is the corrected latency (from the intended
/// start, as wrk2), and service_time_ms is measured from the actual send.
void addOpenModelOp(const LoadModel &model, const OpStats &o, QJsonObject *op)
{
    if (model.isOpen()) {
        op->insert(QStringLiteral("latency_kind"), QStringLiteral("corrected"));
        op->insert(QStringLiteral("corrected_latency_ms"), latencySummaryMs(o.latency));
        op->insert(QStringLiteral("service_time_ms"), latencySummaryMs(o.serviceTime));
        op->insert(QStringLiteral("dropped"), qint64(o.dropped));
    } else {
        op->insert(QStringLiteral("latency_kind"), QStringLiteral("service_time"));
        op->insert(QStringLiteral("service_time_ms"), latencySummaryMs(o.latency));
    }
}

/// Issue 3, per stage: executor, offered vs achieved rate, drops, in-flight, validity.
void addOpenModelStage(const StageStats &st, const LoadModel &model, QJsonObject *stage)
{
    stage->insert(QStringLiteral("executor"), model.name());
    stage->insert(QStringLiteral("achieved_per_s"), st.achievedPerS());
    stage->insert(QStringLiteral("mean_in_flight"), st.meanInFlight);
    if (model.isOpen()) {
        stage->insert(QStringLiteral("offered_per_s"), st.rate);
        stage->insert(QStringLiteral("dropped"), qint64(st.droppedTotal()));
        if (st.scheduleLateness.measured())
            stage->insert(QStringLiteral("schedule_lateness_us"),
                          QJsonObject{{QStringLiteral("p50"), qint64(st.scheduleLateness.p50Us)},
                                      {QStringLiteral("p99"), qint64(st.scheduleLateness.p99Us)},
                                      {QStringLiteral("max"), qint64(st.scheduleLateness.maxUs)}});
    }
    if (st.validity.measured)
        stage->insert(QStringLiteral("validity"), st.validity.toJson());
}

/// Lines under the table rows: arrival-rate figures and client-bound reasons of a stage.
QString stageNotes(const StageStats &st, const LoadModel &model)
{
    QString out;
    if (model.isOpen()) {
        out += QStringLiteral("  stage %1: %2, offered %3, achieved %4/s, dropped %5; "
                              "latency from the intended start")
                   .arg(stageNumber(st.index))
                   .arg(model.name(), model.loadText(st))
                   .arg(fixed(st.achievedPerS(), 1))
                   .arg(st.droppedTotal());
        if (st.scheduleLateness.measured())
            out += QStringLiteral(", schedule lateness p50 %1 us p99 %2 us max %3 us")
                       .arg(st.scheduleLateness.p50Us)
                       .arg(st.scheduleLateness.p99Us)
                       .arg(st.scheduleLateness.maxUs);
        for (const OpStats &o : st.ops)
            out += QStringLiteral(", %1 service time p50 %2 ms")
                       .arg(o.op, latencyCellMs(o.serviceTime, 50, 3));
        out += QLatin1Char('\n');
    }
    if (st.noCompletions())
        out += QStringLiteral("  stage %1: no completed request (%2 in flight at most): the "
                              "server did not answer; no latency or throughput was measured\n")
                   .arg(stageNumber(st.index))
                   .arg(st.maxInFlight);
    if (st.validity.clientBound)
        out += QStringLiteral("  ! stage %1 client-bound: %2\n")
                   .arg(stageNumber(st.index))
                   .arg(st.validity.reasons.join(QStringLiteral("; ")));
    if (!st.validity.notes.isEmpty())
        out += QStringLiteral("  ~ stage %1: %2\n")
                   .arg(stageNumber(st.index))
                   .arg(st.validity.notes.join(QStringLiteral("; ")));
    return out;
}

/// A line under a stage's rows with its leases (docs/measurement.md "Leases"): per
/// lease-issuing op those created and revoked, and the leases the server held at the stage's
/// end (its telemetry); empty when the stage has neither.
QString leaseLine(const Session &s, const StageStats &st)
{
    QStringList parts;
    for (const OpLeases &l : st.leases)
        parts
            << QStringLiteral("%1 created %2, revoked %3").arg(l.op).arg(l.created).arg(l.revoked);
    if (parts.isEmpty())
        return {};
    const ServerStageStats *x = s.serverTelemetry.stage(st.index);
    parts << (x && serverKnown(x->leasesEnd) ? QStringLiteral("the server held %1 (max %2)")
                                                   .arg(qint64(x->leasesEnd))
                                                   .arg(qint64(x->leasesMax))
                                             : QStringLiteral("the server held - (no telemetry)"));
    return QStringLiteral("  stage %1 leases: %2\n")
        .arg(stageNumber(st.index))
        .arg(parts.join(QStringLiteral("; ")));
}

/// Stage `si` of the report JSON; `u` is its uncertainty (stageUncertainty()).
QJsonObject stageReportJson(const Session &s, int si, const StageUncertainty &u)
{
    const StageStats &st = s.stages.at(si);
    QJsonArray ops;
    for (int oi = 0; oi < st.ops.size(); ++oi) {
        const OpStats &o = st.ops.at(oi);
        QJsonObject op{
            {QStringLiteral("op"), o.op},
            {QStringLiteral("count"), qint64(o.count)},
            {QStringLiteral("ok"), qint64(o.ok)},
            {QStringLiteral("errors"), errorsJson(o)},
            {QStringLiteral("throughput_per_s"), st.throughputPerS(o)},
            {QStringLiteral("latency_ms"), latencySummaryMs(o.latency)},
        };
        addOpenModelOp(s.loadModel(), o, &op);
        // Issue 18: the 95 % intervals (null bounds when unknown, with the reason) and
        // the steadiness test (docs/session-format.md, "report --format json").
        const OpUncertainty *found = nullptr;
        for (const OpUncertainty &x : u.ops)
            if (x.op == o.op)
                found = &x;
        if (found) {
            op.insert(QStringLiteral("ci"), found->ciJson());
            op.insert(QStringLiteral("steadiness"), found->steadiness.toJson());
        }
        ops.append(op);
    }
    QJsonObject stage{
        {QStringLiteral("index"), st.index},
        {QStringLiteral("vus"), st.vus},
        {QStringLiteral("duration_s"), double(st.durationMs) / 1000.0},
        {QStringLiteral("complete"), st.complete},
        {QStringLiteral("max_in_flight"), st.maxInFlight},
        {QStringLiteral("ops"), ops},
    };
    if (st.noCompletions())
        stage.insert(QStringLiteral("no_completions"), true); // StageStats::noCompletions
    if (!st.leases.isEmpty()) {
        QJsonArray leases;
        for (const OpLeases &l : st.leases)
            leases.append(l.toJson());
        stage.insert(QStringLiteral("leases"), leases);
        const ServerStageStats *x = s.serverTelemetry.stage(st.index);
        stage.insert(QStringLiteral("server_leases_end"), x && serverKnown(x->leasesEnd)
                                                              ? QJsonValue(x->leasesEnd)
                                                              : QJsonValue(QJsonValue::Null));
    }
    addOpenModelStage(st, s.loadModel(), &stage);
    return stage;
}

/// Every top-level member of the report JSON but "stages".
QJsonObject reportHeaderJson(const Session &s)
{
    QJsonObject out{
        {QStringLiteral("profile"), s.profileName},
        {QStringLiteral("status"), runStatusKey(s.status)},
        {QStringLiteral("started_at"),
         s.startedAt.isValid() ? QJsonValue(s.startedAt.toUTC().toString(Qt::ISODateWithMs))
                               : QJsonValue()},
        {QStringLiteral("target"),
         QJsonObject{{QStringLiteral("address"), s.targetAddress},
                     {QStringLiteral("server_version"), s.server.version}}},
        {QStringLiteral("analysis"), sessionAnalysis(s).toJson()},
    };
    if (s.auth.enabled()) // per-VU credentials: the logins, apart from the stages
        out.insert(QStringLiteral("credentials"),
                   QJsonObject{{QStringLiteral("method"), s.auth.method},
                               {QStringLiteral("per"), s.auth.per},
                               {QStringLiteral("logins"), s.auth.logins},
                               {QStringLiteral("login_ms"),
                                QJsonObject{{QStringLiteral("mean"), s.auth.loginMeanMs},
                                            {QStringLiteral("p50"), s.auth.loginP50Ms},
                                            {QStringLiteral("p99"), s.auth.loginP99Ms},
                                            {QStringLiteral("max"), s.auth.loginMaxMs}}},
                               {QStringLiteral("renewals"), s.auth.renewals}});
    return out;
}

} // namespace

QJsonObject reportJson(const Session &s)
{
    QJsonArray stages;
    for (int si = 0; si < s.stages.size(); ++si)
        stages.append(stageReportJson(s, si, stageUncertainty(s, si)));
    QJsonObject out = reportHeaderJson(s);
    out.insert(QStringLiteral("stages"), stages);
    return out;
}

bool writeReportJson(const Session &s, const JsonStreamWriter::Sink &sink)
{
    JsonStreamWriter w(sink);
    w.beginObject();
    // The members in QJsonObject's (sorted) order, "stages" one stage at a time among them.
    const QJsonObject header = reportHeaderJson(s);
    const QString stagesKey = QStringLiteral("stages");
    bool stagesDone = false;
    const auto writeStages = [&]() {
        w.beginArray(stagesKey);
        for (int si = 0; si < s.stages.size(); ++si)
            w.value(stageReportJson(s, si, stageUncertainty(s, si)));
        w.end();
        stagesDone = true;
    };
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (!stagesDone && stagesKey < it.key())
            writeStages();
        w.value(it.key(), it.value());
    }
    if (!stagesDone)
        writeStages();
    w.end();
    return w.finish();
}

int reportOpWidth(const Profile &plan)
{
    int w = 0;
    for (const QString &op : operationLabels(plan.operations)) {
        w = std::max(w, int(op.size()) + 1);
        if (plan.target.spread == QLatin1String("round_robin"))
            for (const QString &node : plan.target.loadAddresses())
                w = std::max(w, int(nodeOpCell(op, node).size()) + 1);
    }
    return w;
}

int reportOpWidth(const QList<StageStats> &stages)
{
    int w = 0;
    for (const StageStats &st : stages) {
        for (const OpStats &o : st.ops)
            w = std::max(w, int(o.op.size()) + 1);
        for (const NodeStageStats &node : st.nodes)
            for (const OpStats &o : node.ops)
                w = std::max(w, int(nodeOpCell(o.op, node.address).size()) + 1);
    }
    return w;
}

QString reportTableHeader(const LoadModel *model, int opWidth)
{
    const int w = loadWidth(model);
    const QString load = w == kRateW ? QStringLiteral("rate") : QStringLiteral("VUs");
    return tableLine(w, opWidth, QStringLiteral("stage"), load, QStringLiteral("op"),
                     QStringLiteral("count"), QStringLiteral("ok"), QStringLiteral("err"),
                     QStringLiteral("thr/s"),
                     {QStringLiteral("mean"), QStringLiteral("p50"), QStringLiteral("p95"),
                      QStringLiteral("p99"), QStringLiteral("max")})
           + tableLine(w, opWidth, QString(), QString(), QString(), QString(), QString(), QString(),
                       QString(),
                       {QStringLiteral("ms"), QStringLiteral("ms"), QStringLiteral("ms"),
                        QStringLiteral("ms"), QStringLiteral("ms")});
}

QString reportTableRows(const StageStats &stage, const LoadModel &model, int opWidth)
{
    QString out;
    // A stage cut short by a stop is marked with '*', a client-bound one with '!'.
    const QString stageText = QString::number(stageNumber(stage.index))
                              + QLatin1String(stage.complete ? "" : "*")
                              + QLatin1String(stage.validity.clientBound ? "!" : "");
    // The stage's load as its model names it: VUs (closed), the offered rate (arrival-rate).
    const QString load = model.loadCell(stage.vus, stage.rate);
    for (const OpStats &o : stage.ops) {
        // No success: "-", not 0 (docs/measurement.md, "Latency").
        auto lat = [&o](double p) { return latencyCellMs(o.latency, p, 3); };
        out += tableLine(loadWidth(&model), opWidth, stageText, load, o.op,
                         QString::number(o.count), QString::number(o.ok),
                         QString::number(o.errorCount()), fixed(stage.throughputPerS(o), 1),
                         {lat(kMeanLatency), lat(50), lat(95), lat(99), lat(kMaxLatency)});
    }
    // target.spread round_robin: each node's share, "<op> @host:port", after the totals.
    for (const NodeStageStats &node : stage.nodes) {
        for (const OpStats &o : node.ops) {
            auto lat = [&o](double p) { return latencyCellMs(o.latency, p, 3); };
            out += tableLine(loadWidth(&model), opWidth, stageText, load,
                             nodeOpCell(o.op, node.address), QString::number(o.count),
                             QString::number(o.ok), QString::number(o.errorCount()),
                             fixed(stage.throughputPerS(o), 1),
                             {lat(kMeanLatency), lat(50), lat(95), lat(99), lat(kMaxLatency)});
        }
    }
    return out + stageNotes(stage, model);
}

QString credentialsLine(const RunRecord &r)
{
    const AuthUse &a = r.auth;
    if (!a.enabled())
        return {};
    const auto ms = [](double v) { return QString::number(v, 'f', 3); };
    QString line =
        QStringLiteral("logins (auth: %1, %2; not in the stages): %3")
            .arg(a.method, a.per == QLatin1String("run") ? QStringLiteral("one token for the run")
                                                         : QStringLiteral("a token per VU"))
            .arg(a.logins);
    if (a.logins > 0)
        line += QStringLiteral(", ms mean %1 p50 %2 p99 %3 max %4")
                    .arg(ms(a.loginMeanMs), ms(a.loginP50Ms), ms(a.loginP99Ms), ms(a.loginMaxMs));
    line += QStringLiteral("; renewals %1").arg(a.renewals);
    if (!a.renewError.isEmpty())
        line += QStringLiteral(" (last failure: %1)").arg(a.renewError);
    return line + QLatin1Char('\n');
}

QString uncertaintyLines(const StageUncertainty &u)
{
    QString out;
    for (const OpUncertainty &o : u.ops) {
        const auto &i = o.intervals;
        const bool any =
            std::any_of(i.cbegin(), i.cend(), [](const Interval &x) { return x.known; });
        QString line = QStringLiteral("      95%: ") + o.op + QStringLiteral(" ");
        if (any) {
            line +=
                QStringLiteral("thr %1/s, mean %2, p50 %3, p95 %4, p99 %5 ms (%6 s, block %7 s)")
                    .arg(intervalCell(i[int(BootMetric::Throughput)], 1),
                         intervalCell(i[int(BootMetric::Mean)], 3),
                         intervalCell(i[int(BootMetric::P50)], 3),
                         intervalCell(i[int(BootMetric::P95)], 3),
                         intervalCell(i[int(BootMetric::P99)], 3))
                    .arg(o.sample.seconds)
                    .arg(o.sample.blockLength);
            for (const Interval &x : i)
                if (!x.known) {
                    line += QStringLiteral("; - : ") + x.reason;
                    break;
                }
        } else {
            line += QStringLiteral("- (%1)").arg(o.sample.reason);
        }
        out += line + QLatin1Char('\n');
        if (o.steadiness.assessed && !o.steadiness.steady)
            out += QStringLiteral("      ~ not steady: %1 %2\n").arg(o.op, o.steadiness.words);
    }
    return out;
}

QString reportTable(const Session &s)
{
    // the op column as wide as its longest cell, the spread rows' "<op> @host:port" included
    const int opWidth = std::max(reportOpWidth(s.stages), reportOpWidth(s.plan));
    QString out = reportTableHeader(&s.loadModel(), opWidth);
    bool partial = false;
    bool bound = false;
    bool tooShort = false;
    const bool intervals = s.secondHistograms.present();
    for (int si = 0; si < s.stages.size(); ++si) {
        const StageStats &st = s.stages.at(si);
        out += reportTableRows(st, s.loadModel(), opWidth);
        out += leaseLine(s, st);
        if (intervals) // one stage's bootstrap at a time, not every stage's held at once
            out += uncertaintyLines(stageUncertainty(s, si));
        partial = partial || !st.complete;
        bound = bound || st.validity.clientBound;
        tooShort = tooShort || st.validity.stageTooShort;
    }
    if (!s.nodeRoles.isEmpty()) {
        QStringList roles;
        for (const RunRecord::NodeRole &n : s.nodeRoles)
            roles << QStringLiteral("%1 %2").arg(QUrl(n.address).authority(),
                                                 serverRoleKey(n.role));
        out += QStringLiteral("nodes at start: %1\n").arg(roles.join(QStringLiteral(", ")));
    }
    if (partial)
        out += QStringLiteral("* stage cut short (run stopped)\n");
    if (bound)
        out += QStringLiteral("! client-bound stage: the load generator was a bottleneck; its "
                              "numbers describe the client, not the server\n");
    if (tooShort)
        out += QStringLiteral("~ stage too short for its latency: throughput is mean in-flight / "
                              "mean latency, Little's law not assessed (docs/measurement.md)\n");
    if (intervals)
        out += QStringLiteral("95%: block-bootstrap intervals over the steady seconds "
                              "(docs/measurement.md, \"Uncertainty\")\n");
    else
        out += QStringLiteral("95%: - (%1)\n").arg(noIntervalHistogramsReason());
    out += credentialsLine(s);
    return out;
}

QString reportCsv(const Session &s)
{
    static const QStringList header = {
        QStringLiteral("label"),
        QStringLiteral("profile"),
        QStringLiteral("stage"),
        QStringLiteral("vus"),
        QStringLiteral("duration_s"),
        QStringLiteral("complete"),
        QStringLiteral("op"),
        QStringLiteral("count"),
        QStringLiteral("ok"),
        QStringLiteral("errors"),
        QStringLiteral("error_classes"),
        QStringLiteral("throughput_per_s"),
        QStringLiteral("mean_ms"),
        QStringLiteral("p50_ms"),
        QStringLiteral("p90_ms"),
        QStringLiteral("p95_ms"),
        QStringLiteral("p99_ms"),
        QStringLiteral("p999_ms"),
        QStringLiteral("max_ms"),
        QStringLiteral("client_bound"),
        QStringLiteral("warnings"),
    };
    // RFC 4180: CRLF line breaks.
    const QLatin1String crlf("\r\n");
    QString out = header.join(QLatin1Char(',')) + crlf;
    for (const StageStats &st : s.stages) {
        // what the table prints under the stage ('!' client-bound, '~' notes, no completion)
        QStringList warnings = st.validity.reasons;
        warnings << st.validity.notes;
        if (st.noCompletions())
            warnings << QStringLiteral("no completed request: the server did not answer");
        if (!st.complete)
            warnings << QStringLiteral("stage cut short");
        for (const OpStats &o : st.ops) {
            // No success: an empty field, not 0.
            auto lat = [&o](double p) { return latencyCellMs(o.latency, p, 3, QString()); };
            const QStringList row = {
                s.label,
                s.profileName,
                QString::number(st.index),
                QString::number(st.vus),
                fixed(double(st.durationMs) / 1000.0, 3),
                st.complete ? QStringLiteral("true") : QStringLiteral("false"),
                o.op,
                QString::number(o.count),
                QString::number(o.ok),
                QString::number(o.errorCount()),
                errorsText(o),
                fixed(st.throughputPerS(o), 3),
                lat(kMeanLatency),
                lat(50),
                lat(90),
                lat(95),
                lat(99),
                lat(99.9),
                lat(kMaxLatency),
                st.validity.clientBound ? QStringLiteral("true") : QStringLiteral("false"),
                warnings.join(QStringLiteral("; ")),
            };
            QStringList quoted;
            for (const QString &f : row)
                quoted.append(csvField(f));
            out += quoted.join(QLatin1Char(',')) + crlf;
        }
    }
    return out;
}

QString reportCsv(const QList<Session> &sessions)
{
    QString out;
    for (int i = 0; i < sessions.size(); ++i) {
        const QString csv = reportCsv(sessions.at(i));
        out += i == 0 ? csv : csv.mid(csv.indexOf(QLatin1String("\r\n")) + 2); // one header
    }
    return out;
}

} // namespace vw
