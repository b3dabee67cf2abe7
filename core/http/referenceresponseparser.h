// The reference HTTP/1.1 response parser: a thin wrapper around the `http-parser` library
// (Debian libhttp-parser-dev, <http_parser.h>). Handles status line, headers, Content-Length,
// chunked and close-delimited bodies, and keep-alive semantics; interim 1xx responses (but
// 101) are skipped, the final response is the one reported; a HEAD response has no body.
// It is what HttpResponseParser (httpresponseparser.h, the transport's fast parser) falls
// back to outside the subset it parses itself, and the reference that tests/fuzz/
// fuzz_responseparser.cpp compares it with on every input.
// One parser per connection; reset() before each response. Not thread-safe (one thread).
#pragma once

#include "http/controlheaders.h"

#include <http_parser.h>

#include <QByteArray>
#include <QString>
#include <cstddef>

namespace vw {

class ReferenceResponseParser {
public:
    enum class State {
        NeedMore, ///< the response is not complete yet
        Complete, ///< a whole response was parsed (status(), body(), keepAlive() are valid)
        Error, ///< malformed HTTP (errorText()); the connection must be dropped
    };

    /// Bodies larger than this are truncated (bytes). Vault answers are a few KiB.
    static constexpr int kMaxBodyBytes = 4 * 1024 * 1024;
    /// Location values longer than this are truncated (bytes).
    static constexpr int kMaxLocationBytes = 8192;

    ReferenceResponseParser();
    ReferenceResponseParser(const ReferenceResponseParser &) = delete;
    ReferenceResponseParser &operator=(const ReferenceResponseParser &) = delete;

    /// Starts a new response; keeps the body buffer's capacity. `headRequest`: the answer to
    /// a HEAD request (no body, whatever its headers say).
    void reset(bool headRequest = false);

    /// Feeds received bytes. *consumed (optional) is the number of bytes that belong to this
    /// response; bytes after a complete response are not consumed (the caller treats them as
    /// a protocol violation, since the transport never pipelines).
    State feed(const char *data, size_t length, size_t *consumed = nullptr);

    /// The peer closed the connection: completes a close-delimited body, else Error.
    State feedEof();

    State state() const { return m_state; }
    bool started() const { return m_started; } ///< any byte of this response was fed
    int status() const { return m_status; } ///< HTTP status, valid when Complete
    bool keepAlive() const { return m_keepAlive; } ///< the connection may be reused
    QByteArray &body() { return m_body; } ///< response body, valid when Complete
    /// The Location header (raw value; empty when absent), valid when Complete. Kept for
    /// redirects (redirectpolicy.h); no other header is stored unless asked for below.
    const QByteArray &location() const { return m_location; }
    /// Keep the control plane's headers and reason phrase (controlheaders.h); off by default.
    void setKeepControlHeaders(bool keep) { m_keepControl = keep; }
    /// Those headers, valid when Complete (empty unless setKeepControlHeaders(true)).
    const ControlHeaders &controlHeaders() const { return m_control; }
    QString errorText() const { return m_error; }

private:
    static const http_parser_settings &settings();
    static int onBody(http_parser *p, const char *at, size_t length);
    static int onHeaderField(http_parser *p, const char *at, size_t length);
    static int onHeaderValue(http_parser *p, const char *at, size_t length);
    static int onStatus(http_parser *p, const char *at, size_t length);
    static int onHeadersComplete(http_parser *p);
    static int onMessageComplete(http_parser *p);

    void restart(); // after an interim 1xx response

    http_parser m_parser;
    bool m_head = false;
    State m_state = State::NeedMore;
    bool m_started = false;
    bool m_keepAlive = false;
    int m_status = 0;
    QByteArray m_body;
    QByteArray m_field; // the header name being read (until its value starts)
    bool m_inValue = false; // the last callback was a header value
    QByteArray *m_valueField = nullptr; // where that value is kept (Location's ...), or none
    QByteArray m_location;
    bool m_keepControl = false;
    ControlHeaders m_control;
    QString m_error;
};

} // namespace vw
