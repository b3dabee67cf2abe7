#include "k8s/networkpolicymanifest.h"

#include "k8s/k8srender.h"

#include <QHostAddress>
#include <QUrl>

namespace vw::k8s {

std::optional<VaultEndpoint> vaultEndpoint(const QString &address, QString *error)
{
    const QUrl url(address, QUrl::StrictMode);
    const QString scheme = url.scheme();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        || url.host().isEmpty() || !url.userInfo().isEmpty() || url.hasQuery() || url.hasFragment()
        || (!url.path().isEmpty() && url.path() != QLatin1String("/"))) {
        *error = QStringLiteral("--addr: \"%1\" is not http(s)://host[:port]").arg(address);
        return std::nullopt;
    }
    VaultEndpoint v;
    v.host = url.host();
    v.port = url.port(scheme == QLatin1String("https") ? 443 : 80);
    const QHostAddress ip(v.host);
    v.isIp = !ip.isNull();
    if (v.isIp)
        v.cidr = ip.toString()
                 + (ip.protocol() == QAbstractSocket::IPv6Protocol ? QStringLiteral("/128")
                                                                   : QStringLiteral("/32"));
    return v;
}

QByteArray renderNetworkPolicy(const QString &name, const QString &kubeNamespace,
                               const VaultEndpoint &vault)
{
    YAML::Emitter e;
    e << YAML::BeginMap;
    emitPair(e, "apiVersion", QStringLiteral("networking.k8s.io/v1"));
    emitPair(e, "kind", QStringLiteral("NetworkPolicy"));
    emitMetadata(e, name, kubeNamespace, podLabels(name));
    e << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "podSelector" << YAML::Value << YAML::BeginMap;
    emitStringMap(e, "matchLabels", podLabels(name));
    e << YAML::EndMap;
    // Both types, and no ingress rule: every connection to the pods is refused.
    emitStringList(e, "policyTypes", {QStringLiteral("Ingress"), QStringLiteral("Egress")});
    e << YAML::Key << "egress" << YAML::Value << YAML::BeginSeq;
    // DNS: the cluster's resolver lives in kube-system.
    e << YAML::BeginMap;
    e << YAML::Key << "to" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    e << YAML::Key << "namespaceSelector" << YAML::Value << YAML::BeginMap;
    emitStringMap(e, "matchLabels",
                  {QStringLiteral("kubernetes.io/metadata.name"), QStringLiteral("kube-system")});
    e << YAML::EndMap << YAML::EndMap << YAML::EndSeq;
    e << YAML::Key << "ports" << YAML::Value << YAML::BeginSeq;
    for (const char *protocol : {"UDP", "TCP"}) {
        e << YAML::BeginMap;
        emitPair(e, "protocol", QLatin1String(protocol));
        emitPair(e, "port", qint64(53));
        e << YAML::EndMap;
    }
    e << YAML::EndSeq << YAML::EndMap;
    // Vault.
    e << YAML::BeginMap;
    if (vault.isIp) {
        e << YAML::Key << "to" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
        e << YAML::Key << "ipBlock" << YAML::Value << YAML::BeginMap;
        emitPair(e, "cidr", vault.cidr);
        e << YAML::EndMap << YAML::EndMap << YAML::EndSeq;
    }
    e << YAML::Key << "ports" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    emitPair(e, "protocol", QStringLiteral("TCP"));
    emitPair(e, "port", qint64(vault.port));
    e << YAML::EndMap << YAML::EndSeq;
    e << YAML::EndMap;
    e << YAML::EndSeq; // egress
    e << YAML::EndMap; // spec
    e << YAML::EndMap;
    QStringList header = {
        QStringLiteral("The shards take no connection and reach only DNS and Vault at %1:%2.")
            .arg(vault.host)
            .arg(vault.port)};
    if (!vault.isIp)
        header << QStringLiteral("%1 is a name: a NetworkPolicy cannot name a destination, so the "
                                 "last rule opens port %2 to any address;")
                      .arg(vault.host)
                      .arg(vault.port)
               << QStringLiteral("narrow it to Vault's pods or range if that is too wide "
                                 "(docs/distributed.md, \"Security\").");
    return documentText(e, header);
}

} // namespace vw::k8s
