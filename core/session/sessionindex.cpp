#include "session/sessionindex.h"
#include "vault/targetresolver.h"

#include "util/boundedfile.h"

#include "session/session.h"
#include "session/sessionanalysis.h"
#include "session/sessionio.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

namespace {

// A value's extent in the file's bytes: [begin, end).
struct Span {
    qsizetype begin = 0;
    qsizetype end = 0;
};

// A skimmer over JSON text: finds where values begin and end without decoding them. It only
// needs to be right for valid JSON; anything it cannot follow makes it fail, and the caller
// then asks QJsonDocument for the exact error.
class Skimmer {
public:
    explicit Skimmer(const QByteArray &b)
        : m_b(b)
    {
    }

    // The members of the object at `s`: key -> value extent (keys without escapes only;
    // session keys have none).
    std::optional<QHash<QByteArray, Span>> members(Span s) const
    {
        QHash<QByteArray, Span> out;
        qsizetype i = ws(s.begin);
        if (i >= s.end || m_b.at(i) != '{')
            return std::nullopt;
        i = ws(i + 1);
        if (i < s.end && m_b.at(i) == '}')
            return out;
        while (i < s.end) {
            if (m_b.at(i) != '"')
                return std::nullopt;
            const qsizetype keyEnd = skipString(i);
            if (keyEnd < 0)
                return std::nullopt;
            const QByteArray key = m_b.mid(i + 1, keyEnd - i - 2);
            i = ws(keyEnd);
            if (i >= s.end || m_b.at(i) != ':')
                return std::nullopt;
            i = ws(i + 1);
            const qsizetype valueEnd = skipValue(i);
            if (valueEnd < 0 || valueEnd > s.end)
                return std::nullopt;
            out.insert(key, Span{i, valueEnd});
            i = ws(valueEnd);
            if (i < s.end && m_b.at(i) == ',') {
                i = ws(i + 1);
                continue;
            }
            return (i < s.end && m_b.at(i) == '}') ? std::optional(out) : std::nullopt;
        }
        return std::nullopt;
    }

    // The elements of the array at `s`.
    std::optional<QList<Span>> elements(Span s) const
    {
        QList<Span> out;
        qsizetype i = ws(s.begin);
        if (i >= s.end || m_b.at(i) != '[')
            return std::nullopt;
        i = ws(i + 1);
        if (i < s.end && m_b.at(i) == ']')
            return out;
        while (i < s.end) {
            const qsizetype e = skipValue(i);
            if (e < 0 || e > s.end)
                return std::nullopt;
            out.append(Span{i, e});
            i = ws(e);
            if (i < s.end && m_b.at(i) == ',') {
                i = ws(i + 1);
                continue;
            }
            return (i < s.end && m_b.at(i) == ']') ? std::optional(out) : std::nullopt;
        }
        return std::nullopt;
    }

    // The value at `s`, parsed by Qt (only small members are parsed this way).
    QJsonValue value(Span s) const
    {
        const QByteArray text = '[' + m_b.mid(s.begin, s.end - s.begin) + ']';
        const QJsonDocument d = QJsonDocument::fromJson(text);
        return d.isArray() && !d.array().isEmpty() ? d.array().at(0) : QJsonValue();
    }

    // The number at `s`, nullopt when it is not one (or `s` is empty).
    std::optional<double> number(Span s) const
    {
        bool ok = false;
        const double v = m_b.mid(s.begin, s.end - s.begin).toDouble(&ok);
        return ok ? std::optional<double>(v) : std::nullopt;
    }

    Span whole() const { return Span{0, m_b.size()}; }

private:
    qsizetype ws(qsizetype i) const
    {
        while (i < m_b.size()) {
            const char c = m_b.at(i);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
                break;
            ++i;
        }
        return i;
    }

    // i at the opening quote; returns the index after the closing one, -1 when unterminated.
    qsizetype skipString(qsizetype i) const
    {
        for (++i; i < m_b.size(); ++i) {
            const char c = m_b.at(i);
            if (c == '\\')
                ++i;
            else if (c == '"')
                return i + 1;
        }
        return -1;
    }

