#include "ops/builtinoperations.h"

#include "ops/kv2read.h"
#include "ops/kv2write.h"
#include "ops/pkicrlread.h"
#include "ops/pkiissue.h"
#include "ops/pkirevoke.h"
#include "ops/pkisign.h"
#include "ops/sshsign.h"
#include "ops/syshealth.h"
#include "ops/transitdecrypt.h"
#include "ops/transitencrypt.h"
#include "ops/transithmac.h"
#include "ops/transitsign.h"
#include "ops/transitverify.h"

namespace vw {

QList<OperationType> builtinOperationTypes()
{
    return {sysHealthType(), kv2ReadType(), kv2WriteType(), sshSignType(),
            pkiIssueType(), pkiSignType(), pkiRevokeType(), pkiCrlReadType(),
            transitSignType(), transitVerifyType(), transitEncryptType(), transitDecryptType(),
            transitHmacType()};
}

} // namespace vw
