#include "ops/builtinoperations.h"

#include "ops/kv1read.h"
#include "ops/kv1write.h"
#include "ops/kv2list.h"
#include "ops/kv2metadataread.h"
#include "ops/kv2read.h"
#include "ops/kv2write.h"
#include "ops/sshissue.h"
#include "ops/sshsign.h"
#include "ops/syshealth.h"
#include "ops/sysleader.h"
#include "ops/sysseal.h"
#include "ops/totpgenerate.h"
#include "ops/totpvalidate.h"

namespace vw {

QList<OperationType> builtinOperationTypes()
{
    return {sysHealthType(), kv2ReadType(), kv2WriteType(), sshSignType(),
            kv1ReadType(),
            kv1WriteType(),
            kv2ListType(),
            kv2MetadataReadType(),
            sshIssueType(),
            totpGenerateType(),
            totpValidateType(),
            sysSealStatusType(),
            sysLeaderType()};
}

} // namespace vw
