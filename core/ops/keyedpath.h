// Request paths of the form "<prefix><index>" (KV keys, cubbyhole keys, TOTP keys) built once
// per VU and rewritten in place: the hot path's request line without an allocation per request
// (docs/performance.md, "Fixed costs and the control plane").
#pragma once

#include "ops/operation.h"

#include <QByteArray>
#include <cstdint>

namespace vw {

/// `prefix` followed by `index` in decimal (e.g. "/v1/vwb-7f3a-kv2-0/data/key-" and 17), written
/// into vu.path and returned as a shallow (implicitly shared) copy of it. While vu.path still
/// starts with `prefix` only the digits are rewritten; once the buffer has grown to the
/// longest path, a call allocates nothing as long as no one else holds the previous path
/// (the load transports release it before the completion: core/http/directtransport.cpp).
QByteArray keyedPath(VuState &vu, const QByteArray &prefix, uint64_t index);

} // namespace vw
