#include "ops/builtinoperations.h"

namespace vw {

// Filled by the operation files (sys_health, kv2_read, kv2_write, ssh_sign).
QList<OperationType> builtinOperationTypes()
{
    return {};
}

} // namespace vw
