// Profile YAML schema (source for docs/profile-format.md). Every key is optional unless marked
// required; any key not listed here is an error, at every level.
//
//   name: ssh-sign-ed25519            # required, non-empty text
//   description: Sign SSH keys        # optional text
//   target:                           # optional block
//     address: http://127.0.0.1:8200  # http or https URL: scheme://host[:port], no user
//                                     # info, path, query or fragment; default as shown
//     addresses: [http://10.0.0.2:8200] # the cluster's other nodes, each as `address`;
//                                     # a 307/308 may lead there (core/http/redirectpolicy.h)
//     namespace: ""                   # X-Vault-Namespace, default none
//     ca_file: ""                     # PEM CA bundle for https, default the system store
//     tls_skip_verify: false          # true/false, default false
//     request_timeout: 30s            # duration > 0, default 30s
//   transport: qnam                   # one of transportKinds() (core/http/transport.h)
//   ramp:                             # required block (core/profile/loadmodels/rampparser.h)
//     executor: closed                # a load model of LoadModelRegistry: "closed" (one
//                                     # request in flight per VU, default) or "arrival-rate"
//                                     # (starts per second, VU pool)
//     warmup: 2s                      # duration >= 0 excluded from each stage, default 0;
//                                     # must be shorter than every stage
//     max_vus: 50                     # arrival-rate only, required there: 1..100000
//     stages:                         # required, non-empty list
//       - { vus: 1, duration: 10s }   # closed: vus whole number 1..100000; duration > 0
//       - { rate: 200, duration: 10s }# arrival-rate: rate = starts per second, a number
//                                     # 0.001..1000000 (3 decimals); vus not allowed there
//   repeat: 3                         # whole number 1..100, default 1: the ramp is run N
//                                     # times back to back, one session (replicates)
//   operations:                       # required, non-empty list
//     - type: ssh_sign                # required, a registered type (core/ops/)
//       name: sign_ed25519            # optional label, unique in the profile; default the
//                                     # type, "<type>#<n>" for its n-th operation
//                                     # (core/profile/operationlabels.h)
//       weight: 100                   # whole number 1..1000000, default 100
//       params: { ca_key_type: ed25519 }  # map, parsed once by OperationRegistry::parse()
//                                     # (core/ops/opparams.h) into typed OperationSpec::params
//   slo: { p99_ms: 50 }               # optional: p50_ms/p95_ms/p99_ms (ms > 0), error_ratio
//                                     # (0..1); at least one (core/profile/analysisspecparser.h)
//   analysis:                         # optional detector thresholds (core/analysis/)
//     saturation_gain: 0.10           # 0 < x < 1
//     saturation_stages: 2            # whole number 1..10
//     failure_error_ratio: 0.01       # 0 <= x < 1
//   auth:                             # optional per-VU credentials (authspecparser.h)
//     method: approle                 # required: token, approle or userpass
//     policy: least                   # "least" (default) or HCL rules with path blocks
//     per: vu                         # vu (default: a token per VU) or run (one token)
//     ttl: 10m                        # the tokens' TTL, 10s..24h whole seconds, default 10m
//
// Durations: "500ms", "10s", "1.5s", "2m", "1h", "1m30s" (core/util/duration.h); a bare
// number is not a duration. Whole numbers and booleans must be plain (unquoted) scalars.
// Param values become QVariant by the YAML 1.2 core schema (core/profile/yamlvariant.h):
// qlonglong, double, bool, QString, invalid QVariant for null, QVariantList, QVariantMap;
// quoted scalars are always QString.
// A key containing "token" (any case, any level) is an error: tokens never live in profiles.
// Errors carry 1-based line and column, the dotted field path ("ramp.stages[1].vus",
// "operations[0].params.keys") and a message; all errors are reported, not only the first.
// A param error points at the value (bad value), the key (unknown key) or the `params` key
// (a required param is missing).
#include "profile/profileparser.h"

