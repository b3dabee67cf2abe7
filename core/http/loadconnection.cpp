#include "http/loadconnection.h"

#include <QUrl>
#include <cstring>

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>

namespace vw {

bool resolveTarget(DirectTarget *target)
{
    target->addressLength = 0;
    target->addressError.clear();
    target->sessionKey = target->host.toStdString() + ':' + std::to_string(target->port);
    QByteArray host = target->host.toUtf8();
    if (host.startsWith('[') && host.endsWith(']'))
        host = host.mid(1, host.size() - 2);
    auto *v4 = reinterpret_cast<sockaddr_in *>(&target->address);
    auto *v6 = reinterpret_cast<sockaddr_in6 *>(&target->address);
    std::memset(&target->address, 0, sizeof target->address);
    if (inet_pton(AF_INET, host.constData(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(target->port);
        target->addressLength = sizeof(sockaddr_in);
        return true;
    }
    if (inet_pton(AF_INET6, host.constData(), &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(target->port);
        target->addressLength = sizeof(sockaddr_in6);
        return true;
    }
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_family = AF_UNSPEC;
    addrinfo *found = nullptr;
    const QByteArray ace = QUrl::toAce(target->host);
    const int rc =
        getaddrinfo(ace.isEmpty() ? host.constData() : ace.constData(), nullptr, &hints, &found);
    if (rc != 0 || !found) {
        target->addressError = QStringLiteral("host %1 not found: %2")
                                   .arg(target->host, QString::fromLocal8Bit(gai_strerror(rc)));
        return false;
    }
    std::memcpy(&target->address, found->ai_addr, found->ai_addrlen);
    target->addressLength = socklen_t(found->ai_addrlen);
    freeaddrinfo(found);
    if (target->address.ss_family == AF_INET)
        v4->sin_port = htons(target->port);
    else
        v6->sin6_port = htons(target->port);
    return true;
}

} // namespace vw
