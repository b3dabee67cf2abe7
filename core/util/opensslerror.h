// Small pieces every OpenSSL caller in core/ needs: the owner of an EVP_PKEY and the text of
// OpenSSL's last error (used by core/ops/pkicsr.cpp, sshkeys.cpp and jwtlogin.cpp).
#pragma once

#include <QString>

#include <memory>

typedef struct evp_pkey_st EVP_PKEY;

namespace vw {

/// Frees an EVP_PKEY (EVP_PKEY_free), for std::unique_ptr.
struct EvpPkeyFree {
    void operator()(EVP_PKEY *key) const;
};
using EvpPkeyPtr = std::unique_ptr<EVP_PKEY, EvpPkeyFree>;

/// "<what>: <OpenSSL's text of the oldest error on this thread's queue>" (and takes it off the
/// queue), or "<what>: unknown OpenSSL error" when the queue is empty.
QString opensslError(const char *what);

} // namespace vw
