#include "editing/operationsnippet.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <algorithm>

namespace vw {

namespace {

/// A YAML double-quoted scalar (JSON string syntax is valid YAML).
QString quoted(const QString &s)
{
    const QByteArray j = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(j.mid(1, j.size() - 2));
}

QString valueText(const ParamSpec &p)
{
    if (p.required())
        return QStringLiteral("\"\"");
    const QString v = formatParamValue(p, p.defaultValue);
    if (p.kind == ParamKind::String || v.isEmpty())
        return quoted(v);
    return v;
}

bool blankOrComment(const QString &line)
{
    const QString t = line.trimmed();
    return t.isEmpty() || t.startsWith(QLatin1Char('#'));
}

int indentOf(const QString &line)
{
    int n = 0;
    while (n < line.size() && line.at(n) == QLatin1Char(' '))
        ++n;
    return n;
}

} // namespace

QString operationSnippet(const OperationType &type, int indent)
{
    const QString pad(indent, QLatin1Char(' '));
    QString out = pad + QStringLiteral("- type: ") + type.name + QLatin1Char('\n');
    if (type.params.isEmpty())
        return out;
    out += pad + QStringLiteral("  params:\n");
    int width = 0;
    QList<QString> lines;
    for (const ParamSpec &p : type.params) {
        lines << p.name + QStringLiteral(": ") + valueText(p);
        width = std::max(width, int(lines.last().size()));
    }
    for (int i = 0; i < lines.size(); ++i) {
        const ParamSpec &p = type.params.at(i);
        QString comment = p.description;
        if (p.required())
            comment = QStringLiteral("required: ") + comment;
        comment.replace(QLatin1Char('\n'), QLatin1Char(' '));
        out += pad + QStringLiteral("    ") + lines.at(i).leftJustified(width)
               + QStringLiteral("  # ") + comment + QLatin1Char('\n');
    }
    return out;
}

SnippetInsertion operationInsertion(const QString &profile, int cursor, const OperationType &type)
{
    const QStringList lines = profile.split(QLatin1Char('\n'));
    QList<int> starts; // character offset of each line
    int off = 0;
    for (const QString &l : lines) {
        starts << off;
        off += int(l.size()) + 1;
    }
    auto lineOf = [&](int pos) {
        int l = 0;
        while (l + 1 < starts.size() && starts.at(l + 1) <= pos)
            ++l;
        return l;
    };
    auto atEnd = [&](const QString &snippet) {
        SnippetInsertion ins;
        ins.position = int(profile.size());
        ins.text = (profile.isEmpty() || profile.endsWith(QLatin1Char('\n')) ? QString()
                                                                             : QStringLiteral("\n"))
                   + snippet;
        return ins;
    };

    int opsLine = -1;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &l = lines.at(i);
        if (l.startsWith(QLatin1String("operations:"))) {
            const QString rest = l.mid(11).trimmed();
            if (rest.isEmpty() || rest.startsWith(QLatin1Char('#')))
                opsLine = i;
            break;
        }
    }
    if (opsLine < 0)
        return atEnd(QStringLiteral("operations:\n") + operationSnippet(type, 2));

    // The list's extent and the indentation of its dashes.
    int dash = -1;
    int end = int(lines.size()); // first line after the list
    for (int i = opsLine + 1; i < lines.size(); ++i) {
        const QString &l = lines.at(i);
        if (blankOrComment(l))
            continue;
        const int ind = indentOf(l);
        const bool isItem =
            l.mid(ind).startsWith(QLatin1String("- ")) || l.mid(ind) == QLatin1String("-");
        if (dash < 0 && isItem)
            dash = ind;
        if (ind == 0 && !(dash == 0 && isItem)) {
            end = i;
            break;
        }
    }
    if (dash < 0)
        dash = 2;
    // Back over blank lines and comments that end the list, so the item follows the last one.
    int last = end;
    while (last - 1 > opsLine && blankOrComment(lines.at(last - 1)))
        --last;

    int at = last;
    const int cursorLine = lineOf(std::clamp(cursor, 0, int(profile.size())));
    if (cursorLine > opsLine && cursorLine < last) {
        // after the item holding the cursor: the next dash at the list's indentation
        for (int i = cursorLine + 1; i < last; ++i) {
            const QString &l = lines.at(i);
            if (!blankOrComment(l) && indentOf(l) == dash
                && l.mid(dash).startsWith(QLatin1Char('-'))) {
                at = i;
                break;
            }
        }
    }
    if (at >= lines.size())
        return atEnd(operationSnippet(type, dash));
    SnippetInsertion ins;
    ins.position = starts.at(at);
    ins.text = operationSnippet(type, dash);
    return ins;
}

} // namespace vw
