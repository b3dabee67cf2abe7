#include "ops/builtinoperations.h"

#include "ops/approlelogin.h"
#include "ops/certlogin.h"
#include "ops/cubbyholeread.h"
#include "ops/cubbyholewrite.h"
#include "ops/identityentitycreate.h"
#include "ops/identityentitylookup.h"
#include "ops/identitygroupcreate.h"
#include "ops/identitygrouplookup.h"
#include "ops/jwtlogin.h"
#include "ops/ldaplogin.h"
#include "ops/ldapsecrets.h"
#include "ops/dbpostgrescreds.h"
#include "ops/dbpostgresstaticread.h"
#include "ops/dbmysqlcreds.h"
#include "ops/dbrediscreds.h"
#include "ops/dbredisstaticread.h"
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
#include "ops/unwrap.h"
#include "ops/userpasslogin.h"
#include "ops/wrap.h"

namespace vw {

QList<OperationType> builtinOperationTypes()
{
    // The order of `vault-workbench ops` and of the docs table: the first four types, then
    // each later one after them. One line per type, so that adding one is one line here.
    QList<OperationType> types;
    types.append(sysHealthType());
    types.append(kv2ReadType());
    types.append(kv2WriteType());
    types.append(sshSignType());
    types.append(sysSealStatusType());
    types.append(sysLeaderType());
    types.append(kv1ReadType());
    types.append(kv1WriteType());
    types.append(kv2ListType());
    types.append(kv2MetadataReadType());
    types.append(sshIssueType());
    types.append(pkiIssueType());
    types.append(pkiSignType());
    types.append(pkiRevokeType());
    types.append(pkiCrlReadType());
    types.append(transitSignType());
    types.append(transitVerifyType());
    types.append(transitEncryptType());
    types.append(transitDecryptType());
    types.append(transitHmacType());
    types.append(totpGenerateType());
    types.append(totpValidateType());
    types.append(appRoleLoginType());
    types.append(userpassLoginType());
    types.append(tokenCreateType());
    types.append(tokenLookupSelfType());
    types.append(tokenRenewSelfType());
    types.append(certLoginType());
    types.append(jwtLoginType());
    types.append(ldapLoginType());
    types.append(identityEntityCreateType());
    types.append(identityEntityLookupType());
    types.append(identityGroupCreateType());
    types.append(identityGroupLookupType());
    types.append(cubbyholeWriteType());
    types.append(cubbyholeReadType());
    types.append(wrapType());
    types.append(unwrapType());
    types.append(dbPostgresCredsType());
    types.append(dbPostgresStaticReadType());
    types.append(dbMysqlCredsType());
    types.append(dbRedisCredsType());
    types.append(dbRedisStaticReadType());
    types.append(ldapDynamicCredsType());
    types.append(ldapStaticReadType());
    return types;
}

} // namespace vw
