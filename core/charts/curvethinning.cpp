#include "charts/curvethinning.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <array>

namespace vw {

QList<QPointF> thinToColumns(const QList<QPointF> &points, int columns,
                             const std::function<int(double)> &columnOf)
{
    if (columns < 1 || points.size() <= 4 * qsizetype(columns))
        return points;
    const auto column = [&](qsizetype i) {
        return std::clamp(columnOf(points.at(i).x()), 0, columns - 1);
    };
    QList<QPointF> out;
    out.reserve(4 * qsizetype(columns));
    const qsizetype n = points.size();
    qsizetype i = 0;
    while (i < n) {
        const int col = column(i);
        qsizetype lo = i, hi = i, last = i;
        const qsizetype first = i;
        for (++i; i < n && column(i) == col; ++i) {
            if (points.at(i).y() < points.at(lo).y())
                lo = i;
            if (points.at(i).y() > points.at(hi).y())
                hi = i;
            last = i;
        }
        std::array<qsizetype, 4> keep{first, lo, hi, last};
        std::sort(keep.begin(), keep.end());
        const auto end = std::unique(keep.begin(), keep.end());
        for (auto it = keep.begin(); it != end; ++it)
            out.append(points.at(*it));
    }
    return out;
}

QList<QList<QPointF>> walkDistinctSegments(const QList<QList<QPointF>> &pieces,
                                           const std::function<QPoint(const QPointF &)> &cellOf)
{
    // the cells (vertices) and the distinct segments between them (edges, both ways)
    QHash<quint64, int> vertexOfCell;
    QList<QPointF> standsFor; // vertex -> the first point seen in its cell
    QList<QList<int>> adjacent;
    QSet<quint64> edges;
    const auto edgeKey = [](int a, int b) {
        return a < b ? (quint64(quint32(a)) << 32) | quint32(b)
                     : (quint64(quint32(b)) << 32) | quint32(a);
    };
    for (const QList<QPointF> &piece : pieces) {
        int previous = -1;
        for (const QPointF &p : piece) {
            const QPoint c = cellOf(p);
            const quint64 cell = (quint64(quint32(c.x())) << 32) | quint32(c.y());
            int v = vertexOfCell.value(cell, -1);
            if (v < 0) {
                v = int(standsFor.size());
                vertexOfCell.insert(cell, v);
                standsFor.append(p);
                adjacent.append(QList<int>());
            }
            if (previous >= 0 && previous != v) {
                const quint64 e = edgeKey(previous, v);
                if (!edges.contains(e)) {
                    edges.insert(e);
                    adjacent[previous].append(v);
                    adjacent[v].append(previous);
                }
            }
            previous = v;
        }
    }
    // every edge walked once forward (and at most once back), depth first, from each part's
    // first vertex (vertices are numbered in the order their points come)
    QList<QList<QPointF>> out;
    QList<qsizetype> nextEdge(adjacent.size(), 0);
    QList<bool> reached(adjacent.size(), false);
    QSet<quint64> walked;
    for (int start = 0; start < adjacent.size(); ++start) {
        if (reached[start])
            continue;
        reached[start] = true;
        QList<QPointF> walk{standsFor.at(start)};
        qsizetype lastNew = 1; // the walk's length after the last edge walked forward
        QList<int> stack{start};
        while (!stack.isEmpty()) {
            const int v = stack.last();
            bool moved = false;
            while (nextEdge[v] < adjacent.at(v).size()) {
                const int u = adjacent.at(v).at(nextEdge[v]++);
                const quint64 e = edgeKey(u, v);
                if (walked.contains(e))
                    continue;
                walked.insert(e);
                reached[u] = true;
                walk.append(standsFor.at(u));
                lastNew = walk.size();
                stack.append(u);
                moved = true;
                break;
            }
            if (!moved) {
                stack.removeLast();
                if (!stack.isEmpty())
                    walk.append(standsFor.at(stack.last())); // back along a walked edge
            }
        }
        walk.resize(lastNew); // the steps back after the last new edge draw nothing new
        out.append(walk);
    }
    return out;
}

QList<QList<QPointF>> thinForPlot(const QList<QList<QPointF>> &pieces, int columns,
                                  const std::function<int(double)> &columnOf,
                                  const std::function<int(double)> &rowOf)
{
    qsizetype points = 0;
    for (const QList<QPointF> &piece : pieces)
        points += piece.size();
    if (columns < 1 || points <= 4 * qsizetype(columns))
        return pieces;
    // a gap inside one pixel column shows no empty column: the pieces on either side are
    // drawn as one (a soak run's seconds without a success, thousands of them, would be as
    // many lines to draw)
    QList<QList<QPointF>> joined;
    for (const QList<QPointF> &piece : pieces) {
        if (!joined.isEmpty() && !joined.last().isEmpty() && !piece.isEmpty()
            && columnOf(joined.last().last().x()) == columnOf(piece.first().x()))
            joined.last() += piece;
        else
            joined.append(piece);
    }
    QList<QList<QPointF>> thin;
    points = 0;
    for (const QList<QPointF> &piece : std::as_const(joined)) {
        thin.append(thinToColumns(piece, columns, columnOf));
        points += thin.last().size();
    }
    if (points <= 4 * qsizetype(columns))
        return thin;
    QList<QList<QPointF>> walk = walkDistinctSegments(
        thin, [&](const QPointF &p) { return QPoint(columnOf(p.x()), rowOf(p.y())); });
    qsizetype walked = 0;
    for (const QList<QPointF> &piece : std::as_const(walk))
        walked += piece.size();
    return walked < points ? walk : thin;
}

bool drawsPointDots(qsizetype drawn, int columns)
{
    return columns < 1 || drawn * 4 <= qsizetype(columns);
}

} // namespace vw
