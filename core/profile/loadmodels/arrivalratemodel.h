// executor: arrival-rate (open model; k6 ramping-arrival-rate): each stage sets `rate`, the
// starts per second, run by a pool of `max_vus` pre-allocated VUs; a start that finds no free
// VU is dropped (docs/profile-format.md, "ramp"; runtime:
// core/engine/executors/arrivalrateexecutor.h).
#pragma once

#include "profile/loadmodels/loadbounds.h"
#include "profile/loadmodels/loadmodel.h"

namespace vw {

class ArrivalRateModel final : public LoadModel {
public:
    static QString kName() { return QStringLiteral("arrival-rate"); }
    /// A stage's `rate`: 0.001..1000000 starts per second, rounded to 3 decimals.
    static constexpr LoadBounds kRate{0.001, 1000000, 3};
    /// `ramp.max_vus`: 1..100000, whole.
    static constexpr LoadBounds kMaxVus{1, 100000, 0};

    /// `maxVus`: the VU pool, 1..100000.
    explicit ArrivalRateModel(int maxVus)
        : m_maxVus(maxVus)
    {
    }
    int maxVus() const { return m_maxVus; }

    QString name() const override { return kName(); }
    bool isOpen() const override { return true; }
    int plannedVus(const StageSpec &) const override { return m_maxVus; }
    double plannedRate(const StageSpec &stage) const override;
    QString loadName() const override { return QStringLiteral("starts/s"); }
    QString loadText(int vus, double rate) const override;
    QString loadCell(int vus, double rate) const override;
    void parseStageLoad(YamlFieldReader &r, const YAML::Node &stage,
                        const QMap<QString, YAML::Node> &keys, const QString &path,
                        StageSpec *out) const override;
    QString checkStages(const QList<StageSpec> &stages) const override;
    void toJson(QJsonObject *ramp) const override;
    void stageToJson(const StageSpec &stage, QJsonObject *out) const override;
    bool stageFromJson(const QJsonObject &o, StageSpec *stage, QString *error) const override;

    /// `ramp.max_vus` (required here, 1..100000). Problems go to `r` (then max_vus is 0 and
    /// the profile is rejected; the stages are still checked).
    static LoadModelPtr parse(YamlFieldReader &r, const YAML::Node &ramp,
                              const QMap<QString, YAML::Node> &keys);
    /// {"max_vus": n} of the plan JSON.
    static LoadModelPtr fromJson(const QJsonObject &ramp, QString *error);

private:
    int m_maxVus = 0;
};

} // namespace vw