    // i at a value; returns the index after it, -1 when it does not end or is unbalanced.
    qsizetype skipValue(qsizetype i) const
    {
        if (i >= m_b.size())
            return -1;
        const char first = m_b.at(i);
        if (first == '"')
            return skipString(i);
        if (first != '{' && first != '[') { // number, true, false, null
            while (i < m_b.size()) {
                const char c = m_b.at(i);
                if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r'
                    || c == '\t')
                    break;
                ++i;
            }
            return i;
        }
        QByteArray stack(1, first == '{' ? '}' : ']');
        for (++i; i < m_b.size(); ++i) {
            const char c = m_b.at(i);
            if (c == '"') {
                i = skipString(i);
                if (i < 0)
                    return -1;
                --i;
            } else if (c == '{') {
                stack.append('}');
            } else if (c == '[') {
                stack.append(']');
            } else if (c == '}' || c == ']') {
                if (stack.isEmpty() || stack.back() != c)
                    return -1;
                stack.chop(1);
                if (stack.isEmpty())
                    return i + 1;
            }
        }
        return -1;
    }

    const QByteArray &m_b;
};

std::optional<double> optDouble(const QJsonValue &v)
{
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

std::optional<int> optInt(const QJsonValue &v)
{
    return v.isDouble() ? std::optional<int>(v.toInt()) : std::nullopt;
}

QDateTime date(const QJsonValue &v)
{
    if (!v.isString())
        return QDateTime();
    const QDateTime d = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    return d.isValid() ? d.toUTC() : d;
}

// The exact reason bytes that the skimmer could not follow are not a session.
QString parseProblem(const QByteArray &bytes)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError)
        return QStringLiteral("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset);
    if (!doc.isObject())
        return QStringLiteral("not a vault-workbench session (not a JSON object)");
    return QStringLiteral("not a vault-workbench session (unexpected layout)");
}

// Key figures from the saved analysis of the first op, and the p99 at its peak stage.
void readFigures(const Skimmer &sk, const QHash<QByteArray, Span> &top, const QList<Span> &stages,
                 SessionSummary *s)
{
    const QString op = s->ops.value(0);
    if (op.isEmpty())
        return;
    // Only the figures: the op's evidence (a record per stage) is skipped, not parsed.
    const auto analysis = sk.members(top.value("analysis"));
    if (!analysis || !analysis->contains(op.toUtf8()))
        return;
    const auto a = sk.members(analysis->value(op.toUtf8()));
    if (!a)
        return;
    s->peakThroughputPerS = optDouble(sk.value(a->value("max_throughput_per_s")));
    s->peakStage = optInt(sk.value(a->value("max_throughput_stage")));
    s->peakVus = optInt(sk.value(a->value("max_throughput_vus")));
    s->kneeVus = optInt(sk.value(a->value("knee_vus")));
    if (!s->peakStage || *s->peakStage < 0 || *s->peakStage >= stages.size())
        return;
    const auto stage = sk.members(stages.at(*s->peakStage));
    if (!stage)
        return;
    const auto ops = sk.elements(stage->value("ops"));
    if (!ops)
        return;
    for (const Span &o : *ops) {
        const auto m = sk.members(o);
        if (!m || sk.value(m->value("op")).toString() != op)
            continue;
        s->p99AtPeakMs =
            optDouble(sk.value(m->value("latency_ms")).toObject().value(QStringLiteral("p99")));
        return;
    }
}

// A session without a saved analysis (schema 1, or hand-made): read it whole and compute it.
void computeFigures(SessionSummary *s)
{
    QString error;
    const std::optional<Session> full = readSession(s->path, &error);
    if (!full) {
        s->error = error;
        return;
    }
    const SessionAnalysis analysis = sessionAnalysis(*full);
    if (analysis.ops.isEmpty())
        return;
    const OpAnalysis &a = analysis.ops.first();
    s->peakThroughputPerS = a.maxThroughput.perS;
    s->peakStage = a.maxThroughput.stage;
    s->peakVus = a.maxThroughput.vus;
    s->kneeVus = a.knee.vus;
    if (s->peakStage && *s->peakStage >= 0 && *s->peakStage < full->stages.size())
        for (const OpStats &o : full->stages.at(*s->peakStage).ops)
            if (o.op == a.op && o.latency.count() > 0)
                s->p99AtPeakMs = o.latency.valueAtPercentileUs(99) / 1000.0;
}

} // namespace

QString SessionSummary::leftoverText() const
{
    if (!leftovers.isEmpty())
        return QStringLiteral("%1 left").arg(leftovers.size());
    if (!cleanupError.isEmpty())
        return QStringLiteral("cleanup incomplete");
    if (status == QLatin1String("incomplete") && resources > 0)
        return QStringLiteral("unknown: %1 created").arg(resources);
    if (resources == 0)
        return QStringLiteral("-");
    return QStringLiteral("none");
}

