#include "ops/builtinoperations.h"

#include "ops/kv2read.h"
#include "ops/kv2write.h"
#include "ops/pkicrlread.h"
#include "ops/pkiissue.h"
#include "ops/pkirevoke.h"
#include "ops/pkisign.h"
#include "ops/sshsign.h"
#include "ops/syshealth.h"

namespace vw {

QList<OperationType> builtinOperationTypes()
{
    return {sysHealthType(), kv2ReadType(), kv2WriteType(), sshSignType(),
            pkiIssueType(), pkiSignType(), pkiRevokeType(), pkiCrlReadType()};
}

} // namespace vw
