// The range a profile allows for a load number: a stage's load (`vus`, `rate`) or a model key
// such as `max_vus` (docs/profile-format.md, "ramp"). Each load model declares its own
// (closedmodel.h, arrivalratemodel.h) and its parser refuses values outside them; the
// registry (loadmodelregistry.h) hands them to the form editor and the importer, so that the
// numbers are written once.
#pragma once

namespace vw {

struct LoadBounds {
    double min = 0;
    double max = 0;
    int decimals = 0; ///< 0: whole numbers only; else the value is rounded to this many
};

} // namespace vw
