#include "ops/unwrap.h"

#include "ops/pkicommon.h"
#include "ops/wrap.h"

#include <utility>

namespace vw {

bool UnwrapOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    (void)client;
    for (int i = ctx.opIndex - 1; i >= 0; --i) {
        if (i >= ctx.profileOps.size())
            continue;
        if (const auto *wrap = dynamic_cast<const WrapOperation *>(ctx.profileOps.at(i))) {
            m_wrapIndex = i;
            m_wrap = wrap->request();
            return true;
        }
    }
    if (error)
        *error = QStringLiteral("unwrap needs a wrap operation before it in the profile (it "
                                "unwraps the tokens of that wrap's requests)");
    return false;
}

std::unique_ptr<OpVuState> UnwrapOperation::newVuState() const
{
    return std::make_unique<UnwrapVuState>();
}

HttpRequest UnwrapOperation::nextRequest(VuState &vu) const
{
    auto *state = static_cast<UnwrapVuState *>(vu.opState);
    if (!state || state->token.isEmpty()) {
        if (state)
            state->lastWasWrap = true;
        vu.countAs = m_wrapIndex;
        return m_wrap;
    }
    state->lastWasWrap = false;
    HttpRequest r{QByteArrayLiteral("POST"), QByteArrayLiteral("/v1/sys/wrapping/unwrap"), {}};
    r.token = std::exchange(state->token, QByteArray());
    return r;
}

void UnwrapOperation::onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const
{
    auto *state = static_cast<UnwrapVuState *>(vu.opState);
    if (!state || !state->lastWasWrap || errorClass != ErrorClass::None)
        return;
    QByteArray token = jsonStringMember(result.body, QByteArrayLiteral("token"));
    if (isVaultToken(token))
        state->token = std::move(token);
}

ErrorClass UnwrapOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    // A wrap answer (counted as the wrap) carries the token; an unwrap answer the data.
    return result.body.contains("\"data\":{") || result.body.contains("\"token\":\"")
               ? ErrorClass::None
               : ErrorClass::InvalidResponse;
}

QString UnwrapOperation::aclRules() const
{
    return QStringLiteral("path \"sys/wrapping/wrap\" {\n  capabilities = [\"update\"]\n}\n");
}

OperationType unwrapType()
{
    OperationType t;
    t.name = QStringLiteral("unwrap");
    t.group = OperationGroup::Cubbyhole;
    t.description = QStringLiteral("unwrap of a wrapping token this VU got from the profile's "
                                   "wrap (every other request is that wrap, counted as it)");
    t.request = QStringLiteral("POST /v1/sys/wrapping/unwrap (X-Vault-Token: the wrapping token)");
    t.setup = QStringLiteral("nothing; needs a wrap before it in the profile");
    t.create = [](const OpParams &) -> std::unique_ptr<Operation> {
        return std::make_unique<UnwrapOperation>();
    };
    return t;
}

} // namespace vw
