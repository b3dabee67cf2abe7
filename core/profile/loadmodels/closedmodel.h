// executor: closed (ramping VUs): each stage sets `vus`, and each VU keeps one request in
// flight: it sends the next one when the previous completes (docs/profile-format.md, "ramp";
// runtime: core/engine/executors/closedexecutor.h).
#pragma once

#include "profile/loadmodels/loadbounds.h"
#include "profile/loadmodels/loadmodel.h"

namespace vw {

class ClosedModel final : public LoadModel {
public:
    static QString kName() { return QStringLiteral("closed"); }
    /// A stage's `vus`: 1..100000, whole.
    static constexpr LoadBounds kVus{1, 100000, 0};

    QString name() const override { return kName(); }
    bool isOpen() const override { return false; }
    int plannedVus(const StageSpec &stage) const override;
    double plannedRate(const StageSpec &) const override { return 0; }
    QString loadName() const override { return QStringLiteral("VUs"); }
    QString loadText(int vus, double rate) const override;
    QString loadCell(int vus, double rate) const override;
    void parseStageLoad(YamlFieldReader &r, const YAML::Node &stage,
                        const QMap<QString, YAML::Node> &keys, const QString &path,
                        StageSpec *out) const override;
    QString checkStages(const QList<StageSpec> &stages) const override;
    void stageToJson(const StageSpec &stage, QJsonObject *out) const override;
    bool stageFromJson(const QJsonObject &o, StageSpec *stage, QString *error) const override;
};

} // namespace vw
