#include "editing/profileedit.h"

#include "profile/yamlvariant.h"

#include <yaml-cpp/yaml.h>

namespace vw {

namespace {

bool isContent(const QString &line)
{
    const QString t = line.trimmed();
    return !t.isEmpty() && !t.startsWith(QLatin1Char('#'));
}

int indentOf(const QString &line)
{
    int i = 0;
    while (i < line.size() && line.at(i) == QLatin1Char(' '))
        ++i;
    return i;
}

/// A yaml-cpp column (bytes of UTF-8) as a column in characters of `line`.
int charColumn(const QString &line, int byteColumn)
{
    return int(QString::fromUtf8(line.toUtf8().left(byteColumn)).size());
}

/// One past the last line of the block of a key at line `keyLine`, column `col`: the lines
/// after it that are more indented (or, for a list written at the key's own column, start
/// with "- "). Comment and blank lines after the last such line are not part of it.
int blockEnd(const QStringList &lines, int keyLine, int col)
{
    int last = keyLine;
    for (int i = keyLine + 1; i < lines.size(); ++i) {
        const QString &l = lines.at(i);
        if (!isContent(l))
            continue;
        const int ind = indentOf(l);
        const bool dash = l.mid(ind).startsWith(QLatin1Char('-'))
                          && (l.size() == ind + 1 || l.at(ind + 1).isSpace());
        if (ind > col || (ind == col && dash)) {
            last = i;
            continue;
        }
        break;
    }
    return last + 1;
}

/// End (exclusive, characters) of the scalar token starting at `from` in `line`: a quoted
/// scalar to its closing quote, a plain one to a ` #` comment or the end, trailing spaces
/// excluded. -1 when a quote is not closed on the line.
int scalarEnd(const QString &line, int from)
{
    if (from >= line.size())
        return from;
    const QChar q = line.at(from);
    if (q == QLatin1Char('"')) {
        for (int i = from + 1; i < line.size(); ++i) {
            if (line.at(i) == QLatin1Char('\\'))
                ++i;
            else if (line.at(i) == QLatin1Char('"'))
                return i + 1;
        }
        return -1;
    }
    if (q == QLatin1Char('\'')) {
        for (int i = from + 1; i < line.size(); ++i) {
            if (line.at(i) == QLatin1Char('\'')) {
                if (i + 1 < line.size() && line.at(i + 1) == QLatin1Char('\''))
                    ++i;
                else
                    return i + 1;
            }
        }
        return -1;
    }
    int end = int(line.size());
    for (int i = from + 1; i < line.size(); ++i) {
        if (line.at(i) == QLatin1Char('#') && line.at(i - 1).isSpace()) {
            end = i;
            break;
        }
    }
    while (end > from && line.at(end - 1).isSpace())
        --end;
    return end;
}

/// The trailing comment of a line whose content ends at `from` or later ("  # required"),
/// or "".
QString trailingComment(const QString &line, int from)
{
    for (int i = std::max(from, 1); i < line.size(); ++i)
        if (line.at(i) == QLatin1Char('#') && line.at(i - 1).isSpace()) {
            int start = i;
            while (start > from && line.at(start - 1).isSpace())
                --start;
            return line.mid(start);
        }
    return QString();
}

QString scalarText(const YAML::Node &n)
{
    if (!n.IsDefined() || n.IsNull())
        return QStringLiteral("null");
    // text (tag "!": yamlText(), or quoted in the source) that a plain scalar would turn into
    // a number, a boolean or null is double-quoted; the rest as yaml-cpp writes it
    const std::string v = n.Scalar();
    YAML::Emitter e;
    if (n.Tag() == "!"
        && resolvePlainYamlScalar(QString::fromStdString(v)).typeId() != QMetaType::QString)
        e << YAML::DoubleQuoted;
    e << v;
    return QString::fromStdString(e.c_str());
}

QString emitFlow(const YAML::Node &n)
{
    if (n.IsMap()) {
        if (n.size() == 0)
            return QStringLiteral("{}");
        QStringList parts;
        for (auto it = n.begin(); it != n.end(); ++it)
            parts << scalarText(it->first) + QStringLiteral(": ") + emitFlow(it->second);
        return QStringLiteral("{ ") + parts.join(QStringLiteral(", ")) + QStringLiteral(" }");
    }
    if (n.IsSequence()) {
        QStringList parts;
        for (auto it = n.begin(); it != n.end(); ++it)
            parts << emitFlow(*it);
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    return scalarText(n);
}

bool isBlockCollection(const YAML::Node &n)
{
    return (n.IsMap() || n.IsSequence()) && n.size() > 0 && n.Style() != YAML::EmitterStyle::Flow;
}

struct Found {
    bool found = false;
    YAML::Node key;
    YAML::Node value;
};

Found findKey(const YAML::Node &map, const QString &key)
{
    Found f;
    if (!map.IsMap())
        return f;
    const std::string k = key.toStdString();
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (it->first.IsScalar() && it->first.Scalar() == k) {
            f.found = true;
            f.key = it->first;
            f.value = it->second;
            return f;
        }
    }
    return f;
}

/// `rest` as nested maps around `value`: {"a","b"} -> { a: { b: value } } (block style).
YAML::Node nest(const QStringList &rest, const YAML::Node &value)
{
    if (rest.isEmpty())
        return value;
    YAML::Node m(YAML::NodeType::Map);
    m[rest.first().toStdString()] = nest(rest.mid(1), value);
    return m;
}

/// Sets (value defined) or removes (value undefined) `path` in a detached tree.
void applyInTree(YAML::Node node, const QStringList &path, const YAML::Node *value)
{
    const std::string k = path.first().toStdString();
    if (path.size() == 1) {
        if (value)
            node[k] = *value;
        else
            node.remove(k);
        return;
    }
    YAML::Node child = node[k];
    if (!child.IsMap()) {
        if (!value)
            return;
        node[k] = nest(path.mid(1), *value);
        return;
    }
    applyInTree(child, path.mid(1), value);
}

QString joinLines(const QStringList &lines)
{
    return lines.join(QLatin1Char('\n'));
}

/// The text of `key: value` at column `col` with `prefix` before the key (spaces, or the
/// "- " of a list item). `comment` is kept after a block value's key.
QStringList keyLines(const QString &prefix, const QString &key, const YAML::Node &value, int col,
                     const QString &comment)
{
    if (isBlockCollection(value)) {
        QStringList out{prefix + key + QLatin1Char(':') + comment};
        out << emitYaml(value, col + 2).split(QLatin1Char('\n'));
        return out;
    }
    return {prefix + key + QStringLiteral(": ") + emitFlow(value) + comment};
}

std::optional<QString> edit(const QString &yaml, const QStringList &path, const YAML::Node *value,
                            QString *error)
{
    auto fail = [error](const QString &why) -> std::optional<QString> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (path.isEmpty())
        return fail(QStringLiteral("empty key path"));
    YAML::Node root;
    try {
        root = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception &e) {
        return fail(QString::fromStdString(e.what()));
    }
    QStringList lines = yaml.split(QLatin1Char('\n'));
    if (!root.IsDefined() || root.IsNull()) {
        if (!value)
            return yaml;
        QString out = yaml;
        if (!out.isEmpty() && !out.endsWith(QLatin1Char('\n')))
            out += QLatin1Char('\n');
        return out + emitYaml(nest(path, *value), 0) + QLatin1Char('\n');
    }
    if (!root.IsMap())
        return fail(QStringLiteral("the YAML is not a map at the top"));
    if (root.Style() == YAML::EmitterStyle::Flow)
        return fail(QStringLiteral("the top-level map is in flow style"));

    YAML::Node parent = root;
    Found parentKey; // the key holding `parent` (not set for the root)
    for (int i = 0; i < path.size(); ++i) {
        if (i > 0 && parent.Style() == YAML::EmitterStyle::Flow) {
            // re-emit the flow map that holds the key, whole, in flow style
            YAML::Node copy = YAML::Clone(parent);
            applyInTree(copy, path.mid(i), value);
            copy.SetStyle(YAML::EmitterStyle::Flow);
            return edit(yaml, path.mid(0, i), &copy, error);
        }
        const Found f = findKey(parent, path.at(i));
        const bool last = i == path.size() - 1;
        if (!f.found || (!last && f.value.IsNull())) {
            if (!value)
                return yaml;
            if (f.found) { // `key:` with nothing: it becomes the map of the rest
                const YAML::Node rest = nest(path.mid(i + 1), *value);
                return edit(yaml, path.mid(0, i + 1), &rest, error);
            }
            const YAML::Node add = nest(path.mid(i + 1), *value);
            if (i == 0) {
                QString out = yaml;
                while (out.endsWith(QLatin1Char('\n')))
                    out.chop(1);
                QStringList tail = keyLines(QString(), path.at(0), add, 0, QString());
                return (out.isEmpty() ? QString() : out + QLatin1Char('\n'))
                       + tail.join(QLatin1Char('\n')) + QLatin1Char('\n');
            }
            // the last key of the parent block
            const int pl = parentKey.key.Mark().line;
            const int pc = charColumn(lines.value(pl), parentKey.key.Mark().column);
            const int end = blockEnd(lines, pl, pc);
            int col = pc + 2;
            if (parent.size() > 0) {
                const YAML::Node firstKey = parent.begin()->first;
                col = charColumn(lines.value(firstKey.Mark().line), firstKey.Mark().column);
            }
            const QStringList ins =
                keyLines(QString(col, QLatin1Char(' ')), path.at(i), add, col, QString());
            for (int k = 0; k < ins.size(); ++k)
                lines.insert(end + k, ins.at(k));
            return joinLines(lines);
        }
        if (!last) {
            if (!f.value.IsMap())
                return fail(QStringLiteral("%1 is not a map")
                                .arg(path.mid(0, i + 1).join(QLatin1Char('.'))));
            parent = f.value;
            parentKey = f;
            continue;
        }
        // the key, in a block-style map
        const int kl = f.key.Mark().line;
        if (kl < 0 || kl >= lines.size())
            return fail(QStringLiteral("no position for %1").arg(path.join(QLatin1Char('.'))));
        const QString &keyLine = lines.at(kl);
        const int kc = charColumn(keyLine, f.key.Mark().column);
        const int end = blockEnd(lines, kl, kc);
        if (!value) {
            if (path.size() > 1 && parent.size() == 1) // a map left empty goes with its key
                return edit(yaml, path.mid(0, path.size() - 1), nullptr, error);
            if (!keyLine.left(kc).trimmed().isEmpty())
                return fail(QStringLiteral("%1 starts a list item: edit the item")
                                .arg(path.join(QLatin1Char('.'))));
            lines.erase(lines.begin() + kl, lines.begin() + end);
            return joinLines(lines);
        }
        // a scalar replacing a scalar on the key's line: in place, the comment stays
        const YAML::Mark vm = f.value.Mark();
        if (!isBlockCollection(*value) && f.value.IsScalar() && vm.line == kl && end == kl + 1) {
            const int vc = charColumn(keyLine, vm.column);
            const QChar c0 = vc < keyLine.size() ? keyLine.at(vc) : QChar();
            if (vc > kc && c0 != QLatin1Char('|') && c0 != QLatin1Char('>')) {
                const int ve = scalarEnd(keyLine, vc);
                if (ve >= vc) {
                    lines[kl] = keyLine.left(vc) + emitFlow(*value) + keyLine.mid(ve);
                    return joinLines(lines);
                }
            }
        }
        // the key's lines re-emitted
        const int colon = keyLine.indexOf(QLatin1Char(':'), kc);
        // the comment on the key's line stays: after a block value's key, or after a value
        // written on that line alone (a flow map or list: after its closing bracket)
        QString comment;
        if (colon >= 0) {
            const bool oldOnKeyLine = vm.line == kl && end == kl + 1;
            if (isBlockCollection(*value) && !(f.value.IsScalar() && vm.line == kl))
                comment = trailingComment(keyLine, colon + 1);
            else if (oldOnKeyLine && !isBlockCollection(*value)) {
                const int close = f.value.IsScalar()
                                      ? scalarEnd(keyLine, charColumn(keyLine, vm.column))
                                      : int(std::max(keyLine.lastIndexOf(QLatin1Char('}')),
                                                     keyLine.lastIndexOf(QLatin1Char(']'))));
                if (close > colon)
                    comment = trailingComment(keyLine, close);
            }
        }
        const QString keyText = colon > kc ? keyLine.mid(kc, colon - kc).trimmed() : path.last();
        const QStringList repl = keyLines(keyLine.left(kc), keyText, *value, kc, comment);
        lines.erase(lines.begin() + kl, lines.begin() + end);
        for (int k = 0; k < repl.size(); ++k)
            lines.insert(kl + k, repl.at(k));
        return joinLines(lines);
    }
    return fail(QStringLiteral("unreachable"));
}

} // namespace

QString emitYaml(const YAML::Node &node, int indent)
{
    const QString pad(indent, QLatin1Char(' '));
    if (!isBlockCollection(node))
        return pad + emitFlow(node);
    QStringList out;
    if (node.IsMap()) {
        for (auto it = node.begin(); it != node.end(); ++it)
            out << keyLines(pad, scalarText(it->first), it->second, indent, QString());
        return out.join(QLatin1Char('\n'));
    }
    for (auto it = node.begin(); it != node.end(); ++it) {
        const YAML::Node item = *it;
        if (isBlockCollection(item)) {
            // the item's first line after "- ", the rest two columns further in
            QString block = emitYaml(item, indent + 2);
            block.replace(0, indent + 2, pad + QStringLiteral("- "));
            out << block;
        } else {
            out << pad + QStringLiteral("- ") + emitFlow(item);
        }
    }
    return out.join(QLatin1Char('\n'));
}

YAML::Node yamlText(const QString &text)
{
    YAML::Node n(text.toStdString());
    n.SetTag("!");
    return n;
}

std::optional<QString> setYamlValue(const QString &yaml, const QStringList &path,
                                    const YAML::Node &value, QString *error)
{
    return edit(yaml, path, &value, error);
}

std::optional<QString> removeYamlKey(const QString &yaml, const QStringList &path, QString *error)
{
    return edit(yaml, path, nullptr, error);
}

} // namespace vw
