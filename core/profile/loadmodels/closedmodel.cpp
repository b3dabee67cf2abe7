#include "profile/loadmodels/closedmodel.h"

#include "profile/profile.h"
#include "profile/yamlfieldreader.h"

namespace vw {

int ClosedModel::plannedVus(const StageSpec &stage) const
{
    return stage.vus;
}

QString ClosedModel::loadText(int vus, double) const
{
    return QStringLiteral("%1 VUs").arg(vus);
}

QString ClosedModel::loadCell(int vus, double) const
{
    return QString::number(vus);
}

void ClosedModel::parseStageLoad(YamlFieldReader &r, const YAML::Node &stage,
                                 const QMap<QString, YAML::Node> &keys, const QString &path,
                                 StageSpec *out) const
{
    const QString field = path + QStringLiteral(".vus");
    if (!keys.contains(QStringLiteral("vus")))
        r.add(stage.Mark(), field, QStringLiteral("required"));
    else if (const auto v = r.wholeNumber(stage["vus"], field, qint64(kVus.min), qint64(kVus.max)))
        out->vus = int(*v);
}

QString ClosedModel::checkStages(const QList<StageSpec> &stages) const
{
    for (const StageSpec &s : stages)
        if (s.vus < 1)
            return QStringLiteral("closed stages need vus >= 1");
    return QString();
}

void ClosedModel::stageToJson(const StageSpec &stage, QJsonObject *out) const
{
    out->insert(QStringLiteral("vus"), stage.vus);
}

bool ClosedModel::stageFromJson(const QJsonObject &o, StageSpec *stage, QString *error) const
{
    const QJsonValue v = o.value(QStringLiteral("vus"));
    if (!v.isDouble() || v.toInt() < 1) {
        *error = QStringLiteral("\"vus\" must be a whole number >= 1");
        return false;
    }
    stage->vus = v.toInt();
    return true;
}

} // namespace vw
