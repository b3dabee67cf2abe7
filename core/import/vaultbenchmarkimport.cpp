#include "import/vaultbenchmarkimport.h"

#include "import/vaultbenchmarkmapping.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/loadmodels/closedmodel.h"
#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/operationlabels.h"
#include "profile/profileparser.h"
#include "util/duration.h"

#include <QRegularExpression>
#include <QUrl>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <string>

namespace vw {

namespace {

const char kCleanupNote[] =
    "cleanup and random_mounts are not needed: the workbench always puts what a run creates "
    "under a random run prefix and removes it after the run (also after a stop or failure)";

/// A param value: numbers and booleans plain, text double-quoted.
void emitValue(YAML::Emitter &out, const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        out << v.toBool();
        break;
    case QMetaType::Int:
    case QMetaType::LongLong:
        out << v.toLongLong();
        break;
    case QMetaType::Double:
        out << v.toDouble();
        break;
    default:
        out << YAML::DoubleQuoted << v.toString().toStdString();
    }
}

std::string utf8(const QString &s)
{
    return s.toStdString();
}

/// A whole number, or a string of digits such as "256": vault-benchmark's HCL decoder
/// (gohcl) converts a string to the number field it fills.
std::optional<qint64> wholeNumber(const HclValue &v)
{
    if (v.isWholeNumber())
        return qint64(v.number);
    static const QRegularExpression digits(QStringLiteral("^-?[0-9]{1,15}$"));
    if (v.kind == HclValue::Kind::String && digits.match(v.text).hasMatch())
        return v.text.toLongLong();
    return std::nullopt;
}

/// A bool, or the string "true" or "false" (gohcl converts them too).
std::optional<bool> booleanOf(const HclValue &v)
{
    if (v.kind == HclValue::Kind::Bool)
        return v.boolean;
    if (v.kind == HclValue::Kind::String && v.text == QLatin1String("true"))
        return true;
    if (v.kind == HclValue::Kind::String && v.text == QLatin1String("false"))
        return false;
    return std::nullopt;
}

/// "a", "a and b", "a, b and c".
QString joinedList(const QStringList &items)
{
    if (items.size() <= 1)
        return items.join(QString());
    return QStringList(items.mid(0, items.size() - 1)).join(QStringLiteral(", "))
           + QStringLiteral(" and ") + items.last();
}

/// One flattened config attribute: "role.token_ttl" and the attribute.
struct ConfigItem {
    QString path;
    const HclAttribute *attr = nullptr;
};

class Importer {
public:
    VbImportResult r;
    QList<QPair<QString, qint64>> weights; // every test's name and weight, as read
    bool weightMissing = false; // a test whose weight was not read

    void error(HclPos at, const QString &message)
    {
        r.errors.append({at.line, at.column, message});
    }
    void note(const QString &text)
    {
        if (!r.notes.contains(text))
            r.notes.append(text);
    }

    std::optional<QString> stringValue(const HclAttribute &a)
    {
        if (a.value.kind != HclValue::Kind::String) {
            error(a.value.pos, QStringLiteral("%1 must be a quoted string, not a %2")
                                   .arg(a.name, a.value.kindName()));
            return std::nullopt;
        }
        return a.value.text;
    }

    std::optional<qint64> wholeValue(const HclAttribute &a, qint64 min, qint64 max)
    {
        const std::optional<qint64> v = wholeNumber(a.value);
        if (!v || *v < min || *v > max) {
            error(a.value.pos, QStringLiteral("%1 must be a whole number from %2 to %3")
                                   .arg(a.name)
                                   .arg(min)
                                   .arg(max));
            return std::nullopt;
        }
        return *v;
    }

    std::optional<bool> boolValue(const HclAttribute &a)
    {
        const std::optional<bool> b = booleanOf(a.value);
        if (!b)
            error(a.value.pos, QStringLiteral("%1 must be true or false").arg(a.name));
        return b;
    }

    /// Every attribute under `body`, with dotted paths; blocks with labels are errors.
    void flatten(const HclBody &body, const QString &prefix, QList<ConfigItem> *out)
    {
        for (const HclAttribute &a : body.attributes)
            out->append({prefix + a.name, &a});
        QStringList seen;
        for (const HclBlock &b : body.blocks) {
            if (!b.labels.isEmpty())
                error(
                    b.labelPos.first(),
                    QStringLiteral("block \"%1\" in config takes no labels").arg(prefix + b.type));
            if (seen.contains(b.type))
                error(b.pos,
                      QStringLiteral("block \"%1\" appears twice in config").arg(prefix + b.type));
            seen.append(b.type);
            flatten(b.body, prefix + b.type + QLatin1Char('.'), out);
        }
    }