#include "http/transport.h"
#include "profile/analysisspecparser.h"
#include "profile/operationlabels.h"
#include "profile/authspecparser.h"
#include "profile/loadmodels/rampparser.h"
#include "ops/operationregistry.h"
#include "util/boundedfile.h"
#include "util/duration.h"
#include "profile/yamlbounds.h"
#include "profile/yamlopeners.h"
#include "profile/yamlsyntaxmessage.h"
#include "profile/nearestword.h"
#include "profile/yamlfieldreader.h"
#include "profile/yamlvariant.h"

#include <QUrl>
#include <cmath>
#include <yaml-cpp/yaml.h>

namespace vw {

namespace {

constexpr qint64 kMaxWeight = 1000000;

/// A request slower than this is not a measurement; larger values would also overflow the
/// transports' millisecond timers.
constexpr qint64 kMaxRequestTimeoutMs = 3600 * 1000;

class Parser : public YamlFieldReader {
public:
    /// An http(s)://host[:port] URL, nothing else (target.address and target.addresses[]).
    std::optional<QString> nodeAddress(const YAML::Node &v, const QString &field)
    {
        const auto s = text(v, field, true);
        if (!s)
            return std::nullopt;
        const QUrl url(*s, QUrl::StrictMode);
        const QString scheme = url.scheme();
        if (!url.isValid() || url.host().isEmpty()
            || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
            add(v.Mark(), field,
                QStringLiteral("must be an http:// or https:// URL with a host, e.g. "
                               "http://127.0.0.1:8200"));
        else if (!url.userInfo().isEmpty())
            add(v.Mark(), field, QStringLiteral("must not contain a user name or password"));
        else if ((!url.path().isEmpty() && url.path() != QLatin1String("/")) || url.hasQuery()
                 || url.hasFragment())
            add(v.Mark(), field,
                QStringLiteral("must be scheme://host[:port] only (no path, query or fragment)"));
        else
            return s;
        return std::nullopt;
    }

    void parseTarget(const YAML::Node &n, TargetSpec *t)
    {
        QMap<QString, YAML::Node> keys;
        if (!checkMap(n, QStringLiteral("target"), targetKeys(), &keys))
            return;
        if (keys.contains(QStringLiteral("address")))
            if (const auto s = nodeAddress(n["address"], QStringLiteral("target.address")))
                t->address = *s;
        if (keys.contains(QStringLiteral("addresses"))) {
            const YAML::Node list = n["addresses"];
            if (!list.IsSequence()) {
                add(list.Mark(), QStringLiteral("target.addresses"),
                    QStringLiteral("must be a list of node addresses such as "
                                   "[http://10.0.0.2:8200]"));
            } else {
                for (std::size_t i = 0; i < list.size(); ++i)
                    if (const auto s =
                            nodeAddress(list[i], QStringLiteral("target.addresses[%1]").arg(i)))
                        t->addresses.append(*s);
            }
        }
        if (keys.contains(QStringLiteral("spread")))
            if (const auto s = text(n["spread"], QStringLiteral("target.spread"), false)) {
                if (*s == QLatin1String("round_robin"))
                    t->spread = *s;
                else if (!targetSpreads().contains(*s))
                    add(n["spread"].Mark(), QStringLiteral("target.spread"),
                        QStringLiteral("must be none or round_robin"));
            }
        if (keys.contains(QStringLiteral("namespace")))
            if (const auto s = text(n["namespace"], QStringLiteral("target.namespace"), false))
                t->vaultNamespace = *s;
        // TLS files: an http:// address in the same profile makes them an error (the
        // user meant https, or a stray setting); the environment and flags are checked by
        // core/vault/targetresolver.h.
        const bool plainHttp = keys.contains(QStringLiteral("address"))
                               && QUrl(t->address).scheme().toLower() == QLatin1String("http");
        auto tlsFile = [&](const char *key, QString *out) {
            const QString k = QLatin1String(key);
            if (!keys.contains(k))
                return;
            const QString field = QStringLiteral("target.") + k;
            const YAML::Node v = n[key];
            if (const auto s = text(v, field, false)) {
                if (plainHttp && !s->isEmpty())
                    add(v.Mark(), field,
                        QStringLiteral("needs an https:// address; target.address %1 is http://")
                            .arg(t->address));
                else
                    *out = *s;
            }
        };
        tlsFile("ca_file", &t->caFile);
        tlsFile("ca_path", &t->caPath);
        tlsFile("client_cert", &t->clientCert);
        tlsFile("client_key", &t->clientKey);
        if (t->clientCert.isEmpty() != t->clientKey.isEmpty())
            add(n.Mark(), QStringLiteral("target"),
                QStringLiteral("client_cert and client_key go together (mutual TLS needs both)"));
        if (keys.contains(QStringLiteral("tls_skip_verify")))
            if (const auto b =
                    boolean(n["tls_skip_verify"], QStringLiteral("target.tls_skip_verify")))
                t->tlsSkipVerify = *b;
        if (keys.contains(QStringLiteral("request_timeout")))
            if (const auto ms =
                    duration(n["request_timeout"], QStringLiteral("target.request_timeout"), 1,
                             kMaxRequestTimeoutMs))
                t->requestTimeoutMs = *ms;
    }

    void parseOperations(const YAML::Node &ops, QList<OperationSpec> *out)
    {
        const OperationRegistry &registry = OperationRegistry::instance();
        const QString listPath = QStringLiteral("operations");
        if (!ops.IsSequence() || ops.size() == 0) {
            add(ops.Mark(), listPath,
                QStringLiteral("must be a non-empty list of operations such as - type: kv2_read"));
            return;
        }
        QList<YAML::Mark> marks; // per parsed operation: its `name` value, else the item
        QStringList paths; // per parsed operation: "operations[i]"
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const YAML::Node o = ops[i];
            const QString path = indexPath(listPath, int(i));
            QMap<QString, YAML::Node> keys;
            if (!checkMap(o, path, operationKeys(), &keys))
                continue;
            OperationSpec spec;
            YAML::Mark labelMark = o.Mark();
            if (keys.contains(QStringLiteral("name"))) {
                const QString namePath = path + QStringLiteral(".name");
                labelMark = o["name"].Mark();
                if (const auto n = text(o["name"], namePath, true)) {
                    const QString problem = operationNameProblem(*n);
                    if (problem.isEmpty())
                        spec.name = *n;
                    else
                        add(labelMark, namePath, problem);
                }
            }
            bool typeKnown = false;
            if (!keys.contains(QStringLiteral("type"))) {
                add(o.Mark(), path + QStringLiteral(".type"),
                    QStringLiteral("required (known: %1)").arg(knownTypes(registry)));
            } else if (const auto t = text(o["type"], path + QStringLiteral(".type"), true)) {
                spec.type = *t;
                typeKnown = registry.find(*t) != nullptr;
                if (!typeKnown)
                    add(o["type"].Mark(), path + QStringLiteral(".type"),
                        unknownWithSuggestion(QStringLiteral("unknown operation type"), *t,
                                              registry.names(), QStringLiteral("known")));
            }
            if (keys.contains(QStringLiteral("weight")))
                if (const auto w =
                        wholeNumber(o["weight"], path + QStringLiteral(".weight"), 1, kMaxWeight))
                    spec.weight = int(*w);
            const QString paramsPath = path + QStringLiteral(".params");
            const YAML::Node params = o["params"];
            YAML::Mark paramsMark = keys.contains(QStringLiteral("params"))
                                        ? keys.value(QStringLiteral("params")).Mark()
                                        : o.Mark();
            bool paramsOk = true;
            QVariantMap rawParams; // as written; parsed below
            if (keys.contains(QStringLiteral("params")) && !params.IsNull()) {
                if (!params.IsMap()) {
                    add(params.Mark(), paramsPath,
                        QStringLiteral("must be a mapping of key: value"));
                    paramsOk = false;
                } else {
                    rawParams = yamlToVariant(params).toMap();
                    const QStringList names = rawParams.keys();
                    for (const QString &name : names)
                        if (isTokenKey(name)) // reported by scanKeys()
                            rawParams.remove(name);
                }
            }
            if (typeKnown && paramsOk) {
                // The one parse of the params (core/ops/opparams.h): typed values or errors.
                const ParamParseResult parsed = registry.parse(spec.type, rawParams);
                if (parsed.params)
                    spec.params = *parsed.params;
                for (const ParamError &pe : parsed.errors) {
                    YAML::Mark mark = paramsMark;
                    const QString field =
                        pe.param.isEmpty() ? paramsPath : joinPath(paramsPath, pe.param);
                    if (pe.at != ParamError::At::Block)
                        for (auto it = params.begin(); params.IsMap() && it != params.end(); ++it)
                            if (it->first.IsScalar() && scalarText(it->first) == pe.param)
                                mark = pe.at == ParamError::At::Key ? it->first.Mark()
                                                                    : it->second.Mark();
                    add(mark, field, pe.message);
                }
            }
            out->append(spec);
            marks.append(labelMark);
            paths.append(path);
        }
        // Labels tell operations apart in every table and chart: each once.
        const QStringList labels = operationLabels(*out);
        for (int i = 0; i < labels.size(); ++i) {
            const int first = int(labels.indexOf(labels.at(i)));
            if (first == i)
                continue;
            if (out->at(i).name.isEmpty() && !out->at(first).name.isEmpty()) {
                // The explicit name came first and took the default label of a later
                // operation: the name written is what to change, so report it there.
                add(marks.at(first), paths.at(first) + QStringLiteral(".name"),
                    QStringLiteral("name \"%1\" is the default label of %2 (its type); give "
                                   "this operation another name, or name %2")
                        .arg(labels.at(i), paths.at(i)));
            } else {
                add(marks.at(i), paths.at(i) + QStringLiteral(".name"),
                    QStringLiteral("label \"%1\" is already the label of %2; give each "
                                   "operation its own name")
                        .arg(labels.at(i), paths.at(first)));
            }
        }
    }

