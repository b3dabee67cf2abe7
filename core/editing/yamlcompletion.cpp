#include "editing/yamlcompletion.h"

#include "http/transport.h"
#include "profile/analysisspecparser.h"
#include "profile/authspec.h"
#include "profile/authspecparser.h"
#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/loadmodels/rampparser.h"
#include "profile/profileparser.h"
#include "profile/yamllines.h"

#include <QRegularExpression>

namespace vw {

namespace {

int indentOf(const QString &line)
{
    return yamlIndentOf(line);
}
bool blankOrComment(const QString &line)
{
    return yamlBlankOrComment(line);
}

/// A line's shape: its dash (list item) column or -1, the column of its content, and the key
/// it starts with (empty when the content is not `key:`), and whether that key has a value.
struct LineShape {
    int dash = -1;
    int content = 0;
    QString key;
    bool hasValue = false;
    QString value;
};

LineShape shapeOf(const QString &line)
{
    LineShape s;
    int i = indentOf(line);
    if (line.mid(i).startsWith(QLatin1String("- ")) || line.mid(i) == QLatin1String("-")) {
        s.dash = i;
        i += 1;
        while (i < line.size() && line.at(i) == QLatin1Char(' '))
            ++i;
    }
    s.content = i;
    static const QRegularExpression keyRe(
        QStringLiteral("^([A-Za-z_][A-Za-z0-9_.-]*)\\s*:(?:\\s+|$)(.*)$"));
    const auto m = keyRe.match(line.mid(i));
    if (m.hasMatch()) {
        s.key = m.captured(1);
        QString v = m.captured(2);
        const int hash = v.indexOf(QStringLiteral(" #"));
        if (v.startsWith(QLatin1Char('#')))
            v.clear();
        else if (hash >= 0)
            v = v.left(hash);
        s.value = v.trimmed();
        s.hasValue = !s.value.isEmpty();
    }
    return s;
}

bool inFlow(const QString &before)
{
    int depth = 0;
    for (QChar c : before) {
        if (c == QLatin1Char('{') || c == QLatin1Char('['))
            ++depth;
        else if ((c == QLatin1Char('}') || c == QLatin1Char(']')) && depth > 0)
            --depth;
    }
    return depth > 0;
}

/// The keys of the one-level blocks under the top level (`target:`, `slo:`, `analysis:`,
/// `abort:`, `auth:`), from their parsers; empty for any other path.
QStringList blockKeys(const QStringList &path)
{
    if (path.size() != 1)
        return {};
    const QString &block = path.first();
    if (block == QLatin1String("target"))
        return targetKeys();
    if (block == QLatin1String("slo"))
        return sloKeys();
    if (block == QLatin1String("analysis"))
        return analysisKeys();
    if (block == QLatin1String("abort"))
        return abortKeys();
    if (block == QLatin1String("auth"))
        return authKeys();
    return {};
}

/// The values a key of the top level or of a one-level block takes, when they are a choice.
QStringList blockValues(const QStringList &path, const QString &key)
{
    const QStringList boolean = {QStringLiteral("true"), QStringLiteral("false")};
    const QString block = path.size() == 1 ? path.first() : QString();
    if (path.isEmpty() && key == QLatin1String("transport"))
        return transportKinds();
    if (block == QLatin1String("target")) {
        if (key == QLatin1String("spread"))
            return targetSpreads();
        if (key == QLatin1String("tls_skip_verify"))
            return boolean;
    } else if (block == QLatin1String("abort") && key == QLatin1String("enabled")) {
        return boolean;
    } else if (block == QLatin1String("auth")) {
        if (key == QLatin1String("method"))
            return AuthSpec::methods();
        if (key == QLatin1String("per"))
            return authPerValues();
        if (key == QLatin1String("policy"))
            return {QStringLiteral("least")};
    }
    return {};
}

} // namespace

YamlCompletionContext yamlCompletionContext(const QString &text, int position)
{
    YamlCompletionContext ctx;
    position = std::clamp(position, 0, int(text.size()));
    const QStringList lines = text.left(position).split(QLatin1Char('\n'));
    const int cursorLine = int(lines.size()) - 1;
    const int lineStart = position - int(lines.last().size());
    const QString before = lines.last();
    if (before.contains(QLatin1Char('#')) || inFlow(before))
        return ctx;

    const LineShape here = shapeOf(before + QStringLiteral("x")); // "key: x" has a value
    int keyColumn = here.content;
    if (!here.key.isEmpty() && before.mid(here.content).contains(QLatin1Char(':'))) {
        ctx.kind = YamlCompletionContext::Kind::Value;
        ctx.key = here.key;
        const int colon = before.indexOf(QLatin1Char(':'), here.content);
        int v = colon + 1;
        while (v < before.size() && before.at(v) == QLatin1Char(' '))
            ++v;
        ctx.prefix = before.mid(v);
        ctx.prefixStart = lineStart + v;
    } else {
        const QString word = before.mid(here.content);
        static const QRegularExpression wordRe(QStringLiteral("^[A-Za-z0-9_.-]*$"));
        if (!wordRe.match(word).hasMatch())
            return ctx;
        ctx.kind = YamlCompletionContext::Kind::Key;
        ctx.prefix = word;
        ctx.prefixStart = lineStart + here.content;
    }

    // Walk up: each line with content to the left of the current key's column is a parent.
    QStringList rpath;
    int itemLine = -1; // the dash line of the innermost list item on the path
    int itemContent = -1;
    if (here.dash >= 0) {
        rpath << QStringLiteral("-");
        itemLine = cursorLine;
        itemContent = here.content;
        keyColumn = here.dash;
    }
    // keyColumn: column of the thing whose parent is searched. A list's dashes may sit in the
    // column of their key (`key:\n- a`), so a key at that column owns a dash there.
    bool lookingForListOwner = here.dash >= 0;
    for (int i = cursorLine - 1; i >= 0 && keyColumn > 0; --i) {
        const QString &l = lines.at(i);
        if (blankOrComment(l))
            continue;
        const LineShape s = shapeOf(l);
        if (s.dash >= 0 && s.dash < keyColumn && s.content == keyColumn && !lookingForListOwner) {
            // a sibling key inside the same list item: the item is a parent
            rpath << QStringLiteral("-");
            if (itemLine < 0) {
                itemLine = i;
                itemContent = s.content;
            }
            keyColumn = s.dash;
            lookingForListOwner = true;
            continue;
        }
        if (s.dash >= 0 && s.content < keyColumn && !lookingForListOwner) {
            // `- key:` whose value holds the cursor: key, then the item
            if (s.key.isEmpty() || s.hasValue)
                return {};
            rpath << s.key << QStringLiteral("-");
            if (itemLine < 0) {
                itemLine = i;
                itemContent = s.content;
            }
            keyColumn = s.dash;
            lookingForListOwner = true;
            continue;
        }
        const int col = s.dash >= 0 ? s.dash : s.content;
        const bool owns =
            lookingForListOwner ? (s.dash < 0 && col <= keyColumn) : (col < keyColumn);
        if (!owns)
            continue;
        if (s.dash >= 0)
            continue; // a previous item of the same list
        if (s.key.isEmpty() || s.hasValue)
            return {}; // a scalar cannot own lines below it
        rpath << s.key;
        keyColumn = col;
        lookingForListOwner = false;
    }
    std::reverse(rpath.begin(), rpath.end());
    ctx.path = rpath;

    // The operation item's type, from its lines (before and after the cursor).
    if (ctx.path.size() >= 2 && ctx.path.at(0) == QLatin1String("operations")
        && ctx.path.at(1) == QLatin1String("-") && itemLine >= 0) {
        const QStringList all = text.split(QLatin1Char('\n'));
        for (int i = itemLine; i < all.size(); ++i) {
            const QString &l = all.at(i);
            if (i > itemLine && !blankOrComment(l) && indentOf(l) < itemContent)
                break;
            const LineShape s = shapeOf(l);
            if ((i == itemLine || (s.dash < 0 && s.content == itemContent))
                && s.key == QLatin1String("type") && i != cursorLine) {
                ctx.operationType = s.value;
                break;
            }
        }
    }
    return ctx;
}

QStringList yamlCompletions(const YamlCompletionContext &ctx, const QList<OperationType> &types)
{
    using Kind = YamlCompletionContext::Kind;
    const QStringList &path = ctx.path;
    const LoadModelRegistry &models = LoadModelRegistry::builtin();
    const OperationType *type = nullptr;
    for (const OperationType &t : types)
        if (t.name == ctx.operationType)
            type = &t;
    const bool inOperation = path == QStringList{QStringLiteral("operations"), QStringLiteral("-")};
    const bool inParams =
        path
        == QStringList{QStringLiteral("operations"), QStringLiteral("-"), QStringLiteral("params")};
    QStringList words;
    if (ctx.kind == Kind::Key) {
        if (path.isEmpty())
            words = profileKeys();
        else if (path == QStringList{QStringLiteral("ramp")})
            words = rampKeys(models);
        else if (path
                 == QStringList{QStringLiteral("ramp"), QStringLiteral("stages"),
                                QStringLiteral("-")})
            words = stageKeys(models);
        else if (inOperation)
            words = operationKeys();
        else if (inParams && type)
            words = type->paramNames();
        else
            words = blockKeys(path);
    } else if (ctx.kind == Kind::Value) {
        if (inOperation && ctx.key == QLatin1String("type")) {
            for (const OperationType &t : types)
                words << t.name;
        } else if (path == QStringList{QStringLiteral("ramp")}
                   && ctx.key == QLatin1String("executor")) {
            words = models.names();
        } else if (inParams && type) {
            if (const ParamSpec *p = type->param(ctx.key)) {
                if (p->kind == ParamKind::Choice)
                    words = p->allowed;
                else if (p->kind == ParamKind::Boolean)
                    words = {QStringLiteral("true"), QStringLiteral("false")};
            }
        } else {
            words = blockValues(path, ctx.key);
        }
    }
    QStringList out;
    for (const QString &w : std::as_const(words))
        if (w.startsWith(ctx.prefix) && w != ctx.prefix)
            out << w;
    return out;
}

} // namespace vw
