// Study YAML schema (source for docs/profile-format.md, "Studies"):
//
//   name: transit-abc                     # required, non-empty text
//   description: ...                      # optional text
//   dimensions: [key type, path]          # optional list of distinct names
//   profiles:                             # required, non-empty list; each a path relative
//     - transit-sign-rsa2048-30kb.yaml    # to this file, or a map:
//     - file: transit-sign-ecdsa-p256-30kb.yaml
//       labels: { key type: ECDSA-P256 }  # dimension -> value
//   targets:                              # required, non-empty list
//     - { name: leader, addr: leader, labels: { path: "A: leader" } }
//   duration_scale: 1                     # optional, 0 < x <= 1
//   target_up: { kind: cluster, nodes: 3, lb: nginx, lb_route: active }   # optional
//   repeat: 3                             # optional whole number 1..100: runs per cell
//   order: interleaved                    # optional: interleaved (default) or randomized
//   seed: 42                              # optional, randomized order only
#include "study/studyparser.h"

#include "localtarget/localtargetconfig.h"
#include "profile/profileparser.h"
#include "profile/yamlbounds.h"
#include "profile/yamlfieldreader.h"
#include "util/boundedfile.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>
#include <limits>
#include <yaml-cpp/yaml.h>

namespace vw {

QStringList StudyTargetUp::upArguments() const
{
    QStringList a{QStringLiteral("target"), QStringLiteral("up"), kind};
    if (nodes > 0)
        a << QStringLiteral("--nodes") << QString::number(nodes);
    if (!lb.isEmpty())
        a << QStringLiteral("--lb") << lb;
    if (!lbRoute.isEmpty())
        a << QStringLiteral("--lb-route") << lbRoute;
    if (!services.isEmpty())
        a << QStringLiteral("--with") << services.join(QLatin1Char(','));
    return a;
}

namespace {

class StudyParser : public YamlFieldReader {
public:
    QString baseDir;
    /// Targets whose addr names a local target node ("leader", "lb"): checked against
    /// target_up's nodes once both are read.
    struct LocalAddrUse {
        YAML::Mark mark;
        QString field;
        QString name;
    };
    QList<LocalAddrUse> localAddrUses;
    struct LabelUse {
        YAML::Mark mark;
        QString field;
        QString key;
    };
    QList<LabelUse> labelUses; // where each label key is, checked against dimensions last

    void parseLabels(const YAML::Node &n, const QString &path, QMap<QString, QString> *out)
    {
        if (!n.IsMap()) {
            add(n.Mark(), path,
                QStringLiteral("must be a map of dimension: value, e.g. "
                               "{ key type: RSA-2048 }"));
            return;
        }
        for (auto it = n.begin(); it != n.end(); ++it) {
            const QString key = scalarText(it->first).trimmed();
            const QString field = joinPath(path, key);
            if (key.isEmpty()) {
                add(it->first.Mark(), path, QStringLiteral("a dimension name must not be empty"));
                continue;
            }
            if (const auto v = text(it->second, field, true)) {
                out->insert(key, v->trimmed());
                labelUses.append({it->first.Mark(), field, key});
            }
        }
    }

    void parseProfiles(const YAML::Node &list, QList<StudyProfile> *out)
    {
        const QString listPath = QStringLiteral("profiles");
        if (!list.IsSequence() || list.size() == 0) {
            add(list.Mark(), listPath,
                QStringLiteral("must be a non-empty list of profile files (relative to the "
                               "study file)"));
            return;
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YAML::Node e = list[i];
            const QString path = indexPath(listPath, int(i));
            StudyProfile p;
            YAML::Node fileNode = e;
            QString filePath = path;
            if (e.IsMap()) {
                QMap<QString, YAML::Node> keys;
                if (!checkMap(e, path, {QStringLiteral("file"), QStringLiteral("labels")}, &keys))
                    continue;
                if (!keys.contains(QStringLiteral("file"))) {
                    add(e.Mark(), path + QStringLiteral(".file"), QStringLiteral("required"));
                    continue;
                }
                fileNode.reset(e["file"]); // operator= would assign into e
                filePath = path + QStringLiteral(".file");
                if (keys.contains(QStringLiteral("labels")))
                    parseLabels(e["labels"], path + QStringLiteral(".labels"), &p.labels);
            } else if (!e.IsScalar()) {
                add(e.Mark(), path,
                    QStringLiteral("must be a profile path or a map with file and labels"));
                continue;
            }
            const auto f = text(fileNode, filePath, true);
            if (!f)
                continue;
            p.path = f->trimmed();
            p.resolvedPath = QDir::cleanPath(QDir(baseDir).absoluteFilePath(p.path));
            out->append(p);
        }
    }

