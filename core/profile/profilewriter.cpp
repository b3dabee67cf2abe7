#include "profile/profilewriter.h"

#include "profile/duration.h"
#include "profile/yamlvariant.h"

#include <yaml-cpp/yaml.h>

namespace vw {

namespace {

void emitKey(YAML::Emitter &out, const char *key)
{
    out << YAML::Key << key << YAML::Value;
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
    emitKey(out, "stages");
    out << YAML::BeginSeq;
    for (const StageSpec &s : p.ramp.stages) {
        out << YAML::Flow << YAML::BeginMap;
        emitKey(out, "vus");
        out << s.vus;
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
        if (!o.params.isEmpty()) {
            emitKey(out, "params");
            emitYamlVariant(out, o.params);
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::EndMap;

    QByteArray text(out.c_str(), int(out.size()));
    text.append('\n');
    return text;
}

} // namespace vw
