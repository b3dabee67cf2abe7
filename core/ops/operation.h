// A Vault workload operation: owns its setup and cleanup on the server and builds the
// requests of the measured window. One type per file in core/ops/ (its OperationType,
// core/ops/operationtype.h), listed in builtinoperations.cpp (vault-benchmark's test types
// are the model).
#pragma once

#include "http/httpmessage.h"
#include "ops/leasecounter.h"
#include "ops/serviceprobe.h"
#include "vault/workbenchresource.h"

#include <QString>
#include <QVector>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>

namespace vw {

class Operation;
class VaultClient;

/// Set-up inputs common to all operations.
struct SetupContext {
    QString runPrefix; ///< unique per run, e.g. "vwb-7f3a2c": prefixes every mount and role made
        ///< (everything is made through core/ops/opsupport.h, which tags it)
    int opIndex = 0; ///< position in the profile, to keep two ops of one type apart
    /// The profile's operations by position (opIndex is this one); those before opIndex are
    /// set up already. An op that works with another one of the profile reads it here (e.g.
    /// pki_revoke revokes the certificates of the pki_issue before it). Empty when the op is
    /// set up on its own (tests).
    QVector<const Operation *> profileOps{};
    /// The PEM file of the target's client certificate (`target.client_cert`,
    /// docs/profile-format.md "Target") when the target is https, else empty: the mutual-TLS
    /// identity the control plane and the transports present, which cert_login logs in with.
    QString clientCertFile{};
};

/// What one operation keeps for one VU between its requests (e.g. the serial numbers of the
/// certificates this VU issued, for pki_revoke). An operation that needs it derives from this
/// and returns one from Operation::newVuState(); the worker owns one per (VU, operation) and
/// hands it back through VuState::opState. Touched only by the VU's worker thread: no lock.
struct OpVuState {
    virtual ~OpVuState() = default;
};

/// Per-VU state handed to nextRequest() and onResponse(); owned by the VU, never shared
/// between threads.
struct VuState {
    int vu = 0; ///< VU number, 0-based
    uint64_t iteration = 0; ///< requests this VU has sent so far
    std::mt19937_64 rng;
    /// This operation's state for this VU (newVuState()), or nullptr when it keeps none.
    /// Set by the worker before each nextRequest()/onResponse() call.
    OpVuState *opState = nullptr;
    /// The VU's own token (profile `auth:` block, docs/profile-format.md), or empty for the
    /// run's token. The worker puts it on a request whose HttpRequest::token is empty.
    QByteArray token;
    /// Set by nextRequest() to count this request in the row of another operation of the
    /// profile: its position (SetupContext::opIndex), e.g. the issue request pki_revoke sends
    /// when the VU has no certificate to revoke is counted under the profile's pki_issue.
    /// -1 (reset by the worker before each nextRequest()): the operation's own row.
    /// onResponse() still goes to the operation that made the request.
    int countAs = -1;
    /// The VU's request path buffer, kept between its requests: keyedPath()
    /// (core/ops/keyedpath.h) writes a path into it and hands it out shared, and the load
    /// transport drops its reference before the response's completion, so the VU's next path
    /// is rewritten in place (only the key index when the prefix stays) with no allocation.
    QByteArray path;
};

class Operation {
public:
    virtual ~Operation() = default;

    /// The type's name (OperationType::name, e.g. "kv2_read"), written once in the type's
    /// file: OperationRegistry::create() sets it on the operation it makes.
    QString typeName() const { return m_typeName; }
    void setTypeName(const QString &name) { m_typeName = name; }

    /// Control plane, before the measured window, on the run's control thread (never the GUI).
    /// Creates what the op needs under ctx.runPrefix (mounts, roles, keys, seeded data).
    /// Returns false with a clear *error ("enable mount vwb-7f3a-ssh: 403 permission denied").
    virtual bool setup(VaultClient &client, const SetupContext &ctx, QString *error) = 0;

    /// Removes all that setup() made. Idempotent and best effort: called after a failed or
    /// partial setup, after a stop and after a normal run. Returns false with *error if
    /// something could not be removed. The default (nothing made) returns true; an operation
    /// that creates something derives from CreatingOperation (core/ops/creatingoperation.h).
    virtual bool cleanup(VaultClient &client, QString *error)
    {
        (void)client;
        (void)error;
        return true;
    }

    /// What setup() created on the server and cleanup() has not removed yet (kind and path),
    /// in creation order: the run records it (RunRecord::resources) so that a killed run can
    /// be swept (`vault-workbench cleanup SESSION`). An op that creates nothing returns {}.
    virtual QList<WorkbenchResource> resources() const { return {}; }

    /// Hot path, after setup(): the next request for this VU. Must be thread-safe for
    /// concurrent calls with different VuStates (the op itself is read-only after setup).
    virtual HttpRequest nextRequest(VuState &vu) const = 0;

    /// After setup(): the ACL policy rules (HCL, `path "<path>" { capabilities = [...] }`
    /// blocks) that the requests of nextRequest() need and no more: the least-privilege
    /// policy of per-VU credentials (profile `auth:` block, policy "least",
    /// docs/profile-format.md) is the union of the rules of the profile's operations.
    /// Paths are without "/v1/" and may use `+` and `*` as Vault allows. Empty: the requests
    /// need no policy (e.g. sys/health, token self-lookup, logins).
    virtual QString aclRules() const { return {}; }

    /// A fresh per-VU state for this operation (OpVuState), or nullptr (the default) when
    /// the operation keeps none. Called once per VU on its worker thread before the first
    /// request.
    virtual std::unique_ptr<OpVuState> newVuState() const { return nullptr; }

    /// Worker thread, after classify(), for every response of this operation (errors too,
    /// not for requests aborted by a stop): reads what the VU must remember from the
    /// response (e.g. an issued certificate's serial) into vu.opState. Must not block; the
    /// default does nothing.
    virtual void onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const
    {
        (void)vu;
        (void)result;
        (void)errorClass;
    }

    /// Any thread, after setup(): the leases this operation's answers created and its own
    /// requests revoked so far (core/ops/leasecounter.h), read by the run at each stage's end
    /// for the leases per stage (docs/measurement.md "Leases"). nullopt (the default): the
    /// operation's answers carry no lease.
    virtual std::optional<LeaseCounts> leaseCounts() const { return std::nullopt; }
    /// After setup(): the lease prefix of this operation's leases ("<mount>/creds/<role>/"),
    /// whose leases still outstanding the run counts with LIST sys/leases/lookup/<prefix>;
    /// empty (the default) when it has none.
    virtual QString leasePrefix() const { return {}; }
    /// Control thread, after setup(): a reader of the service this operation makes Vault work
    /// against (core/ops/serviceprobe.h), for the run's telemetry thread; nullptr (the
    /// default) when there is none. The run uses the first operation's that has one.
    virtual std::unique_ptr<ServiceProbe> serviceProbe() const { return nullptr; }

    /// Classifies a complete response: ErrorClass::None for success, else the class.
    /// Default: 200 and 204 are success, any other status is HttpStatus.
    virtual ErrorClass classify(const HttpResult &result) const
    {
        if (result.transportError != ErrorClass::None)
            return result.transportError;
        return (result.status == 200 || result.status == 204) ? ErrorClass::None
                                                              : ErrorClass::HttpStatus;
    }

private:
    QString m_typeName;
};

} // namespace vw
