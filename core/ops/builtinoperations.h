// The list of built-in operation types. One file per type in core/ops/ provides its
// OperationType (e.g. kv2ReadType()); builtinoperations.cpp lists them, one line each: adding
// a type is its own files, that line and its test (the `ops` command and the docs table
// read the list).
#pragma once

#include "ops/operationtype.h"

namespace vw {

QList<OperationType> builtinOperationTypes();

} // namespace vw