    void parseTargets(const YAML::Node &list, QList<StudyTarget> *out)
    {
        static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z0-9_.-]+$"));
        static const QRegularExpression localRe(QStringLiteral("^[a-z][a-z0-9-]*$"));
        const QString listPath = QStringLiteral("targets");
        if (!list.IsSequence() || list.size() == 0) {
            add(list.Mark(), listPath,
                QStringLiteral("must be a non-empty list such as "
                               "- { name: leader, addr: http://127.0.0.1:8200 }"));
            return;
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YAML::Node e = list[i];
            const QString path = indexPath(listPath, int(i));
            QMap<QString, YAML::Node> keys;
            if (!checkMap(
                    e, path,
                    {QStringLiteral("name"), QStringLiteral("addr"), QStringLiteral("labels")},
                    &keys))
                continue;
            StudyTarget t;
            bool ok = true;
            if (!keys.contains(QStringLiteral("name"))) {
                add(e.Mark(), path + QStringLiteral(".name"), QStringLiteral("required"));
                ok = false;
            } else if (const auto s = text(e["name"], path + QStringLiteral(".name"), true)) {
                t.name = s->trimmed();
                if (!nameRe.match(t.name).hasMatch()) {
                    add(e["name"].Mark(), path + QStringLiteral(".name"),
                        QStringLiteral("must be letters, digits, '_', '.' or '-' (it names the "
                                       "session files)"));
                    ok = false;
                }
                for (const StudyTarget &o : *out)
                    if (o.name == t.name) {
                        add(e["name"].Mark(), path + QStringLiteral(".name"),
                            QStringLiteral("\"%1\" names another target too").arg(t.name));
                        ok = false;
                    }
            } else {
                ok = false;
            }
            if (!keys.contains(QStringLiteral("addr"))) {
                add(e.Mark(), path + QStringLiteral(".addr"),
                    QStringLiteral("required: a URL such as http://127.0.0.1:8200 or a local "
                                   "target name such as leader"));
                ok = false;
            } else if (const auto s = text(e["addr"], path + QStringLiteral(".addr"), true)) {
                t.addr = s->trimmed();
                const QUrl url(t.addr, QUrl::StrictMode);
                const bool isUrl = url.isValid() && !url.host().isEmpty()
                                   && (url.scheme() == QLatin1String("http")
                                       || url.scheme() == QLatin1String("https"));
                if (!isUrl && localRe.match(t.addr).hasMatch())
                    localAddrUses.append(
                        {e["addr"].Mark(), path + QStringLiteral(".addr"), t.addr});
                if (!isUrl && !localRe.match(t.addr).hasMatch()) {
                    add(e["addr"].Mark(), path + QStringLiteral(".addr"),
                        QStringLiteral("\"%1\" is neither an http(s):// URL nor a local target "
                                       "name such as leader, standby-1, lb or dev")
                            .arg(t.addr));
                    ok = false;
                }
            } else {
                ok = false;
            }
            if (keys.contains(QStringLiteral("labels")))
                parseLabels(e["labels"], path + QStringLiteral(".labels"), &t.labels);
            if (ok)
                out->append(t);
        }
    }

