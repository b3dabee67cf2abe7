// What the target address of a run is: a single server, a node of a local cluster, or a load
// balancer in front of nodes (docs/session-format.md, "target.topology"). Known when the
// address names a node of a local target (`--addr lb`, the GUI's Local target row; resolved
// by core/vault/targetresolver.h from core/vault/localtargetstate.h); unknown (kind empty)
// for any other address, which could be any of them. Plain data; any thread.
#pragma once

#include <QString>
#include <QStringList>

namespace vw {

struct TargetTopology {
    /// "" (unknown), "dev" (a dev server), "node" (a bao node of a raft or cluster target)
    /// or "load_balancer" (nginx or HAProxy in front of the bao nodes).
    QString kind;
    QString node; ///< the local target's node name ("lb", "leader", "dev"); empty if unknown
    QString balancer; ///< "nginx" or "haproxy" when kind is "load_balancer"
    /// With a balancer: where it sends requests, "any" (every unsealed node) or "active"
    /// (docs/local-targets.md, "Load balancers and failover").
    QString lbRoute;
    /// With a balancer: the bao nodes behind it (scheme://host:port), the leader first.
    QStringList backends;

    bool isLoadBalancer() const { return kind == QLatin1String("load_balancer"); }
    /// "load balancer nginx (route any) over 3 nodes", "node leader", "dev server dev";
    /// empty when unknown.
    QString describe() const;
    bool operator==(const TargetTopology &o) const
    {
        return kind == o.kind && node == o.node && balancer == o.balancer && lbRoute == o.lbRoute
               && backends == o.backends;
    }
};

} // namespace vw