    /// A config value as the param `field` wants it; nullopt after an error.
    std::optional<QVariant> convert(const VbField &field, const HclAttribute &a,
                                    const QList<ConfigItem> &siblings, const QString &path)
    {
        const HclValue &v = a.value;
        switch (field.convert) {
        case VbConvert::Copy:
            if (v.kind == HclValue::Kind::Bool)
                return QVariant(v.boolean);
            if (v.kind == HclValue::Kind::String)
                return QVariant(v.text);
            if (v.isWholeNumber())
                return QVariant(qint64(v.number));
            if (v.kind == HclValue::Kind::Number)
                return QVariant(v.number);
            break;
        case VbConvert::Integer:
            if (const auto n = wholeNumber(v))
                return QVariant(*n);
            error(v.pos,
                  QStringLiteral("%1 must be a whole number (or a string of digits)").arg(path));
            return std::nullopt;
        case VbConvert::Boolean:
            if (const auto b = booleanOf(v))
                return QVariant(*b);
            error(v.pos, QStringLiteral("%1 must be true or false").arg(path));
            return std::nullopt;
        case VbConvert::Duration:
            // Vault reads a bare number (or digits in a string) as seconds
            if (v.isWholeNumber() && v.number >= 0)
                return QVariant(QStringLiteral("%1s").arg(qint64(v.number)));
            if (v.kind == HclValue::Kind::String) {
                static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
                if (digits.match(v.text).hasMatch())
                    return QVariant(v.text + QLatin1Char('s'));
                if (!parseDurationMs(v.text)) {
                    error(v.pos, QStringLiteral("%1: \"%2\" is not a duration such as \"2m\"")
                                     .arg(path, v.text));
                    return std::nullopt;
                }
                return QVariant(v.text);
            }
            break;
        case VbConvert::KeyType: {
            if (v.kind != HclValue::Kind::String)
                break;
            const auto it = field.values.constFind(v.text);
            if (it == field.values.constEnd()) {
                error(v.pos,
                      QStringLiteral("%1: key type \"%2\" has no workbench equivalent "
                                     "(known: %3)")
                          .arg(path, v.text, field.values.keys().join(QStringLiteral(", "))));
                return std::nullopt;
            }
            int bits = it->defaultBits;
            const QString bitsPath =
                path.left(path.lastIndexOf(QLatin1Char('.')) + 1) + QStringLiteral("key_bits");
            for (const ConfigItem &s : siblings)
                if (s.path == bitsPath) {
                    const std::optional<qint64> n = wholeNumber(s.attr->value);
                    if (!n || *n < 0 || *n > 65536) {
                        error(s.attr->value.pos,
                              QStringLiteral("%1 must be a whole number of bits").arg(bitsPath));
                        return std::nullopt;
                    }
                    if (*n > 0)
                        bits = int(*n);
                }
            return QVariant(it->pattern.contains(QLatin1String("%1")) ? it->pattern.arg(bits)
                                                                      : it->pattern);
        }
        }
        error(v.pos, QStringLiteral("%1: a %2 cannot be imported here").arg(path, v.kindName()));
        return std::nullopt;
    }

    struct Operation {
        QString type;
        QString name;
        qint64 weight = 0;
        QList<QPair<QString, QVariant>> params;
        QStringList vbDefaulted; // params written with vault-benchmark's default
    };