SessionSummary readSessionSummary(const QString &path)
{
    SessionSummary s;
    s.path = path;
    const QFileInfo info(path);
    s.bytes = info.size();
    s.modified = info.lastModified().toUTC();
    // The limit readSession() keeps (VW_MAX_SESSION_MB), with its words when over it.
    if (const QString problem = sessionSizeProblem(path, s.bytes); !problem.isEmpty()) {
        s.error = QStringLiteral("cannot read: %1").arg(problem);
        return s;
    }
    QString why;
    const std::optional<QByteArray> bytes = readBoundedFile(path, maxSessionBytes(&why), &why);
    if (!bytes) {
        s.error = QStringLiteral("cannot read: %1").arg(why);
        return s;
    }
    const Skimmer sk(*bytes);
    const auto top = sk.members(sk.whole());
    if (!top) {
        s.error = parseProblem(*bytes);
        return s;
    }
    const QString kind = sk.value(top->value("kind")).toString();
    if (kind != QLatin1String("vault-workbench-session")) {
        s.error = kind.isEmpty()
                      ? QStringLiteral("not a vault-workbench session (no \"kind\")")
                      : QStringLiteral("not a vault-workbench session (kind \"%1\")").arg(kind);
        return s;
    }
    const QJsonValue schema = sk.value(top->value("schema"));
    if (!schema.isDouble() || schema.toInt() < 1) {
        s.error = QStringLiteral("session has no valid \"schema\" version");
        return s;
    }
    if (schema.toInt() > Session::kSchemaVersion) {
        s.error = QStringLiteral("session schema %1 is newer than this vault-workbench reads (%2)")
                      .arg(schema.toInt())
                      .arg(Session::kSchemaVersion);
        return s;
    }
    const auto stages = sk.elements(top->value("stages"));
    if (!stages) {
        s.error = QStringLiteral("\"stages\" is missing or not an array");
        return s;
    }
    s.id = sk.value(top->value("id")).toString();
    s.label = sk.value(top->value("label")).toString();
    s.profileName =
        sk.value(top->value("profile")).toObject().value(QStringLiteral("name")).toString();
    const QJsonObject target = sk.value(top->value("target")).toObject();
    s.targetAddress = target.value(QStringLiteral("address")).toString();
    s.targetNode = localTargetNodeOfSource(target.value(QStringLiteral("sources"))
                                               .toObject()
                                               .value(QStringLiteral("address"))
                                               .toString());
    s.status = sk.value(top->value("status")).toString();
    s.runError = sk.value(top->value("error")).toString();
    s.cleanupError = sk.value(top->value("cleanup_error")).toString();
    for (const QJsonValue &v : sk.value(top->value("leftovers")).toArray()) {
        const QJsonObject r = v.toObject();
        s.leftovers << QStringLiteral("%1 %2").arg(r.value(QStringLiteral("kind")).toString(),
                                                   r.value(QStringLiteral("path")).toString());
    }
    s.resources = int(sk.value(top->value("resources")).toArray().size());
    s.executor = sk.value(top->value("executor")).toString();
    s.startedAt = date(sk.value(top->value("started_at")));
    s.finishedAt = date(sk.value(top->value("finished_at")));
    for (const QJsonValue &v : sk.value(top->value("ops")).toArray())
        s.ops.append(v.toString());
    s.stages = int(stages->size());
    for (const Span &st : *stages) {
        const auto m = sk.members(st);
        if (!m)
            continue;
        // Plain numbers, read in place (a Qt parse per stage would cost more than the skim).
        if (const auto vus = sk.number(m->value("vus")); vus && *vus > 0)
            s.maxVus = std::max(s.maxVus.value_or(0), int(*vus));
        if (const auto rate = sk.number(m->value("rate_per_s")); rate && *rate > 0)
            s.maxRatePerS = std::max(s.maxRatePerS.value_or(0.0), *rate);
    }
    if (top->contains("analysis"))
        readFigures(sk, *top, *stages, &s);
    else
        computeFigures(&s);
    return s;
}

QStringList sessionFilesIn(const QString &dir)
{
    QStringList out;
    const QFileInfoList files =
        QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time);
    for (const QFileInfo &f : files)
        out.append(f.filePath());
    return out;
}

bool writeSessionLabel(const QString &path, const QString &label, QString *error)
{
    std::optional<Session> s = readSession(path, error);
    if (!s)
        return false;
    s->label = label;
    return writeSession(*s, path, error);
}

} // namespace vw
