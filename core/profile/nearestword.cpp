#include "profile/nearestword.h"

#include <algorithm>
#include <vector>

namespace vw {

int editDistance(const QString &a, const QString &b)
{
    const int n = int(a.size());
    const int m = int(b.size());
    // d[i][j]: distance between the first i characters of a and the first j of b
    std::vector<std::vector<int>> d(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
    for (int i = 0; i <= n; ++i)
        d[size_t(i)][0] = i;
    for (int j = 0; j <= m; ++j)
        d[0][size_t(j)] = j;
    for (int i = 1; i <= n; ++i) {
        for (int j = 1; j <= m; ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            int v = std::min({d[size_t(i - 1)][size_t(j)] + 1, d[size_t(i)][size_t(j - 1)] + 1,
                              d[size_t(i - 1)][size_t(j - 1)] + cost});
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1))
                v = std::min(v, d[size_t(i - 2)][size_t(j - 2)] + 1);
            d[size_t(i)][size_t(j)] = v;
        }
    }
    return d[size_t(n)][size_t(m)];
}

int maxSuggestionDistance(const QString &typed)
{
    return std::min(2, int((typed.size() - 1) / 2));
}

QString nearestWord(const QString &typed, const QStringList &known)
{
    if (known.contains(typed))
        return QString();
    const int limit = maxSuggestionDistance(typed);
    QString best;
    int bestDistance = limit + 1;
    for (const QString &w : known) {
        const int d = editDistance(typed, w);
        if (d < bestDistance) {
            best = w;
            bestDistance = d;
        }
    }
    return best;
}

QString unknownWithSuggestion(const QString &what, const QString &typed, const QStringList &known,
                              const QString &listLabel)
{
    const QString near = nearestWord(typed, known);
    if (!near.isEmpty())
        return QStringLiteral("%1 \"%2\": did you mean \"%3\"?").arg(what, typed, near);
    return QStringLiteral("%1 \"%2\" (%3: %4)")
        .arg(what, typed, listLabel,
             known.isEmpty() ? QStringLiteral("none") : known.join(QStringLiteral(", ")));
}

} // namespace vw