    void parseTargetUp(const YAML::Node &n, std::optional<StudyTargetUp> *out)
    {
        QMap<QString, YAML::Node> keys;
        if (!checkMap(n, QStringLiteral("target_up"),
                      {QStringLiteral("kind"), QStringLiteral("nodes"), QStringLiteral("lb"),
                       QStringLiteral("lb_route"), QStringLiteral("with")},
                      &keys))
            return;
        StudyTargetUp up;
        bool ok = true;
        const QStringList kinds{QStringLiteral("dev"), QStringLiteral("raft"),
                                QStringLiteral("cluster")};
        if (!keys.contains(QStringLiteral("kind"))) {
            add(n.Mark(), QStringLiteral("target_up.kind"),
                QStringLiteral("required: dev, raft or cluster"));
            ok = false;
        } else if (const auto s = text(n["kind"], QStringLiteral("target_up.kind"), true)) {
            up.kind = *s;
            if (!kinds.contains(up.kind)) {
                add(n["kind"].Mark(), QStringLiteral("target_up.kind"),
                    QStringLiteral("unknown kind \"%1\" (dev, raft or cluster)").arg(up.kind));
                ok = false;
            }
        } else {
            ok = false;
        }
        if (keys.contains(QStringLiteral("nodes"))) {
            if (const auto v = wholeNumber(n["nodes"], QStringLiteral("target_up.nodes"), 1, 9)) {
                up.nodes = int(*v);
                if (ok && up.kind != QLatin1String("cluster")) {
                    add(n["nodes"].Mark(), QStringLiteral("target_up.nodes"),
                        QStringLiteral("only a cluster has nodes"));
                    ok = false;
                }
            } else {
                ok = false;
            }
        }
        if (keys.contains(QStringLiteral("lb"))) {
            if (const auto s = text(n["lb"], QStringLiteral("target_up.lb"), true)) {
                up.lb = *s;
                if (up.lb != QLatin1String("nginx") && up.lb != QLatin1String("haproxy")) {
                    add(n["lb"].Mark(), QStringLiteral("target_up.lb"),
                        QStringLiteral("unknown load balancer \"%1\" (nginx or haproxy)")
                            .arg(up.lb));
                    ok = false;
                }
            } else {
                ok = false;
            }
        }
        if (keys.contains(QStringLiteral("lb_route"))) {
            if (const auto s = text(n["lb_route"], QStringLiteral("target_up.lb_route"), true))
                up.lbRoute = *s; // checked by LocalTargetOptions::problem() below
            else
                ok = false;
        }
        if (keys.contains(QStringLiteral("with"))) {
            if (const auto s = text(n["with"], QStringLiteral("target_up.with"), true)) {
                for (const QString &service : s->split(QLatin1Char(','), Qt::SkipEmptyParts))
                    up.services << service.trimmed();
            } else {
                ok = false;
            }
        }
        if (ok) {
            // The rules of `target up` itself (a cluster has 2..9 nodes, ...): one source.
            const QString problem = localTargetOptions(up).problem();
            if (!problem.isEmpty()) {
                add(keys.contains(QStringLiteral("nodes")) ? n["nodes"].Mark() : n.Mark(),
                    QStringLiteral("target_up"), problem);
                ok = false;
            }
        }
        if (ok)
            *out = up;
    }

    static LocalTargetOptions localTargetOptions(const StudyTargetUp &up)
    {
        LocalTargetOptions o;
        o.topology = up.kind;
        if (up.nodes > 0)
            o.nodes = up.nodes;
        o.loadBalancer = up.lb;
        o.lbRoute = up.lbRoute;
        o.services = up.services;
        return o;
    }