    static QString knownTypes(const OperationRegistry &registry)
    {
        const QStringList names = registry.names();
        return names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "));
    }

    void parseRoot(const YAML::Node &root, Profile *p)
    {
        scanKeys(root, QString());
        QMap<QString, YAML::Node> keys;
        if (!checkMap(root, QString(), profileKeys(), &keys))
            return;
        if (!keys.contains(QStringLiteral("name")))
            add(root.Mark(), QStringLiteral("name"), QStringLiteral("required"));
        else if (const auto s = text(root["name"], QStringLiteral("name"), true))
            p->name = s->trimmed();
        if (keys.contains(QStringLiteral("description")))
            if (const auto s = text(root["description"], QStringLiteral("description"), false))
                p->description = *s;
        if (keys.contains(QStringLiteral("target")))
            parseTarget(root["target"], &p->target);
        if (keys.contains(QStringLiteral("transport"))) {
            const YAML::Node v = root["transport"];
            if (const auto s = text(v, QStringLiteral("transport"), true)) {
                const QStringList kinds = transportKinds();
                if (!kinds.contains(*s))
                    add(v.Mark(), QStringLiteral("transport"),
                        QStringLiteral("unknown transport \"%1\" (known: %2)")
                            .arg(*s, kinds.join(QStringLiteral(", "))));
                else
                    p->transport = *s;
            }
        }
        if (!keys.contains(QStringLiteral("ramp")))
            add(root.Mark(), QStringLiteral("ramp"),
                QStringLiteral("required: a block with stages such as "
                               "stages: [ { vus: 1, duration: 10s } ]"));
        else
            parseRampBlock(*this, root["ramp"], LoadModelRegistry::builtin(), &p->ramp);
        if (keys.contains(QStringLiteral("repeat")))
            if (const auto n = wholeNumber(root["repeat"], QStringLiteral("repeat"), 1, kMaxRepeat))
                p->repeat = int(*n);
        if (!keys.contains(QStringLiteral("operations")))
            add(root.Mark(), QStringLiteral("operations"),
                QStringLiteral("required: a list of operations such as - type: kv2_read"));
        else
            parseOperations(root["operations"], &p->operations);
        // Capacity-analysis blocks (core/profile/analysisspecparser.h).
        if (keys.contains(QStringLiteral("slo")))
            parseSloBlock(*this, root["slo"], &p->slo);
        if (keys.contains(QStringLiteral("analysis")))
            parseAnalysisBlock(*this, root["analysis"], &p->analysis);
        if (keys.contains(QStringLiteral("abort")))
            parseAbortBlock(*this, root["abort"], &p->abort);
        // Per-VU credentials (core/profile/authspecparser.h).
        if (keys.contains(QStringLiteral("auth")))
            parseAuthBlock(*this, root["auth"], &p->auth);
    }
};

} // namespace

QStringList profileKeys()
{
    return {
        QStringLiteral("name"),      QStringLiteral("description"), QStringLiteral("target"),
        QStringLiteral("transport"), QStringLiteral("ramp"),        QStringLiteral("operations"),
        QStringLiteral("slo"),       QStringLiteral("analysis"),    QStringLiteral("abort"),
        QStringLiteral("auth"),      QStringLiteral("repeat")};
}

QStringList targetKeys()
{
    return {QStringLiteral("address"),         QStringLiteral("addresses"),
            QStringLiteral("spread"),          QStringLiteral("namespace"),
            QStringLiteral("ca_file"),         QStringLiteral("ca_path"),
            QStringLiteral("client_cert"),     QStringLiteral("client_key"),
            QStringLiteral("tls_skip_verify"), QStringLiteral("request_timeout")};
}

QStringList targetSpreads()
{
    return {QStringLiteral("none"), QStringLiteral("round_robin")};
}

QStringList operationKeys()
{
    return {QStringLiteral("type"), QStringLiteral("name"), QStringLiteral("weight"),
            QStringLiteral("params")};
}

ProfileParseResult parseProfile(const QByteArray &yaml)
{
    ProfileParseResult result;
    Parser parser;
    Profile profile;
    profile.sourceYaml = yaml;
    try {
        const std::string text = yaml.toStdString();
        YamlStreamProblem problem;
        if (!checkYamlStream(text, &problem)) {
            YAML::Mark at = YAML::Mark::null_mark();
            at.line = problem.line - 1;
            at.column = problem.column - 1;
            parser.add(at, QString(), problem.message);
        } else if (const YAML::Node root = YAML::Load(text); root.IsNull()) {
            parser.add(YAML::Mark::null_mark(), QString(), QStringLiteral("the profile is empty"));
        } else if (yamlWithinBounds(root)) {
            parser.parseRoot(root, &profile);
        } else {
            parser.add(root.Mark(), QString(),
                       QStringLiteral("the profile nests too deeply or its aliases refer to "
                                      "themselves or expand too far (limits: 64 levels, "
                                      "100000 nodes)"));
        }
    } catch (const YAML::Exception &e) {
        // yaml-cpp marks where it noticed the error; an unclosed bracket or quote is reported
        // where it was opened (core/profile/yamlopeners.h), with yaml-cpp's words after it.
        const QString noticed = QString::fromStdString(e.msg);
        const YamlOpener open =
            findUnclosedOpener(yaml.toStdString(), e.mark.line >= 0 ? e.mark.line + 1 : 0);
        if (open.found() && !e.mark.is_null()) {
            YAML::Mark at = YAML::Mark::null_mark();
            at.line = open.line - 1;
            at.column = open.column - 1;
            parser.add(at, QString(),
                       QStringLiteral("YAML syntax error: %1 (noticed at line %2, column %3: %4)")
                           .arg(open.message())
                           .arg(e.mark.line + 1)
                           .arg(e.mark.column + 1)
                           .arg(noticed));
        } else {
            parser.add(e.mark, QString(),
                       QStringLiteral("YAML syntax error: %1")
                           .arg(friendlyYamlSyntaxMessage(yaml.toStdString(), e.mark.line + 1,
                                                          e.mark.column + 1, noticed)));
        }
    }
    result.errors = parser.errors;
    if (result.errors.isEmpty())
        result.profile = profile;
    return result;
}

ProfileParseResult loadProfileFile(const QString &path)
{
    ProfileParseResult result;
    QString why;
    const std::optional<QByteArray> bytes = readBoundedFile(path, kMaxProfileBytes, &why);
    if (!bytes) {
        result.errors.append(
            {0, 0, QString(), QStringLiteral("cannot read %1: %2").arg(path, why)});
        return result;
    }
    return parseProfile(*bytes);
}

} // namespace vw
