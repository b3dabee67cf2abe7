#include "profile/loadmodels/arrivalratemodel.h"

#include "profile/profile.h"
#include "profile/yamlfieldreader.h"
#include "profile/yamlvariant.h"

#include <cmath>

namespace vw {

namespace {

/// A plain number of starts per second in ArrivalRateModel::kRate, rounded to 3 decimals.
std::optional<double> readRate(YamlFieldReader &r, const YAML::Node &n, const QString &field)
{
    const QVariant v = n.IsScalar() && !YamlFieldReader::isQuoted(n)
                           ? resolvePlainYamlScalar(YamlFieldReader::scalarText(n))
                           : QVariant();
    const QString range = QStringLiteral("must be a number of starts per second > 0 "
                                         "(0.001 to 1000000)");
    if (v.typeId() != QMetaType::LongLong && v.typeId() != QMetaType::Double) {
        r.add(n.Mark(), field,
              n.IsScalar()
                  ? range + QStringLiteral(" (got \"%1\")").arg(YamlFieldReader::scalarText(n))
                  : range);
        return std::nullopt;
    }
    const double x = std::round(v.toDouble() * 1000.0) / 1000.0;
    if (!(x >= ArrivalRateModel::kRate.min && x <= ArrivalRateModel::kRate.max)) {
        r.add(n.Mark(), field,
              range + QStringLiteral(" (got %1)").arg(YamlFieldReader::scalarText(n)));
        return std::nullopt;
    }
    return x;
}

} // namespace

double ArrivalRateModel::plannedRate(const StageSpec &stage) const
{
    return stage.rate;
}

QString ArrivalRateModel::loadText(int, double rate) const
{
    return QString::number(rate) + QStringLiteral("/s");
}

QString ArrivalRateModel::loadCell(int vus, double rate) const
{
    return loadText(vus, rate);
}

void ArrivalRateModel::parseStageLoad(YamlFieldReader &r, const YAML::Node &stage,
                                      const QMap<QString, YAML::Node> &keys, const QString &path,
                                      StageSpec *out) const
{
    const QString field = path + QStringLiteral(".rate");
    if (!keys.contains(QStringLiteral("rate")))
        r.add(stage.Mark(), field, QStringLiteral("required: starts per second, e.g. rate: 100"));
    else if (const auto v = readRate(r, stage["rate"], field))
        out->rate = *v;
}

QString ArrivalRateModel::checkStages(const QList<StageSpec> &stages) const
{
    if (m_maxVus < 1)
        return QStringLiteral("arrival-rate needs ramp.max_vus >= 1");
    for (const StageSpec &st : stages)
        if (!(st.rate > 0))
            return QStringLiteral("arrival-rate stages need a rate > 0");
    return QString();
}

void ArrivalRateModel::toJson(QJsonObject *ramp) const
{
    ramp->insert(QStringLiteral("max_vus"), m_maxVus);
}

void ArrivalRateModel::stageToJson(const StageSpec &stage, QJsonObject *out) const
{
    out->insert(QStringLiteral("rate"), stage.rate);
}

bool ArrivalRateModel::stageFromJson(const QJsonObject &o, StageSpec *stage, QString *error) const
{
    const double rate = o.value(QStringLiteral("rate")).toDouble(0);
    if (!(rate > 0)) {
        *error = QStringLiteral("\"rate\" must be a number of starts per second > 0");
        return false;
    }
    stage->rate = rate;
    return true;
}

LoadModelPtr ArrivalRateModel::parse(YamlFieldReader &r, const YAML::Node &ramp,
                                     const QMap<QString, YAML::Node> &keys)
{
    const QString field = QStringLiteral("ramp.max_vus");
    if (!keys.contains(QStringLiteral("max_vus"))) {
        r.add(ramp.Mark(), field,
              QStringLiteral("required for executor: arrival-rate (the pre-allocated VU "
                             "pool, e.g. max_vus: 50)"));
        return std::make_shared<const ArrivalRateModel>(0); // stages are still checked
    }
    const auto v = r.wholeNumber(ramp["max_vus"], field, qint64(kMaxVus.min), qint64(kMaxVus.max));
    return std::make_shared<const ArrivalRateModel>(v ? int(*v) : 0);
}

LoadModelPtr ArrivalRateModel::fromJson(const QJsonObject &ramp, QString *error)
{
    const QJsonValue v = ramp.value(QStringLiteral("max_vus"));
    if (!v.isDouble() || v.toInt() < kMaxVus.min || v.toInt() > kMaxVus.max) {
        *error = QStringLiteral("\"max_vus\" must be a whole number from 1 to 100000");
        return nullptr;
    }
    return std::make_shared<const ArrivalRateModel>(v.toInt());
}

} // namespace vw
