// totp_generate: GET /v1/<mount>/code/bench: the current code of a TOTP key the server
// generated at setup (generate mode, not exported). Success is 200 with data.code.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operationtype.h"
#include "ops/totpcommon.h"

namespace vw {

class TotpGenerateOperation : public CreatingOperation {
public:
    explicit TotpGenerateOperation(const TotpParams &params)
        : m_params(params)
    {
    }
    /// Enables "<runPrefix>-totp-<opIndex>" and creates key "bench" in generate mode.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 with "code" in the body; 200 without it is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/code/bench".
    QString aclRules() const override;

private:
    TotpParams m_params;
    QByteArray m_path; ///< "/v1/<mount>/code/bench"
};

OperationType totpGenerateType();

} // namespace vw
