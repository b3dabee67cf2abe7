#include "ops/builtinoperations.h"

#include "ops/approlelogin.h"
#include "ops/certlogin.h"
#include "ops/kv1read.h"
#include "ops/kv1write.h"
#include "ops/kv2list.h"
#include "ops/kv2metadataread.h"
#include "ops/kv2read.h"
#include "ops/kv2write.h"
#include "ops/pkicrlread.h"
#include "ops/pkiissue.h"
#include "ops/pkirevoke.h"
#include "ops/pkisign.h"
#include "ops/sshissue.h"
#include "ops/sshsign.h"
#include "ops/syshealth.h"
#include "ops/sysleader.h"
#include "ops/sysseal.h"
#include "ops/totpgenerate.h"
#include "ops/totpvalidate.h"
#include "ops/transitdecrypt.h"
#include "ops/transitencrypt.h"
#include "ops/transithmac.h"
#include "ops/transitsign.h"
#include "ops/transitverify.h"
#include "ops/tokencreate.h"
#include "ops/tokenself.h"
#include "ops/userpasslogin.h"

namespace vw {

QList<OperationType> builtinOperationTypes()
{
    // The order of `vault-workbench ops` and of the docs table: the first four types, then
    // each later one after them.
    return {sysHealthType(),     kv2ReadType(),         kv2WriteType(),       sshSignType(),
            sysSealStatusType(), sysLeaderType(),       kv1ReadType(),        kv1WriteType(),
            kv2ListType(),       kv2MetadataReadType(), sshIssueType(),       pkiIssueType(),
            pkiSignType(),       pkiRevokeType(),       pkiCrlReadType(),     transitSignType(),
            transitVerifyType(), transitEncryptType(),  transitDecryptType(), transitHmacType(),
            totpGenerateType(),  totpValidateType(),    appRoleLoginType(),   userpassLoginType(),
            tokenCreateType(),   tokenLookupSelfType(), tokenRenewSelfType(), certLoginType()};
}

} // namespace vw
