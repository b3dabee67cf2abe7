// The `auth:` block of a profile (core/profile/authspec.h, docs/profile-format.md), with
// located errors. Used by profileparser.cpp; a session's run plan keeps the result
// (core/profile/planjson.h).
#pragma once

#include "profile/authspec.h"
#include "profile/yamlfieldreader.h"

namespace vw {

/// The shortest `ttl`: renewals come at half of it, from the run's control thread.
constexpr qint64 kMinAuthTtlMs = 10 * 1000;

/// The keys `auth:` accepts: method, policy, per, ttl (also the editor's completion list).
QStringList authKeys();
/// The values `auth.per` accepts: vu (default), run.
QStringList authPerValues();

/// `auth: { method: approle, policy: least, per: vu, ttl: 10m }` at `n`: method required (one
/// of AuthSpec::methods()), policy "least" (default) or HCL text with at least one `path`
/// block, per "vu" (default) or "run", ttl a duration 10s..24h in whole seconds (default 10m).
/// Errors go to `r` with line, column and field ("auth.per").
void parseAuthBlock(YamlFieldReader &r, const YAML::Node &n, AuthSpec *out);

} // namespace vw
