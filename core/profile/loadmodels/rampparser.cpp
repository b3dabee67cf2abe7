#include "profile/loadmodels/rampparser.h"

#include "util/duration.h"

namespace vw {

namespace {

/// "closed, arrival-rate"
QString names(const QStringList &n)
{
    return n.join(QStringLiteral(", "));
}

} // namespace

QStringList rampKeys(const LoadModelRegistry &models)
{
    QStringList keys = {QStringLiteral("executor"), QStringLiteral("warmup")};
    for (const auto &k : models.rampKeyOwners())
        keys.append(k.first);
    keys.append(QStringLiteral("stages"));
    return keys;
}

QStringList stageKeys(const LoadModelRegistry &models)
{
    QStringList keys;
    for (const auto &k : models.stageKeyOwners())
        keys.append(k.first);
    keys.append(QStringLiteral("duration"));
    return keys;
}

void parseRampBlock(YamlFieldReader &r, const YAML::Node &n, const LoadModelRegistry &models,
                    RampSpec *out)
{
    const auto rampKeyOwners = models.rampKeyOwners();
    const auto stageKeyOwners = models.stageKeyOwners();
    const QStringList allowed = rampKeys(models);
    QMap<QString, YAML::Node> keys;
    if (!r.checkMap(n, QStringLiteral("ramp"), allowed, &keys))
        return;

    // The load model: ramp.executor, closed when absent.
    const LoadModelType *type = models.find(defaultLoadModel()->name());
    if (keys.contains(QStringLiteral("executor"))) {
        const YAML::Node v = n["executor"];
        type = nullptr;
        if (const auto s = r.text(v, QStringLiteral("ramp.executor"), true)) {
            type = models.find(*s);
            if (!type)
                r.add(v.Mark(), QStringLiteral("ramp.executor"),
                      QStringLiteral("unknown executor \"%1\" (supported: %2)")
                          .arg(*s, names(models.names())));
        }
    }
    if (type) {
        for (const auto &k : rampKeyOwners)
            if (!k.second.contains(type->name) && keys.contains(k.first))
                r.add(keys.value(k.first).Mark(), QStringLiteral("ramp.") + k.first,
                      QStringLiteral("only for executor: %1 (a %2 ramp sets %3 per stage)")
                          .arg(names(k.second), type->name, type->stageLoadKey));
        out->model = type->parse(r, n, keys);
    }

    YAML::Node warmupNode;
    bool warmupOk = true;
    if (keys.contains(QStringLiteral("warmup"))) {
        warmupNode = n["warmup"];
        const auto ms = r.duration(warmupNode, QStringLiteral("ramp.warmup"), 0);
        warmupOk = ms.has_value();
        if (ms)
            out->warmupMs = *ms;
    }
    const YAML::Node stages = n["stages"];
    const QString example = type && type->stageLoadKey == QLatin1String("rate")
                                ? QStringLiteral("- { rate: 100, duration: 10s }")
                                : QStringLiteral("- { vus: 1, duration: 10s }");
    if (!keys.contains(QStringLiteral("stages"))) {
        r.add(n.Mark(), QStringLiteral("ramp.stages"),
              QStringLiteral("required: a list of stages such as %1").arg(example));
        return;
    }
    if (!stages.IsSequence() || stages.size() == 0) {
        r.add(stages.Mark(), QStringLiteral("ramp.stages"),
              QStringLiteral("must be a non-empty list of stages such as %1").arg(example));
        return;
    }
    const QStringList stageAllowed = stageKeys(models);
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const YAML::Node s = stages[i];
        const QString path = YamlFieldReader::indexPath(QStringLiteral("ramp.stages"), int(i));
        QMap<QString, YAML::Node> stageKeys;
        if (!r.checkMap(s, path, stageAllowed, &stageKeys))
            continue;
        StageSpec spec;
        if (type && out->model) {
            for (const auto &k : stageKeyOwners)
                if (!k.second.contains(type->name) && stageKeys.contains(k.first))
                    r.add(stageKeys.value(k.first).Mark(), path + QLatin1Char('.') + k.first,
                          QStringLiteral("not allowed in %1 stages (only in %2 stages; here "
                                         "set %3)")
                              .arg(type->name, names(k.second), type->stageLoadKey));
            out->model->parseStageLoad(r, s, stageKeys, path, &spec);
        }
        if (!stageKeys.contains(QStringLiteral("duration"))) {
            r.add(s.Mark(), path + QStringLiteral(".duration"), QStringLiteral("required"));
        } else if (const auto d =
                       r.duration(s["duration"], path + QStringLiteral(".duration"), 1)) {
            spec.durationMs = *d;
            if (warmupOk && out->warmupMs >= *d)
                r.add(s["duration"].Mark(), path + QStringLiteral(".duration"),
                      QStringLiteral("must be longer than the warm-up (ramp.warmup: %1, line %2)")
                          .arg(formatDurationMs(out->warmupMs))
                          .arg(warmupNode.IsDefined() ? warmupNode.Mark().line + 1 : 0));
        }
        out->stages.append(spec);
    }
}

} // namespace vw
