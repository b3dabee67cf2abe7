// pki_revoke: POST /v1/<mount>/revoke {"serial_number": ...} for a certificate this VU issued
// earlier in the run, on the CA of the pki_issue operation before it in the profile (the HVD
// study measured issue and revoke as two operations of one mix).
//
// Where the serials come from: each VU keeps its own queue (PkiRevokeVuState, touched only by
// the VU's worker thread, no lock). When the queue is empty, the request pki_revoke sends is a
// real issue request on that pki_issue's role (the same path and body), counted in pki_issue's
// row (VuState::countAs), and onResponse() queues the serial of the certificate it got; the
// next pki_revoke request of the VU revokes it. So a VU's pki_revoke requests alternate issue
// (counted as pki_issue) and revoke (counted as pki_revoke), and pki_revoke's row holds
// revocations only. A failed issue queues nothing; a failed revoke is counted as an error and
// its serial is not retried. The profile's weights: pki_revoke weight w sends about w/2
// revocations and w/2 issues; pki_issue's own weight adds issues that nothing revokes.
//
// Setup makes nothing: it needs a pki_issue earlier in the profile with `no_store: false`
// (Vault cannot revoke an unstored certificate by serial), else it fails with a clear error.
// Takes no params. Success is 200 with data.revocation_time (revoke) or data.serial_number
// (its issue request).
#pragma once

#include "ops/pkicommon.h"

#include <deque>

namespace vw {

/// One VU's certificates to revoke, oldest first.
struct PkiRevokeVuState : OpVuState {
    static constexpr size_t kMaxQueued = 1024; ///< bound; more serials are not queued
    std::deque<QByteArray> serials;
    bool lastWasIssue = false; ///< the request in flight is an issue request
};

class PkiRevokeOperation : public Operation {
public:
    /// Finds the pki_issue before it in ctx.profileOps; makes nothing on the server.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// Nothing to remove: the certificates go with pki_issue's mount.
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    std::unique_ptr<OpVuState> newVuState() const override;
    /// Queues the serial of a successful issue response.
    void onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const override;
    /// Update on "<mount>/issue/bench" and "<mount>/revoke".
    QString aclRules() const override;

private:
    int m_issueIndex = -1; ///< the pki_issue's position in the profile
    QString m_mount; ///< its issuing mount
    HttpRequest m_issue; ///< its issue request
    QByteArray m_revokePath; ///< "/v1/<mount>/revoke"
};

OperationType pkiRevokeType();

} // namespace vw
