#include "yamlopeners.h"

#include <vector>

namespace vw {

QString YamlOpener::message() const
{
    if (!found())
        return QString();
    if (closedBy)
        return QStringLiteral("'%1' opened at line %2, column %3 is closed by '%4' at line %5, "
                              "column %6")
            .arg(QChar::fromLatin1(opener))
            .arg(line)
            .arg(column)
            .arg(QChar::fromLatin1(closedBy))
            .arg(closeLine)
            .arg(closeColumn);
    return QStringLiteral("unclosed '%1' opened at line %2, column %3")
        .arg(QChar::fromLatin1(opener))
        .arg(line)
        .arg(column);
}

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

/// Whether a line (outside any flow or quote) ends by starting a block scalar: `key: |`,
/// `- >-`, `key: |2 # comment`.
bool startsBlockScalar(const std::string &line)
{
    std::string s = line;
    const size_t hash = s.find(" #");
    if (hash != std::string::npos)
        s.erase(hash);
    while (!s.empty() && (isSpace(s.back()) || s.back() == '\r'))
        s.pop_back();
    size_t i = s.size();
    while (i > 0 && (s[i - 1] == '+' || s[i - 1] == '-' || (s[i - 1] >= '1' && s[i - 1] <= '9')))
        --i;
    if (i == 0 || (s[i - 1] != '|' && s[i - 1] != '>'))
        return false;
    --i;
    return i == 0 || isSpace(s[i - 1]);
}

int indentOf(const std::string &line)
{
    int n = 0;
    while (n < int(line.size()) && line[size_t(n)] == ' ')
        ++n;
    return n;
}

bool blank(const std::string &line)
{
    for (char c : line)
        if (!isSpace(c) && c != '\r')
            return false;
    return true;
}

} // namespace

YamlOpener findUnclosedOpener(const std::string &text, int untilLine)
{
    struct Open {
        char c;
        int line;
        int column;
    };
    std::vector<Open> stack; // flow brackets; a quote, when open, is on top
    int blockIndent = -1; // >= 0 while inside a block scalar: its parent's indentation
    size_t pos = 0;
    int lineNo = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        const std::string line = text.substr(pos, end - pos);
        ++lineNo;
        if (untilLine > 0 && lineNo > untilLine)
            break;
        pos = end + 1;

        const bool inQuote = !stack.empty() && (stack.back().c == '"' || stack.back().c == '\'');
        if (blockIndent >= 0 && !inQuote) {
            if (blank(line) || indentOf(line) > blockIndent)
                continue; // block scalar content: any text
            blockIndent = -1;
        }

        char prev = ' '; // the character before i, ' ' at the line start
        char prevNonSpace = 0; // the last non-space character before i, 0 at the line start
        for (size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            const int col = int(i) + 1;
            const char top = stack.empty() ? 0 : stack.back().c;
            if (top == '"') {
                if (c == '\\')
                    ++i; // escaped character
                else if (c == '"')
                    stack.pop_back();
                prev = prevNonSpace = c;
                continue;
            }
            if (top == '\'') {
                if (c == '\'') {
                    if (i + 1 < line.size() && line[i + 1] == '\'')
                        ++i; // '' is a quote inside the scalar
                    else
                        stack.pop_back();
                }
                prev = prevNonSpace = c;
                continue;
            }
            if (c == '#' && isSpace(prev))
                break; // comment to the end of the line
            // a scalar starts at the line start, after an indicator and a space (`: `, `- `,
            // `? `) or right after a flow indicator; inside a plain scalar (`rock 'n roll`) a
            // quote is text
            const bool afterIndicator = prevNonSpace == 0 || prevNonSpace == ':'
                                        || prevNonSpace == '-' || prevNonSpace == '?'
                                        || prevNonSpace == ',' || prevNonSpace == '['
                                        || prevNonSpace == '{';
            const bool scalarStart = (isSpace(prev) && afterIndicator) || prev == ',' || prev == '['
                                     || prev == '{' || i == 0;
            if ((c == '"' || c == '\'') && scalarStart) {
                stack.push_back({c, lineNo, col});
            } else if ((c == '{' || c == '[') && (scalarStart || prev == ':')) {
                stack.push_back({c, lineNo, col});
            } else if ((c == '}' || c == ']') && !stack.empty()) {
                const char want = top == '{' ? '}' : ']';
                if (c != want) {
                    YamlOpener o;
                    o.line = stack.back().line;
                    o.column = stack.back().column;
                    o.opener = top;
                    o.closedBy = c;
                    o.closeLine = lineNo;
                    o.closeColumn = col;
                    return o;
                }
                stack.pop_back();
            }
            prev = c;
            if (!isSpace(c))
                prevNonSpace = c;
        }
        if (stack.empty() && startsBlockScalar(line))
            blockIndent = indentOf(line);
        if (end == text.size())
            break;
    }
    if (stack.empty())
        return {};
    YamlOpener o;
    o.line = stack.back().line; // the innermost: a quote left open inside a flow map
    o.column = stack.back().column;
    o.opener = stack.back().c;
    return o;
}

} // namespace vw
