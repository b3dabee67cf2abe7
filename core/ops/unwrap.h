// unwrap: POST /v1/sys/wrapping/unwrap sent with a wrapping token (as X-Vault-Token) that this
// VU got earlier in the run from the `wrap` operation before it in the profile, whose data it
// answers; the token is then spent (single use).
//
// Where the tokens come from (as pki_revoke's serials, core/ops/pkirevoke.h): each VU keeps
// the one wrapping token of its last wrap (UnwrapVuState, touched only by its worker thread).
// When it has none, the request unwrap sends is that wrap operation's request, counted in the
// wrap's row (VuState::countAs), and onResponse() keeps the token it answered; the next unwrap
// request of the VU spends it. So a VU's unwrap requests alternate wrap (counted as wrap) and
// unwrap (counted as unwrap), and unwrap's row holds unwraps only. A failed wrap keeps
// nothing; a failed unwrap is an error and its token is not retried (it expires after the
// wrap's `wrap_ttl`). Setup makes nothing; it fails with a clear error without a `wrap`
// earlier in the profile. Takes no params. Success is 200 with a `data` member (the wrapped
// value).
#pragma once

#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

struct UnwrapVuState : OpVuState {
    QByteArray token; ///< the wrapping token to spend next, empty for none
    bool lastWasWrap = false; ///< the request in flight is a wrap request
};

class UnwrapOperation : public Operation {
public:
    /// Finds the wrap before it in ctx.profileOps; makes nothing on the server.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    std::unique_ptr<OpVuState> newVuState() const override;
    /// Keeps the wrapping token of a successful wrap response.
    void onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const override;
    /// Update on sys/wrapping/wrap (the wrap requests; an unwrap is sent with its wrapping
    /// token, whose own policy allows it).
    QString aclRules() const override;

private:
    int m_wrapIndex = -1;
    HttpRequest m_wrap;
};

OperationType unwrapType();

} // namespace vw