    void parseRoot(const YAML::Node &root, StudySpec *s)
    {
        scanKeys(root, QString());
        QMap<QString, YAML::Node> keys;
        if (!checkMap(root, QString(),
                      {QStringLiteral("name"), QStringLiteral("description"),
                       QStringLiteral("dimensions"), QStringLiteral("profiles"),
                       QStringLiteral("targets"), QStringLiteral("duration_scale"),
                       QStringLiteral("target_up"), QStringLiteral("repeat"),
                       QStringLiteral("order"), QStringLiteral("seed")},
                      &keys))
            return;
        if (!keys.contains(QStringLiteral("name")))
            add(root.Mark(), QStringLiteral("name"), QStringLiteral("required"));
        else if (const auto v = text(root["name"], QStringLiteral("name"), true))
            s->name = v->trimmed();
        if (keys.contains(QStringLiteral("description")))
            if (const auto v = text(root["description"], QStringLiteral("description"), false))
                s->description = v->trimmed();
        if (keys.contains(QStringLiteral("dimensions"))) {
            const YAML::Node d = root["dimensions"];
            if (!d.IsSequence()) {
                add(d.Mark(), QStringLiteral("dimensions"),
                    QStringLiteral("must be a list of names such as [key type, path]"));
            } else {
                for (std::size_t i = 0; i < d.size(); ++i) {
                    const QString field = indexPath(QStringLiteral("dimensions"), int(i));
                    if (const auto v = text(d[i], field, true)) {
                        if (s->dimensions.contains(v->trimmed()))
                            add(d[i].Mark(), field,
                                QStringLiteral("\"%1\" is named twice").arg(v->trimmed()));
                        else
                            s->dimensions << v->trimmed();
                    }
                }
            }
        }
        if (!keys.contains(QStringLiteral("profiles")))
            add(root.Mark(), QStringLiteral("profiles"),
                QStringLiteral("required: a list of profile files"));
        else
            parseProfiles(root["profiles"], &s->profiles);
        if (!keys.contains(QStringLiteral("targets")))
            add(root.Mark(), QStringLiteral("targets"),
                QStringLiteral("required: a list such as - { name: leader, addr: leader }"));
        else
            parseTargets(root["targets"], &s->targets);
        if (keys.contains(QStringLiteral("duration_scale"))) {
            const YAML::Node v = root["duration_scale"];
            const QString t = scalarText(v);
            bool ok = false;
            const double x = t.toDouble(&ok);
            if (!v.IsScalar() || isQuoted(v) || !ok || !(x > 0) || x > 1)
                add(v.Mark(), QStringLiteral("duration_scale"),
                    QStringLiteral("must be a number > 0 and <= 1, e.g. 0.5"));
            else
                s->durationScale = x;
        }
        if (keys.contains(QStringLiteral("target_up")))
            parseTargetUp(root["target_up"], &s->targetUp);
        if (keys.contains(QStringLiteral("repeat")))
            if (const auto n = wholeNumber(root["repeat"], QStringLiteral("repeat"), 1, kMaxRepeat))
                s->repeat = int(*n);
        if (keys.contains(QStringLiteral("order")))
            if (const auto v = text(root["order"], QStringLiteral("order"), true)) {
                if (*v != QLatin1String("interleaved") && *v != QLatin1String("randomized"))
                    add(root["order"].Mark(), QStringLiteral("order"),
                        QStringLiteral("must be interleaved or randomized"));
                else
                    s->order = *v;
            }
        if (keys.contains(QStringLiteral("seed"))) {
            if (const auto n = wholeNumber(root["seed"], QStringLiteral("seed"), 0,
                                           std::numeric_limits<qint64>::max()))
                s->seed = quint64(*n);
            if (s->order != QLatin1String("randomized"))
                add(root["seed"].Mark(), QStringLiteral("seed"),
                    QStringLiteral("applies to order: randomized only"));
        }
        // A target naming a node of the local target the study starts must be one of its
        // nodes (without target_up, whatever `target up` is running is asked at run time).
        if (s->targetUp) {
            const QStringList names = localTargetOptions(*s->targetUp).nodeNames();
            for (const LocalAddrUse &use : std::as_const(localAddrUses))
                if (!names.contains(use.name))
                    add(use.mark, use.field,
                        QStringLiteral("\"%1\" is not a node of target_up (%2 has %3)")
                            .arg(use.name, s->targetUp->kind, names.join(QStringLiteral(", "))));
        }
        // Every label names a dimension; no dimensions: profile and target by name.
        if (s->dimensions.isEmpty()) {
            for (const LabelUse &use : labelUses)
                add(use.mark, use.field,
                    QStringLiteral("labels need a dimensions: list naming them"));
        } else {
            for (const LabelUse &use : labelUses)
                if (!s->dimensions.contains(use.key))
                    add(use.mark, use.field,
                        QStringLiteral("\"%1\" is not in dimensions (%2)")
                            .arg(use.key, s->dimensions.join(QStringLiteral(", "))));
        }
    }
};

} // namespace

StudyParseResult parseStudy(const QByteArray &yaml, const QString &studyPath)
{
    StudyParseResult result;
    StudyParser parser;
    const QFileInfo info(studyPath);
    parser.baseDir = info.absolutePath();
    StudySpec study;
    study.path = info.absoluteFilePath();
    try {
        const std::string text = yaml.toStdString();
        YamlStreamProblem problem;
        if (!checkYamlStream(text, &problem)) {
            YAML::Mark at = YAML::Mark::null_mark();
            at.line = problem.line - 1;
            at.column = problem.column - 1;
            parser.add(at, QString(), problem.message);
        } else if (const YAML::Node root = YAML::Load(text); root.IsNull()) {
            parser.add(YAML::Mark::null_mark(), QString(), QStringLiteral("the study is empty"));
        } else if (yamlWithinBounds(root)) {
            parser.parseRoot(root, &study);
        } else {
            parser.add(root.Mark(), QString(),
                       QStringLiteral("the study nests too deeply or its aliases expand too far"));
        }
    } catch (const YAML::Exception &e) {
        parser.add(e.mark, QString(),
                   QStringLiteral("YAML syntax error: %1").arg(QString::fromStdString(e.msg)));
    }
    result.errors = parser.errors;
    if (result.errors.isEmpty())
        result.study = study;
    return result;
}

StudyParseResult loadStudyFile(const QString &path)
{
    StudyParseResult result;
    QString why;
    const std::optional<QByteArray> bytes = readBoundedFile(path, kMaxProfileBytes, &why);
    if (!bytes) {
        result.errors.append(
            {0, 0, QString(), QStringLiteral("cannot read %1: %2").arg(path, why)});
        return result;
    }
    return parseStudy(*bytes, path);
}

} // namespace vw
