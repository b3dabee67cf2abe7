// The config side of a load model (k6's executor config types, lib/executor/): how a ramp's
// stages apply load, parsed from `ramp:` (docs/profile-format.md) and asked by everything that
// needs "the VUs of stage i", "the rate of stage i" or what a stage's load is called. Each model
// is one class in this folder, registered by name in loadmodelregistry.h; its runtime (which
// VU sends when) is in core/engine/executors/, found by the same name
// (core/engine/executors/executorregistry.h). Definitions: docs/measurement.md, "Load models".
// Instances are immutable after parsing and shared (std::shared_ptr<const LoadModel>).
#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <memory>

namespace YAML {
class Node;
} // namespace YAML

namespace vw {

class YamlFieldReader;
struct StageSpec;
struct StageStats;

class LoadModel {
public:
    virtual ~LoadModel() = default;

    /// The name in `ramp.executor` and in session files: "closed", "arrival-rate".
    virtual QString name() const = 0;
    /// True for an open model: requests start on a schedule of starts per second whatever the
    /// responses do (a stage has an offered rate, starts can be dropped, latency is corrected
    /// from the intended start); false for a closed model (a VU sends its next request when
    /// the previous one completes; latency is the service time).
    virtual bool isOpen() const = 0;
    /// Planned concurrency of a stage: the VUs it runs (closed: stage.vus; arrival-rate: the
    /// max_vus pool). Always >= 1 for a parsed stage.
    virtual int plannedVus(const StageSpec &stage) const = 0;
    /// Planned starts per second of a stage; 0 for a closed model (no schedule).
    virtual double plannedRate(const StageSpec &stage) const = 0;
    /// The most VUs any stage needs (sizes the worker threads and the file-descriptor limit).
    int peakVus(const QList<StageSpec> &stages) const;

    /// What a stage's load is called in text: "VUs" or "starts/s".
    virtual QString loadName() const = 0;
    /// A stage's load as text from its planned VUs and rate: "16 VUs", "2000/s".
    virtual QString loadText(int vus, double rate) const = 0;
    /// The same without the unit when it is the column's ("16" under "VUs"; "2000/s").
    virtual QString loadCell(int vus, double rate) const = 0;
    QString loadText(const StageStats &stage) const;
    QString loadText(const StageSpec &stage) const;

    /// Reads a stage's load key (LoadModelType::stageLoadKey) from `stage`, whose present keys are
    /// `keys`, into *out; problems go to `r` with line, column and `path`.<key>.
    virtual void parseStageLoad(YamlFieldReader &r, const YAML::Node &stage,
                                const QMap<QString, YAML::Node> &keys, const QString &path,
                                StageSpec *out) const = 0;
    /// Why this ramp cannot run, or "" (for ramps built in code, e.g. by tests; a parsed ramp
    /// always can).
    virtual QString checkStages(const QList<StageSpec> &stages) const = 0;

    /// The model's own keys of the plan's `ramp` JSON (docs/session-format.md), e.g. max_vus.
    virtual void toJson(QJsonObject *ramp) const { Q_UNUSED(ramp); }
    /// A stage's load keys in the plan JSON: {"vus": n} or {"rate": x}.
    virtual void stageToJson(const StageSpec &stage, QJsonObject *out) const = 0;
    virtual bool stageFromJson(const QJsonObject &o, StageSpec *stage, QString *error) const = 0;

    /// Same name and same settings.
    bool sameConfig(const LoadModel &o) const;
};

using LoadModelPtr = std::shared_ptr<const LoadModel>;

/// The model of a ramp that names none: closed (shared instance).
LoadModelPtr defaultLoadModel();

} // namespace vw
