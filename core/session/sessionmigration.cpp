#include "session/sessionmigration.h"

#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/profileparser.h"

#include <QJsonArray>
#include <algorithm>

namespace vw {

namespace {

/// The plan from the header and stages of a schema-1 file whose YAML cannot be used.
Profile planFromHeader(const QJsonObject &o, const QList<StageStats> &stages, QStringList *notes)
{
    Profile p;
    const QJsonObject profile = o.value(QStringLiteral("profile")).toObject();
    p.name = profile.value(QStringLiteral("name")).toString();
    p.transport = o.value(QStringLiteral("transport")).toString(p.transport);
    const LoadModelRegistry &models = LoadModelRegistry::builtin();
    const QString executor = o.value(QStringLiteral("executor")).toString();
    const LoadModelType *type = models.find(executor);
    if (!type) {
        notes->append(QStringLiteral("plan: unknown executor \"%1\" in the file; read as %2")
                          .arg(executor, defaultLoadModel()->name()));
        type = models.find(defaultLoadModel()->name());
    }
    // A schema-1 stage's vus is the planned VUs (the max_vus pool in arrival-rate stages)
    // and rate_per_s its offered rate: each model takes its own key from them.
    int peakVus = 0;
    for (const StageStats &st : stages)
        peakVus = std::max(peakVus, st.vus);
    QString error;
    p.ramp.model =
        type->fromJson(QJsonObject{{QStringLiteral("max_vus"), std::max(1, peakVus)}}, &error);
    if (!p.ramp.model)
        p.ramp.model = defaultLoadModel();
    for (const StageStats &st : stages) {
        StageSpec spec;
        spec.durationMs = st.durationMs;
        const QJsonObject load{{QStringLiteral("vus"), st.vus}, {QStringLiteral("rate"), st.rate}};
        if (!p.ramp.model->stageFromJson(load, &spec, &error))
            notes->append(
                QStringLiteral("plan: stage %1: %2").arg(stageNumber(st.index)).arg(error));
        p.ramp.warmupMs = st.warmupMs;
        p.ramp.stages.append(spec);
    }
    const QJsonArray ops = o.value(QStringLiteral("ops")).toArray();
    for (const QJsonValue &v : ops) {
        OperationSpec op;
        op.type = v.toString();
        p.operations.append(op);
    }
    return p;
}

} // namespace

Profile migrateV1Plan(const QJsonObject &o, const QList<StageStats> &stages, QStringList *notes)
{
    const QJsonObject profile = o.value(QStringLiteral("profile")).toObject();
    const QByteArray yaml = profile.value(QStringLiteral("yaml")).toString().toUtf8();
    const QString address =
        o.value(QStringLiteral("target")).toObject().value(QStringLiteral("address")).toString();
    Profile plan;
    const ProfileParseResult r = parseProfile(yaml);
    if (r.ok()) {
        plan = *r.profile;
        plan.sourceYaml.clear();
    } else {
        QStringList why;
        for (const ProfileError &e : r.errors)
            why.append(e.toString());
        notes->append(QStringLiteral("plan: the saved profile does not parse (%1); the plan was "
                                     "rebuilt from the session's stages: no SLO, default "
                                     "thresholds, operation weights and params unknown")
                          .arg(why.join(QStringLiteral("; "))));
        plan = planFromHeader(o, stages, notes);
    }
    if (!address.isEmpty())
        plan.target.address = address;
    return plan;
}

} // namespace vw
