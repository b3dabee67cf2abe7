#include "profile/planjson.h"

#include "ops/operationregistry.h"

#include <QJsonArray>

namespace vw {

namespace {

void putOptional(QJsonObject *o, const char *key, const std::optional<double> &v)
{
    if (v)
        o->insert(QLatin1String(key), *v);
}

std::optional<double> getOptional(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

QJsonObject targetToJson(const TargetSpec &t)
{
    QJsonObject o{
        {QStringLiteral("address"), t.address},
        {QStringLiteral("namespace"), t.vaultNamespace},
        {QStringLiteral("ca_file"), t.caFile},
        {QStringLiteral("tls_skip_verify"), t.tlsSkipVerify},
        {QStringLiteral("request_timeout_ms"), t.requestTimeoutMs},
    };
    if (!t.addresses.isEmpty()) // written only when set: older plans stay byte for byte
        o.insert(QStringLiteral("addresses"), QJsonArray::fromStringList(t.addresses));
    if (!t.spread.isEmpty())
        o.insert(QStringLiteral("spread"), t.spread);
    // Written only when set: older readers and older plans stay as they were.
    if (!t.caPath.isEmpty())
        o.insert(QStringLiteral("ca_path"), t.caPath);
    if (!t.clientCert.isEmpty())
        o.insert(QStringLiteral("client_cert"), t.clientCert);
    if (!t.clientKey.isEmpty())
        o.insert(QStringLiteral("client_key"), t.clientKey);
    return o;
}

TargetSpec targetFromJson(const QJsonObject &o)
{
    TargetSpec t;
    t.address = o.value(QStringLiteral("address")).toString(t.address);
    for (const QJsonValue &v : o.value(QStringLiteral("addresses")).toArray())
        t.addresses.append(v.toString());
    t.spread = o.value(QStringLiteral("spread")).toString();
    t.vaultNamespace = o.value(QStringLiteral("namespace")).toString();
    t.caFile = o.value(QStringLiteral("ca_file")).toString();
    t.caPath = o.value(QStringLiteral("ca_path")).toString();
    t.clientCert = o.value(QStringLiteral("client_cert")).toString();
    t.clientKey = o.value(QStringLiteral("client_key")).toString();
    t.tlsSkipVerify = o.value(QStringLiteral("tls_skip_verify")).toBool();
    t.requestTimeoutMs =
        o.value(QStringLiteral("request_timeout_ms")).toInteger(t.requestTimeoutMs);
    return t;
}

QJsonObject rampToJson(const RampSpec &r)
{
    QJsonArray stages;
    for (const StageSpec &s : r.stages) {
        QJsonObject st{{QStringLiteral("duration_ms"), s.durationMs}};
        r.model->stageToJson(s, &st);
        stages.append(st);
    }
    QJsonObject o{{QStringLiteral("executor"), r.model->name()},
                  {QStringLiteral("warmup_ms"), r.warmupMs},
                  {QStringLiteral("stages"), stages}};
    r.model->toJson(&o);
    return o;
}

bool rampFromJson(const QJsonObject &o, const LoadModelRegistry &models, RampSpec *r,
                  QString *error)
{
    const QString name = o.value(QStringLiteral("executor")).toString();
    const LoadModelType *type = models.find(name);
    if (!type) {
        *error = QStringLiteral("ramp: unknown executor \"%1\" (supported: %2)")
                     .arg(name, models.names().join(QStringLiteral(", ")));
        return false;
    }
    QString e;
    r->model = type->fromJson(o, &e);
    if (!r->model) {
        *error = QStringLiteral("ramp: %1").arg(e);
        return false;
    }
    r->warmupMs = o.value(QStringLiteral("warmup_ms")).toInteger();
    const QJsonArray stages = o.value(QStringLiteral("stages")).toArray();
    for (int i = 0; i < stages.size(); ++i) {
        if (!stages.at(i).isObject()) {
            *error = QStringLiteral("ramp.stages[%1]: not an object").arg(i);
            return false;
        }
        const QJsonObject so = stages.at(i).toObject();
        StageSpec s;
        s.durationMs = so.value(QStringLiteral("duration_ms")).toInteger();
        if (!r->model->stageFromJson(so, &s, &e)) {
            *error = QStringLiteral("ramp.stages[%1]: %2").arg(i).arg(e);
            return false;
        }
        r->stages.append(s);
    }
    return true;
}

} // namespace

QJsonObject operationParamsToJson(const OperationSpec &op)
{
    const OperationType *type = OperationRegistry::instance().find(op.type);
    return type ? paramsToJson(*type, op.params) : QJsonObject();
}

std::optional<OpParams> operationParamsFromJson(const QString &typeName, const QJsonObject &params,
                                                QString *error)
{
    const OperationType *type = OperationRegistry::instance().find(typeName);
    if (!type) {
        if (error)
            *error = QStringLiteral("unknown operation type \"%1\"").arg(typeName);
        return std::nullopt;
    }
    const ParamParseResult r = paramsFromJson(*type, params);
    if (!r.ok()) {
        QStringList problems;
        for (const ParamError &e : r.errors)
            problems << (e.param.isEmpty() ? e.message
                                           : e.param + QStringLiteral(": ") + e.message);
        if (error)
            *error =
                QStringLiteral("%1 params: %2").arg(typeName, problems.join(QStringLiteral("; ")));
        return std::nullopt;
    }
    return r.params;
}

QJsonObject sloToJson(const SloSpec &slo)
{
    QJsonObject o;
    putOptional(&o, "p50_ms", slo.p50Ms);
    putOptional(&o, "p95_ms", slo.p95Ms);
    putOptional(&o, "p99_ms", slo.p99Ms);
    putOptional(&o, "error_ratio", slo.errorRatio);
    return o;
}

SloSpec sloFromJson(const QJsonObject &o)
{
    SloSpec s;
    s.p50Ms = getOptional(o, "p50_ms");
    s.p95Ms = getOptional(o, "p95_ms");
    s.p99Ms = getOptional(o, "p99_ms");
    s.errorRatio = getOptional(o, "error_ratio");
    return s;
}

QJsonObject thresholdsToJson(const AnalysisThresholds &t)
{
    return QJsonObject{{QStringLiteral("saturation_gain"), t.saturationGain},
                       {QStringLiteral("saturation_stages"), t.saturationStages},
                       {QStringLiteral("failure_error_ratio"), t.failureErrorRatio},
                       {QStringLiteral("noise_threshold"), t.noiseThreshold}};
}

AnalysisThresholds thresholdsFromJson(const QJsonObject &o)
{
    AnalysisThresholds t;
    t.saturationGain = o.value(QStringLiteral("saturation_gain")).toDouble(t.saturationGain);
    t.saturationStages = o.value(QStringLiteral("saturation_stages")).toInt(t.saturationStages);
    t.failureErrorRatio =
        o.value(QStringLiteral("failure_error_ratio")).toDouble(t.failureErrorRatio);
    t.noiseThreshold = o.value(QStringLiteral("noise_threshold")).toDouble(t.noiseThreshold);
    return t;
}

QJsonObject planToJson(const Profile &p)
{
    QJsonArray ops;
    for (const OperationSpec &op : p.operations) {
        QJsonObject o{{QStringLiteral("type"), op.type},
                      {QStringLiteral("weight"), op.weight},
                      {QStringLiteral("params"), operationParamsToJson(op)}};
        if (!op.name.isEmpty()) // absent: the default label (core/profile/operationlabels.h)
            o.insert(QStringLiteral("name"), op.name);
        ops.append(o);
    }
    return QJsonObject{
        {QStringLiteral("name"), p.name},
        {QStringLiteral("description"), p.description},
        {QStringLiteral("target"), targetToJson(p.target)},
        {QStringLiteral("transport"), p.transport},
        {QStringLiteral("ramp"), rampToJson(p.ramp)},
        {QStringLiteral("repeat"), p.repeat},
        {QStringLiteral("operations"), ops},
        {QStringLiteral("slo"), sloToJson(p.slo)},
        {QStringLiteral("analysis"), thresholdsToJson(p.analysis)},
        {QStringLiteral("abort"), QJsonObject{{QStringLiteral("enabled"), p.abort.enabled},
                                              {QStringLiteral("error_ratio"), p.abort.errorRatio},
                                              {QStringLiteral("for_ms"), p.abort.forMs}}},
        {QStringLiteral("auth"),
         QJsonObject{
             {QStringLiteral("method"), p.auth.method},
             {QStringLiteral("policy"), p.auth.policy},
             {QStringLiteral("per"), p.auth.perVu ? QStringLiteral("vu") : QStringLiteral("run")},
             {QStringLiteral("ttl_ms"), p.auth.ttlMs}}},
    };
}

std::optional<Profile> planFromJson(const QJsonObject &o, const LoadModelRegistry &models,
                                    QString *error)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    Profile p;
    p.name = o.value(QStringLiteral("name")).toString();
    p.description = o.value(QStringLiteral("description")).toString();
    p.target = targetFromJson(o.value(QStringLiteral("target")).toObject());
    p.transport = o.value(QStringLiteral("transport")).toString(p.transport);
    if (!o.value(QStringLiteral("ramp")).isObject()) {
        err = QStringLiteral("no \"ramp\" object");
        return std::nullopt;
    }
    if (!rampFromJson(o.value(QStringLiteral("ramp")).toObject(), models, &p.ramp, &err))
        return std::nullopt;
    p.repeat = o.value(QStringLiteral("repeat")).toInt(1); // absent before repeats: 1
    const QJsonArray ops = o.value(QStringLiteral("operations")).toArray();
    for (int i = 0; i < ops.size(); ++i) {
        if (!ops.at(i).isObject()) {
            err = QStringLiteral("operations[%1]: not an object").arg(i);
            return std::nullopt;
        }
        const QJsonObject oo = ops.at(i).toObject();
        OperationSpec op;
        op.type = oo.value(QStringLiteral("type")).toString();
        op.name = oo.value(QStringLiteral("name")).toString(); // absent before labels
        op.weight = oo.value(QStringLiteral("weight")).toInt(op.weight);
        QString paramError;
        const std::optional<OpParams> params = operationParamsFromJson(
            op.type, oo.value(QStringLiteral("params")).toObject(), &paramError);
        if (!params) {
            err = QStringLiteral("operations[%1]: %2").arg(i).arg(paramError);
            return std::nullopt;
        }
        op.params = *params;
        p.operations.append(op);
    }
    p.slo = sloFromJson(o.value(QStringLiteral("slo")).toObject());
    p.analysis = thresholdsFromJson(o.value(QStringLiteral("analysis")).toObject());
    // absent in plans written before the abort rule: the default
    const QJsonObject abort = o.value(QStringLiteral("abort")).toObject();
    p.abort.enabled = abort.value(QStringLiteral("enabled")).toBool(p.abort.enabled);
    p.abort.errorRatio = abort.value(QStringLiteral("error_ratio")).toDouble(p.abort.errorRatio);
    p.abort.forMs = abort.value(QStringLiteral("for_ms")).toInteger(p.abort.forMs);
    // absent in plans written before per-VU credentials: none
    const QJsonObject auth = o.value(QStringLiteral("auth")).toObject();
    p.auth.method = auth.value(QStringLiteral("method")).toString();
    p.auth.policy = auth.value(QStringLiteral("policy")).toString(p.auth.policy);
    p.auth.perVu =
        auth.value(QStringLiteral("per")).toString(QStringLiteral("vu")) != QLatin1String("run");
    p.auth.ttlMs = auth.value(QStringLiteral("ttl_ms")).toInteger(p.auth.ttlMs);
    return p;
}

} // namespace vw
