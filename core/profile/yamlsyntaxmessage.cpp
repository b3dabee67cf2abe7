#include "profile/yamlsyntaxmessage.h"

#include "profile/yamllines.h"

#include <QStringList>

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

/// The column of a line's content after an optional `- `: the column its keys sit at.
int keyColumnOf(const QString &line)
{
    int i = indentOf(line);
    while (line.mid(i).startsWith(QLatin1String("- "))) {
        i += 2;
        while (i < line.size() && line.at(i) == QLatin1Char(' '))
            ++i;
    }
    return i;
}

} // namespace

QString friendlyYamlSyntaxMessage(const std::string &text, int line, int column, const QString &raw)
{
    Q_UNUSED(column);
    const QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
    const QString here = line >= 1 && line <= lines.size() ? lines.at(line - 1) : QString();
    const QString tail = QStringLiteral(" (YAML reader: %1)").arg(raw);
    // the nearest line above with content
    int aboveNo = 0;
    for (int i = line - 2; i >= 0 && i < lines.size(); --i)
        if (!blankOrComment(lines.at(i))) {
            aboveNo = i + 1;
            break;
        }

    if (raw.contains(QLatin1String("tab"), Qt::CaseInsensitive)
        || here.left(indentOf(here) + 1).contains(QLatin1Char('\t')))
        return QStringLiteral("a tab is used for indentation: YAML indents with spaces only")
               + tail;

    if (raw == QLatin1String("illegal map value")) {
        const QString content = here.mid(keyColumnOf(here));
        const int first = content.indexOf(QLatin1String(": "));
        if (first >= 0 && content.indexOf(QLatin1String(": "), first + 2) >= 0)
            return QStringLiteral("a value cannot contain \": \" unless it is quoted: put the "
                                  "value in quotes")
                   + tail;
        if (aboveNo > 0) {
            const QString above = lines.at(aboveNo - 1);
            const QString aboveContent = above.mid(keyColumnOf(above)).trimmed();
            const int mine = keyColumnOf(here);
            const int theirs = keyColumnOf(above);
            if (!aboveContent.contains(QLatin1Char(':')) && mine > theirs)
                return QStringLiteral("line %1 (\"%2\") is missing a ':' after its key, so "
                                      "this indented line cannot start its map")
                           .arg(aboveNo)
                           .arg(aboveContent)
                       + tail;
            if (!aboveContent.endsWith(QLatin1Char(':')) && mine > theirs)
                return QStringLiteral("a key is indented differently from the keys above it "
                                      "(%1 spaces here, %2 on line %3, which already has a "
                                      "value): a value cannot start a map here")
                           .arg(mine)
                           .arg(theirs)
                           .arg(aboveNo)
                       + tail;
        }
        return QStringLiteral("a value cannot start a map here: is the line above missing a "
                              "':' or is this line indented too far?")
               + tail;
    }

    if (raw.startsWith(QLatin1String("end of map not found"))
        || raw.startsWith(QLatin1String("end of sequence not found"))) {
        const int mine = keyColumnOf(here);
        if (aboveNo > 0) {
            const int theirs = keyColumnOf(lines.at(aboveNo - 1));
            return QStringLiteral("a key is indented differently from the keys above it "
                                  "(%1 spaces here, %2 on line %3): keys of one block line up")
                       .arg(mine)
                       .arg(theirs)
                       .arg(aboveNo)
                   + tail;
        }
        return QStringLiteral("a key is indented differently from the keys above it") + tail;
    }
    return raw;
}

} // namespace vw
