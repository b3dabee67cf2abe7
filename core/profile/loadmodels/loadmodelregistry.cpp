#include "profile/loadmodels/loadmodelregistry.h"

#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/loadmodels/closedmodel.h"

namespace vw {

namespace {

void addOwner(QList<QPair<QString, QStringList>> *out, const QString &key, const QString &name)
{
    for (auto &p : *out)
        if (p.first == key) {
            p.second.append(name);
            return;
        }
    out->append({key, {name}});
}

} // namespace

const LoadModelRegistry &LoadModelRegistry::builtin()
{
    static const LoadModelRegistry registry = [] {
        LoadModelRegistry r;
        r.add({ClosedModel::kName(),
               QStringLiteral("ramping VUs: each VU keeps one request in flight"),
               {},
               QStringLiteral("vus"),
               [](YamlFieldReader &, const YAML::Node &, const QMap<QString, YAML::Node> &) {
                   return defaultLoadModel();
               },
               [](const QJsonObject &, QString *) { return defaultLoadModel(); },
               false,
               ClosedModel::kVus,
               {},
               {}});
        r.add({ArrivalRateModel::kName(),
               QStringLiteral("open model: starts per second on a schedule, run by a pool of "
                              "max_vus VUs"),
               {QStringLiteral("max_vus")},
               QStringLiteral("rate"),
               &ArrivalRateModel::parse,
               &ArrivalRateModel::fromJson,
               true,
               ArrivalRateModel::kRate,
               QStringLiteral("max_vus"),
               ArrivalRateModel::kMaxVus});
        return r;
    }();
    return registry;
}

void LoadModelRegistry::add(const LoadModelType &type)
{
    m_types.append(type);
}

const LoadModelType *LoadModelRegistry::find(const QString &name) const
{
    for (const LoadModelType &t : m_types)
        if (t.name == name)
            return &t;
    return nullptr;
}

QStringList LoadModelRegistry::names() const
{
    QStringList n;
    for (const LoadModelType &t : m_types)
        n.append(t.name);
    return n;
}

QList<QPair<QString, QStringList>> LoadModelRegistry::rampKeyOwners() const
{
    QList<QPair<QString, QStringList>> out;
    for (const LoadModelType &t : m_types)
        for (const QString &k : t.rampKeys)
            addOwner(&out, k, t.name);
    return out;
}

QList<QPair<QString, QStringList>> LoadModelRegistry::stageKeyOwners() const
{
    QList<QPair<QString, QStringList>> out;
    for (const LoadModelType &t : m_types)
        addOwner(&out, t.stageLoadKey, t.name);
    return out;
}

} // namespace vw
