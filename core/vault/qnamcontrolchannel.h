// The control plane's QNetworkAccessManager channel (controlchannel.h, "qnam"): kept for
// comparison with the direct one. Qt follows no redirect (ManualRedirectPolicy); a 307/308
// inside the target is followed here (redirectpolicy.h). Qt's own following sent the token to
// any host, and about one redirected POST/DELETE in two finished with UnknownNetworkError
// although the active node had answered 204 (tests/integration/tst_redirect.cpp).
// Thread affinity: made, used and destroyed on one thread (it owns its manager).
#pragma once

#include "http/redirectpolicy.h"
#include "vault/controlchannel.h"

#include <QList>
#include <QSslConfiguration>
#include <QUrl>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QSslError;

namespace vw {

class QnamControlChannel final : public ControlChannel {
public:
    explicit QnamControlChannel(const TargetSpec &target);
    ~QnamControlChannel() override;
    ControlAnswer exchange(const ControlRequest &request) override;

private:
    std::unique_ptr<QNetworkReply> hop(const ControlRequest &request, const QUrl &url,
                                       QList<QSslError> *sslErrors, bool *timedOut);

    TargetSpec m_target;
    std::unique_ptr<QNetworkAccessManager> m_nam; // made on first use
    QSslConfiguration m_ssl; // https only: CA file/folder, skip-verify, client cert applied
    QString m_tlsSetupError; // the TLS files could not be used: every exchange fails with Tls
    RedirectPolicy m_redirects;
};

} // namespace vw
