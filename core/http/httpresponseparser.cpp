#include "http/httpresponseparser.h"

#include <algorithm>
#include <cstring>

namespace vw {

namespace {

constexpr size_t kMaxRetainedBytes = 1024 * 1024; // a chunked body kept for a hand-over

// RFC 9110 tchar, a table made at compile time (a function-local static's guard was checked
// on every byte of every header name).
struct TokenCharTable {
    bool t[256];
    constexpr TokenCharTable()
        : t{}
    {
        for (int c = '0'; c <= '9'; ++c)
            t[c] = true;
        for (int c = 'a'; c <= 'z'; ++c)
            t[c] = t[c - 'a' + 'A'] = true;
        for (const char *p = "!#$%&'*+-.^_`|~"; *p; ++p)
            t[static_cast<unsigned char>(*p)] = true;
    }
};
constexpr TokenCharTable kTokenChars{};

bool isTokenChar(unsigned char c)
{
    return kTokenChars.t[c];
}

bool startsWithLower(const char *p, size_t n, const char *lower, size_t m)
{
    return n > m && equalsLowerAscii(p, m, lower, m);
}

// A longer name that begins like one http-parser recognises: it may set that header's flags
// on the prefix (2.9.4 does for Transfer-Encoding), so the reference decides.
bool extendsSpecialName(const char *name, size_t n)
{
    switch (name[0] | 0x20) {
    case 'c':
        return startsWithLower(name, n, "content-length", 14)
               || startsWithLower(name, n, "connection", 10);
    case 't':
        return startsWithLower(name, n, "transfer-encoding", 17);
    case 'p':
        return startsWithLower(name, n, "proxy-connection", 16);
    case 'u':
        return startsWithLower(name, n, "upgrade", 7);
    default:
        return false;
    }
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// memmem(p, n, "\r\n\r\n", 4) by memchr over the line feeds: a head has a dozen lines,
/// and glibc's memmem spends ~850 instructions on one (docs/performance.md, "Parsing").
const char *findHeadEnd(const char *p, size_t n)
{
    const char *const end = p + n;
    for (const char *lf = p + 3; lf < end; ++lf) { // p + 3: the earliest last byte of one
        lf = static_cast<const char *>(std::memchr(lf, '\n', size_t(end - lf)));
        if (!lf)
            return nullptr;
        if (lf[-1] == '\r' && lf[-2] == '\n' && lf[-3] == '\r')
            return lf - 3;
    }
    return nullptr;
}

/// True when one of the 8 bytes at p may be a control character (< 0x20, CR included) or
/// DEL (0x7f): the word-at-a-time tests of "Bit Twiddling Hacks" (hasless, haszero), which
/// never miss one; a word they flag is looked at byte by byte.
bool mayHoldControl(const char *p)
{
    uint64_t w;
    std::memcpy(&w, p, sizeof w);
    constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
    const uint64_t below0x20 = (w - kOnes * 0x20) & ~w & kHigh;
    const uint64_t x = w ^ (kOnes * 0x7f);
    const uint64_t del = (x - kOnes) & ~x & kHigh;
    return (below0x20 | del) != 0;
}

} // namespace

HttpResponseParser::HttpResponseParser()
{
    reset();
}

HttpResponseParser::~HttpResponseParser() = default;

void HttpResponseParser::reset(bool headRequest)
{
    m_head = headRequest;
    m_started = false;
    m_state = State::NeedMore;
    m_error.clear();
    m_feedStart = 0;
    startResponse();
}

void HttpResponseParser::startResponse()
{
    m_phase = Phase::Head;
    m_keepAlive = false;
    m_status = 0;
    m_remaining = 0;
    m_chunkDigits = 0;
    m_retained.clear(); // keeps the capacity
    m_canRetain = true;
    m_body.resize(0); // keeps the capacity (Qt 6)
    m_location.clear();
    if (m_keepControl)
        m_control.clear();
}

HttpResponseParser::HeadResult HttpResponseParser::parseHead(const char *h, size_t n)
{
    // Status line: "HTTP/1.x SSS reason\r\n" or "HTTP/1.x SSS\r\n".
    if (n < 14 || std::memcmp(h, "HTTP/1.", 7) != 0 || (h[7] != '0' && h[7] != '1') || h[8] != ' ')
        return HeadResult::Outside;
    int status = 0;
    for (int i = 9; i < 12; ++i) {
        if (h[i] < '0' || h[i] > '9')
            return HeadResult::Outside;
        status = status * 10 + (h[i] - '0');
    }
    const char *end = h + n; // ends with "\r\n\r\n"
    const char *p = h + 12;
    if (*p == ' ') {
        const char *cr = static_cast<const char *>(std::memchr(p, '\r', size_t(end - p)));
        if (std::memchr(p, '\n', size_t(cr - p)) || cr[1] != '\n')
            return HeadResult::Outside;
        if (m_keepControl)
            appendControlValue(&m_control.reason, p + 1, size_t(cr - p - 1));
        p = cr + 2;
    } else if (p[0] == '\r' && p[1] == '\n') {
        p += 2;
    } else {
        return HeadResult::Outside;
    }
    bool close = false, keepAliveHeader = false, chunked = false, hasLength = false,
         hasEncoding = false;
    uint64_t length = 0;
    while (true) {
        if (p[0] == '\r') {
            if (p[1] != '\n' || p + 2 != end)
                return HeadResult::Outside;
            break;
        }
        const char *name = p;
        while (isTokenChar(static_cast<unsigned char>(*p)))
            ++p;
        if (p == name || *p != ':')
            return HeadResult::Outside; // folded, empty or odd names
        const size_t nameLength = size_t(p - name);
        ++p;
        while (*p == ' ' || *p == '\t')
            ++p;
        const char *value = p;
        while (end - p >= 8 && !mayHoldControl(p)) // the value's CR ends it: a flagged word
            p += 8;
        while (true) {
            const unsigned char c = static_cast<unsigned char>(*p);
            if (c == '\r')
                break;
            if ((c < 0x20 && c != '\t') || c == 0x7f)
                return HeadResult::Outside; // control characters, bare LF
            ++p;
        }
        const size_t valueLength = size_t(p - value);
        if (p[1] != '\n' || valueLength == 0 || value[valueLength - 1] == ' '
            || value[valueLength - 1] == '\t')
            return HeadResult::Outside;
        p += 2;
        switch (nameLength) {
        case 14:
            if (equalsLowerAscii(name, nameLength, "content-length", 14)) {
                if (hasLength || valueLength > 18)
                    return HeadResult::Outside;
                hasLength = true;
                for (size_t i = 0; i < valueLength; ++i) {
                    if (value[i] < '0' || value[i] > '9')
                        return HeadResult::Outside;
                    length = length * 10 + uint64_t(value[i] - '0');
                }
            }
            break;
        case 17:
            if (equalsLowerAscii(name, nameLength, "transfer-encoding", 17)) {
                if (hasEncoding || !equalsLowerAscii(value, valueLength, "chunked", 7))
                    return HeadResult::Outside;
                hasEncoding = chunked = true;
            }
            break;
        case 10:
            if (equalsLowerAscii(name, nameLength, "connection", 10)) {
                if (equalsLowerAscii(value, valueLength, "close", 5))
                    close = true;
                else if (equalsLowerAscii(value, valueLength, "keep-alive", 10))
                    keepAliveHeader = true;
                else
                    return HeadResult::Outside;
            }
            break;
        case 16:
            if (equalsLowerAscii(name, nameLength, "proxy-connection", 16))
                return HeadResult::Outside; // http-parser reads it as Connection
            break;
        case 7:
            if (equalsLowerAscii(name, nameLength, "upgrade", 7))
                return HeadResult::Outside;
            break;
        case 8:
            if (equalsLowerAscii(name, nameLength, "location", 8))
                m_location =
                    QByteArray(value, qsizetype(std::min<size_t>(valueLength, kMaxLocationBytes)));
            break;
        default:
            if (m_keepControl) {
                if (QByteArray *field = m_control.fieldFor(name, nameLength)) {
                    field->clear(); // a repeated header: the last one, as http-parser's
                    appendControlValue(field, value, valueLength);
                }
            }
            break;
        }
        if (nameLength > 7 && extendsSpecialName(name, nameLength))
            return HeadResult::Outside;
    }
    if (hasLength && hasEncoding)
        return HeadResult::Outside;
    m_status = status;
    const bool noBodyStatus = (status >= 100 && status < 200) || status == 204 || status == 304;
    if (noBodyStatus && (hasEncoding || (hasLength && length > 0) || status == 101))
        return HeadResult::Outside; // http-parser reads such bodies; not Vault's
    if (status >= 100 && status < 200)
        return HeadResult::Interim;
    const bool http11 = h[7] == '1';
    bool needsEof = false;
    if (m_head || noBodyStatus || (hasLength && length == 0)) {
        m_phase = Phase::Done;
    } else if (chunked) {
        m_phase = Phase::ChunkSize;
    } else if (hasLength) {
        m_phase = Phase::Identity;
        m_remaining = length;
        m_body.reserve(qsizetype(std::min<uint64_t>(length, kMaxBodyBytes)));
    } else {
        m_phase = Phase::Eof;
        needsEof = true;
    }
    m_keepAlive = (http11 ? !close : keepAliveHeader) && !needsEof;
    if (!chunked) {
        m_retained.clear();
        m_canRetain = false; // nothing after this head can leave the subset
    }
    return HeadResult::Parsed;
}

void HttpResponseParser::recycleBody(QByteArray &spent)
{
    if (m_body.capacity() != 0 || !m_body.isEmpty() || !spent.isDetached()
        || spent.capacity() > kMaxRecycledBytes)
        return;
    m_body = std::move(spent);
    m_body.resize(0); // keeps the capacity (Qt 6): not shared
}

void HttpResponseParser::appendBody(const char *p, size_t n)
{
    const qsizetype room = kMaxBodyBytes - m_body.size();
    if (room > 0)
        m_body.append(p, qsizetype(std::min<size_t>(n, size_t(room))));
}

HttpResponseParser::State HttpResponseParser::takeReference(State st)
{
    m_state = st;
    if (st == State::Complete) {
        m_status = m_ref->status();
        m_keepAlive = m_ref->keepAlive();
        std::swap(m_body, m_ref->body());
        m_location = m_ref->location();
        if (m_keepControl)
            m_control = m_ref->controlHeaders();
    } else if (st == State::Error) {
        m_error = m_ref->errorText();
    }
    return st;
}

HttpResponseParser::State HttpResponseParser::toReference(const char *data, size_t length,
                                                          size_t *consumed)
{
    if (!m_ref)
        m_ref = std::make_unique<ReferenceResponseParser>();
    m_ref->reset(m_head);
    m_ref->setKeepControlHeaders(m_keepControl);
    m_phase = Phase::Reference;
    State st = State::NeedMore;
    if (!m_retained.empty())
        st = m_ref->feed(m_retained.data(), m_retained.size());
    size_t used = m_feedStart;
    if (st == State::NeedMore && data && length > m_feedStart) {
        size_t n = 0;
        st = m_ref->feed(data + m_feedStart, length - m_feedStart, &n);
        used += n;
    }
    m_retained.clear();
    if (consumed)
        *consumed = used;
    return takeReference(st);
}

HttpResponseParser::State HttpResponseParser::chunkOutside(const char *data, size_t length,
                                                           size_t *consumed)
{
    if (m_canRetain)
        return toReference(data, length, consumed);
    m_error = QStringLiteral("invalid HTTP response: chunked framing outside what is parsed "
                             "past %1 bytes")
                  .arg(kMaxRetainedBytes);
    return m_state = State::Error;
}

HttpResponseParser::State HttpResponseParser::feed(const char *data, size_t length,
                                                   size_t *consumed)
{
    if (consumed)
        *consumed = 0;
    if (m_state != State::NeedMore || length == 0)
        return m_state;
    m_started = true;
    if (m_phase == Phase::Reference)
        return takeReference(m_ref->feed(data, length, consumed));
    m_feedStart = 0;
    size_t pos = 0;
    while (true) {
        switch (m_phase) {
        case Phase::Head: {
            // The head's end: in this feed alone, or across the bytes kept from earlier ones.
            const char *head = data + pos;
            size_t headLength = 0; // up to and with "\r\n\r\n", 0 when not found yet
            size_t fromFeed = 0; // of those, the bytes of this feed
            if (m_retained.empty()) {
                const char *at = findHeadEnd(data + pos, length - pos);
                if (at) {
                    headLength = size_t(at - head) + 4;
                    fromFeed = headLength;
                }
            } else {
                const size_t before = m_retained.size();
                m_retained.append(data + pos, length - pos);
                const size_t from = before >= 3 ? before - 3 : 0;
                const char *at = findHeadEnd(m_retained.data() + from, m_retained.size() - from);
                m_retained.resize(before);
                if (at) {
                    headLength = size_t(at - m_retained.data()) + 4;
                    // at points into the (now shrunk) buffer's storage, which kept its bytes
                    fromFeed = headLength - before;
                    m_retained.append(data + pos, fromFeed);
                    head = m_retained.data();
                }
            }
            if (headLength == 0) {
                // Not complete: keep it, unless it already leaves the subset (a bare LF, no
                // "HTTP/1." start, too long): then the reference parser decides now.
                const char *fresh = data + pos;
                const size_t freshLength = length - pos;
                bool outside = m_retained.size() + freshLength > kMaxHeadBytes;
                for (const char *lf =
                         static_cast<const char *>(std::memchr(fresh, '\n', freshLength));
                     lf && !outside; lf = static_cast<const char *>(std::memchr(
                                         lf + 1, '\n', size_t(fresh + freshLength - lf - 1)))) {
                    const char before =
                        lf > fresh ? lf[-1] : (m_retained.empty() ? '\0' : m_retained.back());
                    outside = before != '\r';
                }
                // A CR not followed by LF: http-parser ends lines (and the head) there.
                if (!outside && !m_retained.empty() && m_retained.back() == '\r')
                    outside = fresh[0] != '\n';
                for (const char *cr =
                         static_cast<const char *>(std::memchr(fresh, '\r', freshLength));
                     cr && !outside && cr + 1 < fresh + freshLength;
                     cr = static_cast<const char *>(
                         std::memchr(cr + 1, '\r', size_t(fresh + freshLength - cr - 1))))
                    outside = cr[1] != '\n';
                const size_t have = std::min<size_t>(7, m_retained.size() + freshLength);
                char start[7];
                const size_t fromRetained = std::min(have, m_retained.size());
                std::memcpy(start, m_retained.data(), fromRetained);
                std::memcpy(start + fromRetained, fresh, have - fromRetained);
                outside = outside || std::memcmp(start, "HTTP/1.", have) != 0;
                if (outside)
                    return toReference(data, length, consumed);
                m_retained.append(fresh, freshLength);
                if (consumed)
                    *consumed = length;
                return State::NeedMore;
            }
            if (headLength > kMaxHeadBytes) {
                if (head == m_retained.data())
                    m_retained.resize(m_retained.size() - fromFeed);
                return toReference(data, length, consumed);
            }
            const HeadResult hr = parseHead(head, headLength);
            if (hr == HeadResult::Outside) {
                if (!m_retained.empty() && head == m_retained.data())
                    m_retained.resize(m_retained.size() - fromFeed); // earlier feeds only
                return toReference(data, length, consumed);
            }
            pos += fromFeed;
            if (hr == HeadResult::Interim) {
                startResponse(); // the final answer follows
                m_feedStart = pos;
                if (pos == length) {
                    if (consumed)
                        *consumed = length;
                    return State::NeedMore;
                }
                continue;
            }
            if (m_canRetain && head == m_retained.data())
                m_retained.resize(m_retained.size() - fromFeed); // earlier feeds only
            break;
        }
        case Phase::Identity: {
            const size_t take = size_t(std::min<uint64_t>(m_remaining, length - pos));
            appendBody(data + pos, take);
            pos += take;
            m_remaining -= take;
            if (m_remaining == 0)
                m_phase = Phase::Done;
            break;
        }
        case Phase::Eof:
            appendBody(data + pos, length - pos);
            pos = length;
            break;
        case Phase::ChunkSize: {
            const char c = data[pos];
            const int v = hexValue(c);
            if (v >= 0 && m_chunkDigits < 15) {
                m_remaining = m_remaining * 16 + uint64_t(v);
                ++m_chunkDigits;
                ++pos;
            } else if (c == '\r' && m_chunkDigits > 0) {
                m_phase = Phase::ChunkSizeLf;
                ++pos;
            } else {
                return chunkOutside(data, length, consumed);
            }
            break;
        }
        case Phase::ChunkSizeLf:
            if (data[pos] != '\n')
                return chunkOutside(data, length, consumed);
            ++pos;
            m_chunkDigits = 0;
            m_phase = m_remaining == 0 ? Phase::TrailerCr : Phase::ChunkData;
            break;
        case Phase::ChunkData: {
            const size_t take = size_t(std::min<uint64_t>(m_remaining, length - pos));
            appendBody(data + pos, take);
            pos += take;
            m_remaining -= take;
            if (m_remaining == 0)
                m_phase = Phase::ChunkDataCr;
            break;
        }
        case Phase::ChunkDataCr:
        case Phase::ChunkDataLf:
        case Phase::TrailerCr:
        case Phase::TrailerLf: {
            const bool cr = m_phase == Phase::ChunkDataCr || m_phase == Phase::TrailerCr;
            if (data[pos] != (cr ? '\r' : '\n'))
                return chunkOutside(data, length, consumed);
            ++pos;
            m_phase = m_phase == Phase::ChunkDataCr   ? Phase::ChunkDataLf
                      : m_phase == Phase::ChunkDataLf ? Phase::ChunkSize
                      : m_phase == Phase::TrailerCr   ? Phase::TrailerLf
                                                      : Phase::Done;
            break;
        }
        case Phase::Done: // handled below
        case Phase::Reference: // handled above
            break;
        }
        if (m_phase == Phase::Done) {
            m_state = State::Complete;
            if (consumed)
                *consumed = pos;
            return m_state;
        }
        if (pos == length) {
            if (chunked() && m_canRetain) {
                if (m_retained.size() + (length - m_feedStart) > kMaxRetainedBytes) {
                    m_canRetain = false;
                    m_retained.clear();
                } else {
                    m_retained.append(data + m_feedStart, length - m_feedStart);
                }
            }
            if (consumed)
                *consumed = length;
            return State::NeedMore;
        }
    }
}

HttpResponseParser::State HttpResponseParser::feedEof()
{
    if (m_state != State::NeedMore)
        return m_state;
    if (m_phase == Phase::Reference)
        return takeReference(m_ref->feedEof());
    if (m_phase == Phase::Eof) {
        m_keepAlive = false;
        return m_state = State::Complete;
    }
    if (m_started && !m_retained.empty() && (m_phase == Phase::Head || chunked())) {
        m_feedStart = 0;
        toReference(nullptr, 0, nullptr);
        if (m_state == State::NeedMore)
            return takeReference(m_ref->feedEof());
        return m_state;
    }
    m_state = State::Error;
    if (m_error.isEmpty())
        m_error = m_started ? QStringLiteral("connection closed before the response was complete")
                            : QStringLiteral("connection closed before any response");
    return m_state;
}

} // namespace vw
