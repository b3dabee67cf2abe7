#include "profile/profilewriter.h"

#include "ops/operationregistry.h"
#include "util/duration.h"
#include "profile/yamlvariant.h"

#include <QRegularExpression>
#include <yaml-cpp/yaml.h>

namespace vw {

namespace {

void emitKey(YAML::Emitter &out, const char *key)
{
    out << YAML::Key << key << YAML::Value;
}

/// Shortest text that reads back as the same double: 0.1 -> "0.1", 50 -> "50".
std::string numberText(double v)
{
    return QString::number(v, 'g', 15).toStdString();
}

/// `slo` and `analysis` (core/profile/analysisspec.h), only what differs from "not set".
void emitAnalysisBlocks(YAML::Emitter &out, const Profile &p)
{
    if (p.slo.isSet()) {
        emitKey(out, "slo");
        out << YAML::Flow << YAML::BeginMap;
        const std::pair<const char *, std::optional<double>> slo[] = {
            {"p50_ms", p.slo.p50Ms}, {"p95_ms", p.slo.p95Ms}, {"p99_ms", p.slo.p99Ms},
            {"error_ratio", p.slo.errorRatio}};
        for (const auto &kv : slo)
            if (kv.second) {
                emitKey(out, kv.first);
                out << numberText(*kv.second);
            }
        out << YAML::EndMap;
    }
    if (!p.analysis.isDefault()) {
        emitKey(out, "analysis");
        out << YAML::BeginMap;
        emitKey(out, "saturation_gain");
        out << numberText(p.analysis.saturationGain);
        emitKey(out, "saturation_stages");
        out << p.analysis.saturationStages;
        emitKey(out, "failure_error_ratio");
        out << numberText(p.analysis.failureErrorRatio);
        out << YAML::EndMap;
    }
}

} // namespace

QByteArray profileToYaml(const Profile &p)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    emitKey(out, "name");
    emitYamlString(out, p.name);
    if (!p.description.isEmpty()) {
        emitKey(out, "description");
        emitYamlString(out, p.description);
    }

    emitKey(out, "target");
    out << YAML::BeginMap;
    emitKey(out, "address");
    emitYamlString(out, p.target.address);
    if (!p.target.vaultNamespace.isEmpty()) {
        emitKey(out, "namespace");
        emitYamlString(out, p.target.vaultNamespace);
    }
    if (!p.target.caFile.isEmpty()) {
        emitKey(out, "ca_file");
        emitYamlString(out, p.target.caFile);
    }
    if (p.target.tlsSkipVerify) {
        emitKey(out, "tls_skip_verify");
        out << true;
    }
    emitKey(out, "request_timeout");
    out << formatDurationMs(p.target.requestTimeoutMs).toStdString();
    out << YAML::EndMap;

    emitKey(out, "transport");
    emitYamlString(out, p.transport);

    emitKey(out, "ramp");
    out << YAML::BeginMap;
    emitKey(out, "executor");
    emitYamlString(out, p.ramp.executor);
    emitKey(out, "warmup");
    out << formatDurationMs(p.ramp.warmupMs).toStdString();
    if (p.ramp.isArrivalRate()) {
        emitKey(out, "max_vus");
        out << p.ramp.maxVus;
    }
    emitKey(out, "stages");
    out << YAML::BeginSeq;
    for (const StageSpec &s : p.ramp.stages) {
        out << YAML::Flow << YAML::BeginMap;
        if (p.ramp.isArrivalRate()) {
            // Shortest exact text of a 3-decimal rate: 200 -> "200", 0.5 -> "0.5".
            emitKey(out, "rate");
            out << QString::number(s.rate, 'f', 3)
                       .remove(QRegularExpression(QStringLiteral("\\.?0+$")))
                       .toStdString();
        } else {
            emitKey(out, "vus");
            out << s.vus;
        }
        emitKey(out, "duration");
        out << formatDurationMs(s.durationMs).toStdString();
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::EndMap;

    emitKey(out, "operations");
    out << YAML::BeginSeq;
    for (const OperationSpec &o : p.operations) {
        out << YAML::BeginMap;
        emitKey(out, "type");
        emitYamlString(out, o.type);
        emitKey(out, "weight");
        out << o.weight;
        // Every param with its value, as a profile writes it (durations with a unit).
        const OperationType *type = OperationRegistry::instance().find(o.type);
        const QVariantMap params = type ? paramsToRaw(*type, o.params) : QVariantMap();
        if (!params.isEmpty()) {
            emitKey(out, "params");
            emitYamlVariant(out, params);
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    emitAnalysisBlocks(out, p);
    out << YAML::EndMap;

    QByteArray text(out.c_str(), int(out.size()));
    text.append('\n');
    return text;
}

} // namespace vw
