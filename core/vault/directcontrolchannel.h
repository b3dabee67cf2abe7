// The control plane's direct channel (controlchannel.h, the default): the load path's lean
// client (core/http/directtransport.h) with one keep-alive connection to the target, made
// on first use on the calling thread's FdLoop (nested in its Qt event loop): seeding 100
// secrets is 100 requests on one socket, one send() and usually one recv() each, instead of
// QNetworkAccessManager's thread hops and one read() per header byte (docs/performance.md,
// "Fixed costs and the control plane"). The transport keeps the control headers
// (DirectTransport::setControlHeaders) and follows a 307/308 inside the target itself.
// Thread affinity: made, used and destroyed on one thread, never from inside a handler of
// that thread's FdLoop (VaultClient then uses the qnam channel for that request).
#pragma once

#include "vault/controlchannel.h"

#include <memory>

namespace vw {

class DirectTransport;

class DirectControlChannel final : public ControlChannel {
public:
    explicit DirectControlChannel(const TargetSpec &target);
    ~DirectControlChannel() override;
    ControlAnswer exchange(const ControlRequest &request) override;

private:
    TargetSpec m_target;
    QByteArray m_pathPrefix; // the address's own path ("" for "http://host:8200")
    std::unique_ptr<DirectTransport> m_transport; // made on first use
    QString m_setupError; // the transport could not be made: every exchange fails with it
    ErrorClass m_setupClass = ErrorClass::None;
};

} // namespace vw
