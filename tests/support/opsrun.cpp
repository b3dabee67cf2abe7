#include "opsrun.h"

#include "ops/operationregistry.h"
#include "profile/profileparser.h"

#include <QRandomGenerator>
#include <QSignalSpy>
#include <algorithm>
#include <utility>

namespace vw::test {

OperationSpec opSpec(const QString &type, const QVariantMap &raw, int weight)
{
    const ParamParseResult parsed = OperationRegistry::instance().parse(type, raw);
    if (!parsed.ok())
        qFatal("bad params for %s in the test", qPrintable(type));
    return {type, weight, *parsed.params};
}

std::unique_ptr<Operation> makeOp(const QString &type, const QVariantMap &raw)
{
    const OperationRegistry &reg = OperationRegistry::instance();
    const ParamParseResult parsed = reg.parse(type, raw);
    return parsed.ok() ? reg.create(type, *parsed.params) : nullptr;
}

HttpResult toResult(const VaultResponse &r)
{
    HttpResult out;
    out.status = r.status;
    out.transportError = r.status == 0 ? r.errorClass : ErrorClass::None;
    out.errorText = r.errorText;
    out.body = r.body;
    return out;
}

QString uniquePrefix()
{
    return QStringLiteral("vwt%1").arg(QRandomGenerator::global()->generate() % 0xffffff, 6, 16,
                                       QLatin1Char('0'));
}

TargetSpec targetOf(const BaoServer &bao)
{
    TargetSpec t;
    t.address = bao.address();
    t.requestTimeoutMs = 15000;
    return t;
}

QStringList mountPaths(const BaoServer &bao)
{
    VaultClient client(targetOf(bao), bao.rootToken());
    QString error;
    const QStringList paths = client.mountPaths(&error);
    if (!error.isEmpty())
        qWarning("mountPaths: %s", qPrintable(error));
    return paths;
}

QStringList mountsWithPrefix(const BaoServer &bao, const QString &prefix)
{
    QStringList out;
    for (const QString &m : mountPaths(bao))
        if (m.startsWith(prefix))
            out << m;
    return out;
}

Profile opsProfile(const BaoServer &bao, const QString &name, const QList<OperationSpec> &ops,
                   const QList<StageSpec> &stages, qint64 warmupMs)
{
    Profile p;
    p.name = name;
    p.sourceYaml = QStringLiteral("name: %1\n").arg(name).toUtf8();
    p.target.address = bao.address();
    p.target.requestTimeoutMs = 10000;
    p.ramp.warmupMs = warmupMs;
    p.ramp.stages = stages;
    p.operations = ops;
    return p;
}

RunOptions rootOptions(const BaoServer &bao)
{
    RunOptions o;
    o.token = bao.rootToken();
    return o;
}

bool runToEnd(BenchmarkRun &run, int timeoutMs, RunRecord *out, QString *error,
              const std::function<void()> &beforeWait)
{
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    if (beforeWait)
        beforeWait();
    if (finished.isEmpty() && !finished.wait(timeoutMs)) {
        *error = QStringLiteral("the run did not end within %1 ms").arg(timeoutMs);
        return false;
    }
    *out = finished.at(0).at(0).value<RunRecord>();
    return true;
}

RunRecord runProfileYaml(const BaoServer &bao, const QByteArray &yaml, int timeoutMs,
                         const std::function<void(BenchmarkRun &)> &wire)
{
    const ProfileParseResult parsed = parseProfile(yaml);
    if (!parsed.ok()) {
        for (const ProfileError &e : parsed.errors)
            qWarning("%s", qPrintable(e.toString()));
        return {};
    }
    BenchmarkRun run(*parsed.profile, rootOptions(bao));
    if (wire)
        wire(run);
    RunRecord record;
    QString error;
    if (!runToEnd(run, timeoutMs, &record, &error)) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    return record;
}

QString checkEveryOpServed(const RunRecord &run, int stages, int opsPerStage)
{
    if (run.status != RunStatus::Completed)
        return QStringLiteral("run not completed: %1").arg(run.error);
    if (!run.cleanupError.isEmpty())
        return QStringLiteral("cleanup: %1").arg(run.cleanupError);
    if (run.stages.size() != stages)
        return QStringLiteral("%1 stages, want %2").arg(run.stages.size()).arg(stages);
    for (const StageStats &st : run.stages) {
        if (st.ops.size() != opsPerStage)
            return QStringLiteral("stage %1: %2 op rows, want %3")
                .arg(st.index)
                .arg(st.ops.size())
                .arg(opsPerStage);
        for (const OpStats &op : st.ops) {
            const QString where = QStringLiteral("stage %1 %2").arg(st.index).arg(op.op);
            if (op.count <= 0)
                return where + QStringLiteral(": no request");
            if (!op.errors.isEmpty())
                return QStringLiteral("%1: %2 of %3 errors, first %4")
                    .arg(where)
                    .arg(op.errorCount())
                    .arg(op.count)
                    .arg(op.errors.firstKey());
        }
    }
    return {};
}

QString checkNothingLeft(const BaoServer &bao, const RunRecord &run, const QStringList &before)
{
    if (!run.runPrefix.startsWith(QLatin1String("vwb-")))
        return QStringLiteral("run prefix \"%1\"").arg(run.runPrefix);
    const QStringList after = mountPaths(bao);
    const QStringList left = mountsWithPrefix(bao, run.runPrefix);
    if (!left.isEmpty())
        return QStringLiteral("left on the server: %1").arg(left.join(QLatin1Char(' ')));
    if (after != before)
        return QStringLiteral("mounts before: %1; after: %2")
            .arg(before.join(QLatin1Char(' ')), after.join(QLatin1Char(' ')));
    return {};
}

ServiceMaxima serviceMaxima(const ServerTelemetry &telemetry)
{
    ServiceMaxima m;
    for (const ServerSample &x : telemetry.samples) {
        for (auto [most, v] :
             {std::pair{&m.connections, x.serviceConnections}, std::pair{&m.users, x.serviceUsers},
              std::pair{&m.coresBusy, x.serviceCoresBusy},
              std::pair{&m.opsPerSecond, x.serviceOpsPerSecond}})
            if (serverKnown(v))
                *most = std::max(*most, v);
    }
    return m;
}

} // namespace vw::test
