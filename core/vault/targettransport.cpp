#include "vault/targettransport.h"

namespace vw {

TransportConfig transportConfigFor(const TargetSpec &target, const QString &address,
                                   const QByteArray &token)
{
    TransportConfig config;
    config.baseUrl = QUrl(address);
    for (const QString &node : target.addresses)
        config.nodeAddresses.append(QUrl(node));
    config.token = token;
    config.vaultNamespace = target.vaultNamespace.toUtf8();
    config.caFile = target.caFile;
    config.caPath = target.caPath;
    config.clientCertFile = target.clientCert;
    config.clientKeyFile = target.clientKey;
    config.tlsSkipVerify = target.tlsSkipVerify;
    config.requestTimeoutMs = target.requestTimeoutMs;
    return config;
}

} // namespace vw
