// The response headers the control plane reads (core/vault/vaultclient.h: Retry-After for its
// retries, X-Vault-Index for read-your-writes, Content-Type for text/plain answers, the reason
// phrase for errors without text). The response parsers keep them only when asked
// (HttpResponseParser::setKeepControlHeaders, DirectTransport::setControlHeaders): the load
// path keeps none, so it copies no header per request but Location.
#pragma once

#include <QByteArray>
#include <cstddef>

namespace vw {

struct ControlHeaders {
    /// Values longer than this are cut (bytes).
    static constexpr int kMaxValueBytes = 8192;
    QByteArray contentType; ///< Content-Type, raw value; empty when absent
    QByteArray retryAfter; ///< Retry-After, raw value
    QByteArray vaultIndex; ///< X-Vault-Index, raw value (opaque)
    QByteArray reason; ///< the status line's reason phrase ("Too Many Requests")

    void clear()
    {
        contentType.clear();
        retryAfter.clear();
        vaultIndex.clear();
        reason.clear();
    }
    bool operator==(const ControlHeaders &o) const
    {
        return contentType == o.contentType && retryAfter == o.retryAfter
               && vaultIndex == o.vaultIndex && reason == o.reason;
    }
    bool operator!=(const ControlHeaders &o) const { return !(*this == o); }

    /// The field that header `name` (`length` bytes, any case) is kept in, or nullptr.
    QByteArray *fieldFor(const char *name, size_t length);
};

/// Every byte value in ASCII lower case (bytes other than A-Z unchanged): one load per byte
/// where a range test and a branch were (the response parser's hot path).
struct AsciiLowerTable {
    char t[256];
    constexpr AsciiLowerTable()
        : t{}
    {
        for (int c = 0; c < 256; ++c)
            t[c] = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
};
inline constexpr AsciiLowerTable kAsciiLower{};

/// `p` (`n` bytes) equals the lower-case ASCII `lower` (`m` bytes), ignoring ASCII case:
/// header names (the response parser's and fieldFor()).
inline bool equalsLowerAscii(const char *p, size_t n, const char *lower, size_t m)
{
    if (n != m)
        return false;
    for (size_t i = 0; i < n; ++i)
        if (kAsciiLower.t[static_cast<unsigned char>(p[i])] != lower[i])
            return false;
    return true;
}

/// Appends up to ControlHeaders::kMaxValueBytes of a value to `field`, bytes.
void appendControlValue(QByteArray *field, const char *data, size_t length);

} // namespace vw
