// The ramp generator of the profile form (ui/profileform/stagessection.h): the loads of a
// list of stages from a rule, e.g. "1..64 doubling" -> 1, 2, 4, 8, 16, 32, 64. Pure functions.
#pragma once

#include <QList>

namespace vw {

/// from, 2*from, 4*from, ... up to `to`; `to` itself last when the doubling does not reach it
/// exactly (1..500 -> 1, 2, 4, ..., 256, 500). Empty when from < 1 or to < from, or when
/// the rule would make more than 1,000 stages.
QList<double> doublingLoads(double from, double to);

/// from, from+step, ... up to `to`; `to` last when the steps do not land on it. Empty when
/// step <= 0, from <= 0 or to < from, or when the rule would make more than 1,000 stages
/// (never a list cut short and then jumping to `to`).
QList<double> linearLoads(double from, double to, double step);

} // namespace vw
