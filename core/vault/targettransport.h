// The transport settings of a target (TargetSpec, targetspec.h -> TransportConfig,
// core/http/transport.h): one place for the load path's workers (core/engine/workerpool.cpp)
// and the control plane's direct channel (directcontrolchannel.h).
#pragma once

#include "http/transport.h"
#include "vault/targetspec.h"

namespace vw {

/// `target`'s nodes, namespace, TLS files and timeout for a transport to `address` (one of
/// target.loadAddresses()) sending `token` (empty: none unless a request carries its own).
TransportConfig transportConfigFor(const TargetSpec &target, const QString &address,
                                   const QByteArray &token);

} // namespace vw
