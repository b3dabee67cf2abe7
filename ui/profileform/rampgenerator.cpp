#include "rampgenerator.h"

#include <cmath>

namespace vw {

namespace {
constexpr int kMaxStages = 1000; // a rule that would make more makes none
}

QList<double> doublingLoads(double from, double to)
{
    QList<double> out;
    if (from < 1 || to < from)
        return out;
    for (double v = from; v <= to && out.size() <= kMaxStages; v *= 2)
        out << v;
    if (out.last() < to)
        out << to;
    if (out.size() > kMaxStages)
        out.clear();
    return out;
}

QList<double> linearLoads(double from, double to, double step)
{
    QList<double> out;
    if (step <= 0 || from <= 0 || to < from)
        return out;
    for (int i = 0; out.size() <= kMaxStages; ++i) {
        const double v = from + i * step;
        if (v > to + 1e-9)
            break;
        out << v;
    }
    if (out.last() < to - 1e-9)
        out << to;
    if (out.size() > kMaxStages)
        out.clear(); // never a list cut short with a jump to `to` at its end
    return out;
}

} // namespace vw
