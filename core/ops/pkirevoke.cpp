#include "ops/pkirevoke.h"

#include "ops/pkiissue.h"

namespace vw {

bool PkiRevokeOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    (void)client;
    const PkiIssueOperation *issue = nullptr;
    for (int i = std::min(ctx.opIndex, int(ctx.profileOps.size())) - 1; i >= 0 && !issue; --i) {
        issue = dynamic_cast<const PkiIssueOperation *>(ctx.profileOps.at(i));
        if (issue)
            m_issueIndex = i;
    }
    if (!issue) {
        if (error)
            *error = QStringLiteral("pki_revoke revokes the certificates of a pki_issue "
                                    "operation: put one (with no_store: false) before it in "
                                    "the profile");
        return false;
    }
    if (issue->params().noStore) {
        if (error)
            *error = QStringLiteral("the pki_issue before pki_revoke (operation %1) has "
                                    "no_store: true; Vault cannot revoke unstored certificates "
                                    "by serial: set no_store: false")
                         .arg(m_issueIndex + 1);
        return false;
    }
    m_mount = issue->issueMount();
    m_issue = issue->issueRequest();
    m_revokePath = "/v1/" + m_mount.toUtf8() + "/revoke";
    return true;
}

std::unique_ptr<OpVuState> PkiRevokeOperation::newVuState() const
{
    return std::make_unique<PkiRevokeVuState>();
}

HttpRequest PkiRevokeOperation::nextRequest(VuState &vu) const
{
    auto *state = static_cast<PkiRevokeVuState *>(vu.opState);
    if (!state || state->serials.empty()) {
        if (state)
            state->lastWasIssue = true;
        vu.countAs = m_issueIndex;
        return m_issue;
    }
    const QByteArray serial = std::move(state->serials.front());
    state->serials.pop_front();
    state->lastWasIssue = false;
    // isPkiSerial() let only hex digits, ':' and '-' in: safe inside the JSON string.
    return {QByteArrayLiteral("POST"), m_revokePath,
            QByteArrayLiteral("{\"serial_number\":\"") + serial + QByteArrayLiteral("\"}")};
}

void PkiRevokeOperation::onResponse(VuState &vu, const HttpResult &result,
                                    ErrorClass errorClass) const
{
    auto *state = static_cast<PkiRevokeVuState *>(vu.opState);
    if (!state || !state->lastWasIssue || errorClass != ErrorClass::None)
        return;
    QByteArray serial = jsonStringMember(result.body, QByteArrayLiteral("serial_number"));
    if (isPkiSerial(serial) && state->serials.size() < PkiRevokeVuState::kMaxQueued)
        state->serials.push_back(std::move(serial));
}

ErrorClass PkiRevokeOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    if (result.body.contains("\"revocation_time\""))
        return ErrorClass::None;
    return classifyCertificateResponse(result); // the issue request
}

QString PkiRevokeOperation::aclRules() const
{
    return QStringLiteral("path \"%1/issue/bench\" {\n  capabilities = [\"update\"]\n}\n"
                          "path \"%1/revoke\" {\n  capabilities = [\"update\"]\n}\n")
        .arg(m_mount);
}

OperationType pkiRevokeType()
{
    OperationType t;
    t.name = QStringLiteral("pki_revoke");
    t.group = OperationGroup::Pki;
    t.description = QStringLiteral("PKI: revoke a certificate this VU issued earlier in the run "
                                   "(when it has none, an issue request counted as pki_issue)");
    t.request = QStringLiteral("POST /v1/<mount>/revoke");
    t.setup = QStringLiteral("nothing: uses the CA and role of the pki_issue before it in the "
                             "profile, which must have `no_store: false`");
    t.create = [](const OpParams &) -> std::unique_ptr<Operation> {
        return std::make_unique<PkiRevokeOperation>();
    };
    return t;
}

} // namespace vw
