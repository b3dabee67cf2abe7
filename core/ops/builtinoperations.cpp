#include "ops/builtinoperations.h"

#include "ops/approlelogin.h"
#include "ops/kv2read.h"
#include "ops/kv2write.h"
#include "ops/sshsign.h"
#include "ops/syshealth.h"
#include "ops/tokencreate.h"
#include "ops/tokenself.h"
#include "ops/userpasslogin.h"

namespace vw {

QList<OperationType> builtinOperationTypes()
{
    return {sysHealthType(), kv2ReadType(), kv2WriteType(), sshSignType(),
            // auth methods and tokens
            appRoleLoginType(), userpassLoginType(), tokenCreateType(), tokenLookupSelfType(),
            tokenRenewSelfType()};
}

} // namespace vw
