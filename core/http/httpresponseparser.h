// The "direct" transport's HTTP/1.1 response parser: scans instead of a byte-at-a-time state
// machine for the subset of HTTP Vault and OpenBao send (Go's net/http), and hands anything
// else to the reference parser (referenceresponseparser.h, http-parser), which decides.
// The subset, parsed here:
// - a head ending in CRLF CRLF within kMaxHeadBytes, found with memmem; "HTTP/1.0" or
//   "HTTP/1.1", a 3-digit status, a reason phrase or none; header lines "Name: value" with
//   token names and values without control characters (tab allowed), no trailing white space,
//   not empty; CRLF line ends only;
// - framing: Content-Length (one, digits), Transfer-Encoding: chunked (chunk sizes in hex
//   without extensions, no trailers), or neither (the body ends when the server closes);
//   no body for 204, 304, HEAD; interim 1xx answers skipped (the final one is reported);
// - Connection: close or keep-alive; Location kept (redirectpolicy.h); with
//   setKeepControlHeaders(true) also the control plane's headers (controlheaders.h).
// Outside it (LF-only lines, folded or odd headers, Upgrade, 101, a body on 1xx/204/304,
// chunk extensions or trailers, Content-Length and Transfer-Encoding together, duplicates),
// the bytes of the response so far are fed to the reference parser, which parses the rest of
// that response. Both give the same result on every input (tests/fuzz/fuzz_responseparser.cpp,
// tests/unit/tst_responseparser.cpp): what the fast path parses it parses exactly as
// http-parser does. A well-formed response in one read is one memmem over its head, one
// pass over the header lines and one copy of the body.
// One parser per connection; reset() before each response. Not thread-safe (one thread).
#pragma once

#include "http/referenceresponseparser.h"

#include <QByteArray>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace vw {

class HttpResponseParser {
public:
    using State = ReferenceResponseParser::State;
    /// Bodies larger than this are truncated (bytes), as the reference parser does.
    static constexpr int kMaxBodyBytes = ReferenceResponseParser::kMaxBodyBytes;
    static constexpr int kMaxLocationBytes = ReferenceResponseParser::kMaxLocationBytes;
    /// A longer head goes to the reference parser (bytes).
    static constexpr size_t kMaxHeadBytes = 64 * 1024;

    HttpResponseParser();
    ~HttpResponseParser();
    HttpResponseParser(const HttpResponseParser &) = delete;
    HttpResponseParser &operator=(const HttpResponseParser &) = delete;

    /// Starts a new response; keeps the buffers' capacity. `headRequest`: the answer to a
    /// HEAD request (no body, whatever its headers say).
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
    /// Gives back the buffer of a body moved out with body() once its reader is done with it,
    /// so the next response's body is copied into it instead of a new allocation (one
    /// malloc and one free per response less, docs/performance.md, "Lean worker loop").
    /// Taken only when nothing else shares it, its capacity is at most kMaxRecycledBytes and
    /// this parser's own body buffer was moved out; otherwise `spent` is left as it is.
    void recycleBody(QByteArray &spent);
    static constexpr qsizetype kMaxRecycledBytes = 16 * 1024; // memory bound per connection
    /// The Location header (raw value; empty when absent), valid when Complete.
    const QByteArray &location() const { return m_location; }
    /// Keep the control plane's headers and reason phrase (controlheaders.h) from now on;
    /// off by default (the load path copies no header but Location).
    void setKeepControlHeaders(bool keep) { m_keepControl = keep; }
    /// Those headers, valid when Complete (empty unless setKeepControlHeaders(true)).
    const ControlHeaders &controlHeaders() const { return m_control; }
    QString errorText() const { return m_error; }
    /// This response went to the reference parser (it left the subset); for tests.
    bool usedReference() const { return m_phase == Phase::Reference; }

private:
    enum class Phase {
        Head,
        Identity,
        Eof,
        ChunkSize,
        ChunkSizeLf,
        ChunkData,
        ChunkDataCr,
        ChunkDataLf,
        TrailerCr,
        TrailerLf,
        Done,
        Reference,
    };
    enum class HeadResult { Parsed, Interim, Outside };

    HeadResult parseHead(const char *h, size_t n);
    void startResponse(); // per-response fields, for reset() and after an interim answer
    State toReference(const char *data, size_t length, size_t *consumed);
    State takeReference(State st);
    State chunkOutside(const char *data, size_t length, size_t *consumed);
    void appendBody(const char *p, size_t n);
    bool chunked() const { return m_phase >= Phase::ChunkSize && m_phase <= Phase::TrailerLf; }

    Phase m_phase = Phase::Head;
    State m_state = State::NeedMore;
    bool m_head = false;
    bool m_started = false;
    bool m_keepAlive = false;
    int m_status = 0;
    uint64_t m_remaining = 0; // of the Content-Length body or of the current chunk
    int m_chunkDigits = 0;
    std::string m_retained; // this response's bytes of earlier feeds (head, chunked body)
    bool m_canRetain = true; // false once a chunked body outgrew the retention bound
    size_t m_feedStart = 0; // where this response began in the current feed
    QByteArray m_body;
    QByteArray m_location;
    bool m_keepControl = false;
    ControlHeaders m_control;
    QString m_error;
    std::unique_ptr<ReferenceResponseParser> m_ref; // made on first use
};

} // namespace vw
