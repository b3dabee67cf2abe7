// Leases an operation's answers create and its own requests revoke, counted on the worker
// threads (lock-free) and read by the run at each stage's end (docs/measurement.md "Leases").
// Used by every operation whose answer is a lease (dynamic database, Redis, LDAP
// credentials): it holds a LeaseCounter and returns its counts from
// Operation::leaseCounts() (core/ops/operation.h).
#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <atomic>

namespace vw {

/// Leases over the whole run so far, all VUs: `created` answers that carried a lease_id,
/// `revoked` 204 answers of the operation's own PUT sys/leases/revoke.
struct LeaseCounts {
    qint64 created = 0;
    qint64 revoked = 0;
};

class LeaseCounter {
public:
    /// Worker threads: one more lease created / revoked.
    void addCreated() const { m_created.fetch_add(1, std::memory_order_relaxed); }
    void addRevoked() const { m_revoked.fetch_add(1, std::memory_order_relaxed); }
    /// Any thread: the counts so far.
    LeaseCounts counts() const
    {
        return {m_created.load(std::memory_order_relaxed),
                m_revoked.load(std::memory_order_relaxed)};
    }

private:
    mutable std::atomic<qint64> m_created{0};
    mutable std::atomic<qint64> m_revoked{0};
};

/// The lease_id of a Vault answer ("<mount>/creds/<role>/<id>"), empty when it has none.
QByteArray leaseIdOf(const QByteArray &body);

} // namespace vw