    std::optional<Operation> test(const HclBlock &b)
    {
        if (b.labels.size() != 2) {
            error(b.pos, QStringLiteral("a test block needs two labels: test \"<type>\" "
                                        "\"<name>\" { ... } (found %1)")
                             .arg(b.labels.size()));
            weightMissing = true; // its weight is not read: no sum to check
            return std::nullopt;
        }
        const QString vbType = b.labels.at(0);
        Operation op;
        op.name = b.labels.at(1);
        const VbTestMapping *m = findVaultBenchmarkMapping(vbType);
        bool ok = true;
        if (!m) {
            QStringList known;
            for (const VbTestMapping &k : vaultBenchmarkMappings())
                if (!known.contains(k.vbType))
                    known.append(k.vbType);
            error(b.labelPos.at(0), QStringLiteral("test type \"%1\" cannot be imported (known: "
                                                   "%2)")
                                        .arg(vbType, known.join(QStringLiteral(", "))));
            ok = false;
        }
        const QString nameProblem = operationNameProblem(op.name);
        if (!nameProblem.isEmpty()) {
            error(b.labelPos.at(1),
                  QStringLiteral("test name \"%1\" becomes the operation's label, which %2")
                      .arg(op.name, nameProblem));
            ok = false;
        }
        const QString what = QStringLiteral("test \"%1\"").arg(op.name);
        for (const HclAttribute &a : b.body.attributes) {
            if (a.name == QLatin1String("weight")) {
                if (const auto w = wholeValue(a, 0, 100)) {
                    op.weight = *w;
                    weights.append({op.name, *w});
                } else {
                    ok = false;
                    weightMissing = true;
                }
            } else if (a.name == QLatin1String("mount_name")) {
                note(QStringLiteral("%1: mount_name is not used: %2")
                         .arg(what, QStringLiteral(
                                        "the workbench names its mounts under the run prefix")));
            } else {
                error(a.pos, QStringLiteral("%1: unknown attribute \"%2\" (known: weight, "
                                            "mount_name, and a config block)")
                                 .arg(what, a.name));
                ok = false;
            }
        }
        if (!b.body.attribute(QStringLiteral("weight"))) {
            weightMissing = true;
            error(b.pos, QStringLiteral("%1: weight is required (a percentage; all tests' "
                                        "weights add up to 100)")
                             .arg(what));
            ok = false;
        }
        QList<ConfigItem> items;
        int configs = 0;
        for (const HclBlock &c : b.body.blocks) {
            if (c.type != QLatin1String("config")) {
                error(c.pos,
                      QStringLiteral("%1: unknown block \"%2\" (known: config)").arg(what, c.type));
                ok = false;
                continue;
            }
            if (++configs > 1) {
                error(c.pos, QStringLiteral("%1: config appears twice").arg(what));
                ok = false;
                continue;
            }
            if (!c.labels.isEmpty()) {
                error(c.labelPos.first(), QStringLiteral("%1: config takes no labels").arg(what));
                ok = false;
            }
            const int before = int(r.errors.size());
            flatten(c.body, QString(), &items);
            ok = ok && int(r.errors.size()) == before;
        }
        if (!m)
            return std::nullopt;
        if (!m->selectField.isEmpty()) {
            // One of several mappings of this type, picked by a config field (`workload`).
            const auto at = std::find_if(items.cbegin(), items.cend(), [&](const ConfigItem &i) {
                return i.path == m->selectField;
            });
            const QString value = at == items.cend() ? QString() : at->attr->value.text;
            const VbTestMapping *picked = findVaultBenchmarkMapping(vbType, value);
            if (!picked) {
                QStringList known;
                for (const VbTestMapping &k : vaultBenchmarkMappings())
                    if (k.vbType == vbType)
                        known += k.selectValues;
                error(at == items.cend() ? b.pos : at->attr->pos,
                      QStringLiteral("%1 (%2): %3 \"%4\" cannot be imported "
                                     "(known: %5)")
                          .arg(what, vbType, m->selectField, value,
                               known.join(QStringLiteral(", "))));
                return std::nullopt;
            }
            m = picked;
        }
        op.type = m->type;
        if (!m->note.isEmpty())
            note(QStringLiteral("%1 (%2): %3").arg(what, vbType, m->note));
        QList<QPair<QString, QStringList>> leftOut; // why -> the fields, in text order
        for (const ConfigItem &item : items) {
            const auto field = std::find_if(m->fields.cbegin(), m->fields.cend(),
                                            [&](const VbField &f) { return f.path == item.path; });
            if (field != m->fields.cend()) {
                if (const auto v = convert(*field, *item.attr, items, item.path))
                    op.params.append({field->param, *v});
                else
                    ok = false;
                continue;
            }
            const auto dropped =
                std::find_if(m->dropped.cbegin(), m->dropped.cend(),
                             [&](const VbDropped &d) { return d.path == item.path; });
            if (dropped != m->dropped.cend()) {
                auto group = std::find_if(leftOut.begin(), leftOut.end(),
                                          [&](const auto &g) { return g.first == dropped->why; });
                if (group == leftOut.end())
                    leftOut.append({dropped->why, {item.path}});
                else
                    group->second.append(item.path);
                continue;
            }
            // the known fields of the same block ("role." ...), or of the top level
            const QString block = item.path.left(item.path.lastIndexOf(QLatin1Char('.')) + 1);
            const auto inBlock = [&](const QString &path) {
                return path.startsWith(block) && !path.mid(block.size()).contains(QLatin1Char('.'));
            };
            QStringList known;
            for (const VbField &f : m->fields)
                if (inBlock(f.path))
                    known.append(f.path);
            for (const VbDropped &d : m->dropped)
                if (inBlock(d.path))
                    known.append(d.path);
            error(item.attr->pos, QStringLiteral("%1 (%2): unknown config field \"%3\" (known: %4)")
                                      .arg(what, vbType, item.path,
                                           known.isEmpty() ? QStringLiteral("none")
                                                           : known.join(QStringLiteral(", "))));
            ok = false;
        }
        for (const auto &[why, paths] : std::as_const(leftOut))
            note(QStringLiteral("%1: config %2 %3 not used: %4")
                     .arg(what, joinedList(paths),
                          paths.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"), why));
        for (auto it = m->vbDefaults.cbegin(); it != m->vbDefaults.cend(); ++it) {
            const bool set = std::any_of(op.params.cbegin(), op.params.cend(),
                                         [&](const auto &p) { return p.first == it.key(); });
            if (!set) {
                op.params.append({it.key(), it.value()});
                op.vbDefaulted.append(it.key());
            }
        }
        if (!ok)
            return std::nullopt;
        return op;
    }

    /// The profile as YAML, through yaml-cpp's emitter: the notes as comments on top, then
    /// name, description, target, one stage in the load keys of the load-model registry
    /// (core/profile/loadmodels/loadmodelregistry.h) and the operations.
    QByteArray emitProfile(const QString &profileName, const QString &source,
                           const QString &address, const QString &ns, const QString &caFile,
                           qint64 workers, qint64 rps, const QString &duration,
                           const QList<Operation> &ops) const
    {
        const LoadModelRegistry &models = LoadModelRegistry::builtin();
        const LoadModelType *model =
            models.find(rps > 0 ? ArrivalRateModel::kName() : ClosedModel::kName());
        YAML::Emitter out;
        out.SetPreCommentIndent(3);
        out << YAML::Comment(utf8(QStringLiteral("Imported from the vault-benchmark config %1 "
                                                 "by `vault-workbench import-hcl`")
                                      .arg(source)))
            << YAML::Newline
            << YAML::Comment("(docs/profile-format.md, \"Importing vault-benchmark configs\").");
        for (const QString &n : std::as_const(r.notes))
            out << YAML::Newline
                << YAML::Comment(
                       utf8(QStringLiteral("note: %1")
                                .arg(QString(n).replace(QLatin1Char('\n'), QLatin1Char(' ')))));
        out << YAML::BeginMap;
        out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << utf8(profileName);
        out << YAML::Key << "description" << YAML::Value << YAML::DoubleQuoted
            << utf8(QStringLiteral("imported from vault-benchmark config %1").arg(source));
        if (!address.isEmpty() || !ns.isEmpty() || !caFile.isEmpty()) {
            out << YAML::Key << "target" << YAML::Value << YAML::BeginMap;
            if (!address.isEmpty())
                out << YAML::Key << "address" << YAML::Value << YAML::DoubleQuoted << utf8(address);
            if (!ns.isEmpty())
                out << YAML::Key << "namespace" << YAML::Value << YAML::DoubleQuoted << utf8(ns);
            if (!caFile.isEmpty())
                out << YAML::Key << "ca_file" << YAML::Value << YAML::DoubleQuoted << utf8(caFile);
            out << YAML::EndMap;
        }
        // rps > 0: an open model whose stage load is the rate, with a pool of `workers` VUs;
        // else a closed stage of `workers` VUs
        out << YAML::Key << "ramp" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "executor" << YAML::Value << utf8(model->name);
        if (!model->vuPoolKey.isEmpty())
            out << YAML::Key << utf8(model->vuPoolKey) << YAML::Value << workers;
        out << YAML::Key << "stages" << YAML::Value << YAML::BeginSeq << YAML::Flow
            << YAML::BeginMap << YAML::Key << utf8(model->stageLoadKey) << YAML::Value
            << (model->open ? rps : workers) << YAML::Key << "duration" << YAML::Value
            << utf8(duration) << YAML::EndMap << YAML::EndSeq;
        out << YAML::EndMap;
        out << YAML::Key << "operations" << YAML::Value << YAML::BeginSeq;
        for (const Operation &op : ops) {
            out << YAML::BeginMap;
            out << YAML::Key << "type" << YAML::Value << utf8(op.type);
            out << YAML::Key << "name" << YAML::Value << utf8(op.name);
            out << YAML::Key << "weight" << YAML::Value << op.weight;
            if (!op.params.isEmpty()) {
                out << YAML::Key << "params" << YAML::Value << YAML::BeginMap;
                for (const auto &p : op.params) {
                    out << YAML::Key << utf8(p.first) << YAML::Value;
                    emitValue(out, p.second);
                    if (op.vbDefaulted.contains(p.first))
                        out << YAML::Comment("vault-benchmark's default");
                }
                out << YAML::EndMap;
            }
            out << YAML::EndMap;
        }
        out << YAML::EndSeq << YAML::EndMap;
        return QByteArray(out.c_str(), qsizetype(out.size())) + '\n';
    }

    void run(const QByteArray &hcl, const QString &profileName, const QString &source)
    {
        const LoadModelRegistry &models = LoadModelRegistry::builtin();
        // workers become a closed stage's VUs or an open model's VU pool; rps a stage's rate
        const LoadBounds vus = models.find(ClosedModel::kName())->stageLoadBounds;
        const LoadBounds rate = models.find(ArrivalRateModel::kName())->stageLoadBounds;
        const HclParseResult parsed = parseHcl(hcl);
        if (!parsed.body) {
            r.errors.append(*parsed.error);
            return;
        }
        const HclBody &root = *parsed.body;
        QString address, ns, caFile, duration = QStringLiteral("10s");
        HclPos caPos;
        qint64 workers = 10, rps = 0;
        for (const HclAttribute &a : root.attributes) {
            const QString &k = a.name;
            if (k == QLatin1String("vault_token")) {
                note(QStringLiteral("vault_token (line %1) was not copied: a token never goes "
                                    "into a profile; give it as VAULT_TOKEN (or BAO_TOKEN, or "
                                    "~/.vault-token) when you run the profile")
                         .arg(a.pos.line));
            } else if (k == QLatin1String("vault_addr")) {
                if (const auto s = stringValue(a))
                    address = *s;
            } else if (k == QLatin1String("vault_namespace")) {
                if (const auto s = stringValue(a))
                    ns = *s;
            } else if (k == QLatin1String("ca_pem_file")) {
                if (const auto s = stringValue(a)) {
                    caFile = *s;
                    caPos = a.pos;
                }
            } else if (k == QLatin1String("duration")) {
                if (const auto s = stringValue(a)) {
                    const auto ms = parseDurationMs(*s);
                    if (!ms || *ms <= 0)
                        error(a.value.pos, QStringLiteral("duration \"%1\" is not a duration "
                                                          "> 0 such as \"30s\"")
                                               .arg(*s));
                    else
                        duration = *s;
                }
            } else if (k == QLatin1String("workers")) {
                if (const auto w = wholeValue(a, qint64(vus.min), qint64(vus.max)))
                    workers = *w;
            } else if (k == QLatin1String("rps")) {
                if (const auto v = wholeValue(a, 0, qint64(rate.max)))
                    rps = *v;
            } else if (k == QLatin1String("cleanup") || k == QLatin1String("random_mounts")) {
                if (boolValue(a))
                    note(QString::fromLatin1(kCleanupNote));
            } else if (k == QLatin1String("report_mode")) {
                note(QStringLiteral("report_mode is not used: `vault-workbench report SESSION "
                                    "--format vault-benchmark` prints vault-benchmark's terse "
                                    "table; json and html hold the rest"));
            } else if (k == QLatin1String("log_level") || k == QLatin1String("debug")
                       || k == QLatin1String("input_results")) {
                note(QStringLiteral("%1 is not used by the workbench").arg(k));
            } else if (k == QLatin1String("disable_http2")) {
                note(QStringLiteral("disable_http2 is not needed: the workbench's load "
                                    "transports speak HTTP/1.1, one connection per VU"));
            } else if (k == QLatin1String("audit_path") || k == QLatin1String("annotate")
                       || k == QLatin1String("pprof_interval")) {
                note(QStringLiteral("%1 is not imported: the workbench does not change the "
                                    "server's audit devices, Prometheus labels or profiling")
                         .arg(k));
            } else if (k == QLatin1String("cluster_json")) {
                error(a.pos, QStringLiteral("cluster_json cannot be imported: put the node you "
                                            "load in target.address and the cluster's other "
                                            "nodes in target.addresses"));
            } else {
                error(a.pos, QStringLiteral("unknown top-level attribute \"%1\" (known: "
                                            "vault_addr, vault_token, vault_namespace, "
                                            "ca_pem_file, duration, workers, rps, cleanup, "
                                            "random_mounts, report_mode, log_level, "
                                            "disable_http2, audit_path, annotate, "
                                            "pprof_interval, debug, input_results)")
                                 .arg(k));
            }
        }
        if (!address.isEmpty() && !caFile.isEmpty()
            && QUrl(address).scheme().toLower() == QLatin1String("http")) {
            note(QStringLiteral("ca_pem_file (line %1) is not used: vault_addr is http://")
                     .arg(caPos.line));
            caFile.clear();
        }

        QList<Operation> ops;
        HclPos firstTest;
        for (const HclBlock &b : root.blocks) {
            if (b.type != QLatin1String("test")) {
                error(b.pos, QStringLiteral("unknown block \"%1\" (known: test)").arg(b.type));
                continue;
            }
            if (firstTest.line == 0)
                firstTest = b.pos;
            const auto op = test(b);
            if (!op)
                continue;
            for (const Operation &other : std::as_const(ops))
                if (other.name == op->name)
                    error(b.labelPos.at(1), QStringLiteral("test name \"%1\" is used twice; "
                                                           "names label the operations")
                                                .arg(op->name));
            ops.append(*op);
            r.operationPos.append(b.labelPos.at(0));
        }
        if (firstTest.line == 0) {
            error({1, 1}, QStringLiteral("no test blocks: a config needs at least one "
                                         "test \"<type>\" \"<name>\" { weight = 100 }"));
        } else if (!weightMissing) {
            qint64 sum = 0;
            QStringList parts;
            for (const auto &w : std::as_const(weights)) {
                sum += w.second;
                parts.append(QStringLiteral("%1 %2").arg(w.first).arg(w.second));
            }
            if (sum != 100)
                error(firstTest, QStringLiteral("the tests' weights add up to %1, not 100 (%2)")
                                     .arg(sum)
                                     .arg(parts.join(QStringLiteral(", "))));
            for (const auto &w : std::as_const(weights))
                if (w.second == 0)
                    error(firstTest, QStringLiteral("test \"%1\" has weight 0: vault-benchmark "
                                                    "never runs it; remove it")
                                         .arg(w.first));
        }
        if (!r.errors.isEmpty()) {
            r.operationPos.clear();
            std::sort(r.errors.begin(), r.errors.end(), [](const HclError &a, const HclError &b) {
                return a.line != b.line ? a.line < b.line : a.column < b.column;
            });
            return;
        }
        if (rps > 0)
            note(QStringLiteral("rps %1 with %2 workers becomes an arrival-rate stage: starts "
                                "keep to the schedule, and a start that finds all %2 VUs busy "
                                "is dropped and counted (vault-benchmark waits for a free "
                                "worker instead and times from then)")
                     .arg(rps)
                     .arg(workers));

        r.yaml = emitProfile(profileName, source, address, ns, caFile, workers, rps, duration, ops);
    }
};

} // namespace

VbImportResult importVaultBenchmarkConfig(const QByteArray &hcl, const QString &profileName,
                                          const QString &source)
{
    Importer importer;
    importer.run(hcl, profileName, source);
    return importer.r;
}

QList<HclError> checkImportedProfile(const VbImportResult &imported)
{
    QList<HclError> out;
    if (imported.yaml.isEmpty())
        return out;
    static const QRegularExpression opField(QStringLiteral("^operations\\[(\\d+)\\]"));
    const ProfileParseResult parsed = parseProfile(imported.yaml);
    for (const ProfileError &e : parsed.errors) {
        HclPos at{1, 1};
        const QRegularExpressionMatch m = opField.match(e.field);
        if (m.hasMatch()) {
            const int i = m.captured(1).toInt();
            if (i >= 0 && i < imported.operationPos.size())
                at = imported.operationPos.at(i);
        }
        out.append(
            {at.line, at.column,
             QStringLiteral("imported profile: %1%2")
                 .arg(e.field.isEmpty() ? QString() : e.field + QStringLiteral(": "), e.message)});
    }
    return out;
}

} // namespace vw
