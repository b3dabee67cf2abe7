// The list of built-in operation types. One file per type in core/ops/ provides its
// OperationType (e.g. kv2ReadType()); builtinoperations.cpp lists them.
#pragma once

#include "ops/operationregistry.h"

namespace vw {

QList<OperationType> builtinOperationTypes();

} // namespace vw
