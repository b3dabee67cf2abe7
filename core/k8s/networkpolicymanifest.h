// networkpolicy.yaml of `k8s render` (docs/distributed.md, "Security"): the shards' pods take
// no ingress at all, and reach only DNS (port 53 UDP and TCP in the kube-system namespace)
// and the Vault address. An address that is an IP is an ipBlock of that one address and its
// port; a host name cannot be written as a destination (a NetworkPolicy has no DNS names),
// so the rule allows its port to any destination, and the file says so in a comment.
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace vw::k8s {

/// The Vault address as the egress rule needs it.
struct VaultEndpoint {
    QString host; ///< an IP (no brackets) or a name
    int port = 0; ///< the URL's, else 80 (http) or 443 (https)
    bool isIp = false;
    QString cidr; ///< "10.0.0.5/32", "fd00::5/128" when isIp
};
/// nullopt and *error unless `address` is http(s)://host[:port][/].
std::optional<VaultEndpoint> vaultEndpoint(const QString &address, QString *error);

/// The NetworkPolicy <name> selecting the pods by podLabels(name).
QByteArray renderNetworkPolicy(const QString &name, const QString &kubeNamespace,
                               const VaultEndpoint &vault);

} // namespace vw::k8s
