// The differential check of the direct transport's response parser
// (core/http/httpresponseparser.h) against the reference (core/http/referenceresponseparser.h,
// http-parser): both parse the same bytes, fed in the same pieces as reads would bring them,
// and must give the same outcome. Used by fuzz_responseparser.cpp and tst_responseparser.cpp.
// Header-only, no Qt Test: the fuzz targets link only vw_core.
#pragma once

#include "http/httpresponseparser.h"
#include "http/referenceresponseparser.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <vector>

namespace vw::fuzz {

struct ParseOutcome {
    ReferenceResponseParser::State state = ReferenceResponseParser::State::NeedMore;
    int status = 0;
    bool keepAlive = false;
    QByteArray body;
    QByteArray location;
    ControlHeaders control; ///< kept only when the parsers were asked to
    size_t consumed = 0; ///< bytes of the input that belong to the response
    bool eof = false; ///< it took the peer's close (feedEof) to finish
};

/// Feeds `data` in pieces of the sizes in `pieces` (cycled; empty: all at once), then the
/// peer's close if the response is not finished by the end.
template <class Parser>
ParseOutcome parseInPieces(Parser &parser, bool headRequest, const char *data, size_t size,
                           const std::vector<size_t> &pieces)
{
    using State = ReferenceResponseParser::State;
    parser.reset(headRequest);
    ParseOutcome out;
    size_t at = 0;
    size_t i = 0;
    State st = State::NeedMore;
    while (at < size && st == State::NeedMore) {
        size_t n = pieces.empty() ? size - at : std::max<size_t>(1, pieces[i++ % pieces.size()]);
        n = std::min(n, size - at);
        size_t used = 0;
        st = parser.feed(data + at, n, &used);
        out.consumed += used;
        at += n;
    }
    if (st == State::NeedMore) {
        st = parser.feedEof();
        out.eof = true;
    }
    out.state = st;
    if (st == State::Complete) {
        out.status = parser.status();
        out.keepAlive = parser.keepAlive();
        out.body = parser.body();
        out.location = parser.location();
        out.control = parser.controlHeaders();
    }
    return out;
}

/// Empty when both outcomes agree, else what differs.
inline QString differences(const ParseOutcome &fast, const ParseOutcome &reference)
{
    QStringList d;
    if (fast.state != reference.state)
        d << QStringLiteral("state %1 vs %2").arg(int(fast.state)).arg(int(reference.state));
    if (fast.state == reference.state && fast.state == ReferenceResponseParser::State::Complete) {
        if (fast.status != reference.status)
            d << QStringLiteral("status %1 vs %2").arg(fast.status).arg(reference.status);
        if (fast.keepAlive != reference.keepAlive)
            d << QStringLiteral("keep-alive %1 vs %2").arg(fast.keepAlive).arg(reference.keepAlive);
        if (fast.body != reference.body)
            d << QStringLiteral("body of %1 vs %2 bytes")
                     .arg(fast.body.size())
                     .arg(reference.body.size());
        if (fast.location != reference.location)
            d << QStringLiteral("location \"%1\" vs \"%2\"")
                     .arg(QString::fromLatin1(fast.location),
                          QString::fromLatin1(reference.location));
        if (fast.control != reference.control)
            d << QStringLiteral("control headers \"%1|%2|%3|%4\" vs \"%5|%6|%7|%8\"")
                     .arg(QString::fromLatin1(fast.control.contentType),
                          QString::fromLatin1(fast.control.retryAfter),
                          QString::fromLatin1(fast.control.vaultIndex),
                          QString::fromLatin1(fast.control.reason),
                          QString::fromLatin1(reference.control.contentType),
                          QString::fromLatin1(reference.control.retryAfter),
                          QString::fromLatin1(reference.control.vaultIndex),
                          QString::fromLatin1(reference.control.reason));
        if (fast.consumed != reference.consumed)
            d << QStringLiteral("consumed %1 vs %2").arg(fast.consumed).arg(reference.consumed);
    }
    return d.join(QStringLiteral("; "));
}

/// Parses with both and compares; `keepControl`: both keep the control plane's headers
/// (controlheaders.h); `fastUsedReference` (optional) tells whether the fast parser handed
/// the response over.
inline QString compareParsers(bool headRequest, const char *data, size_t size,
                              const std::vector<size_t> &pieces, bool keepControl = false,
                              bool *fastUsedReference = nullptr)
{
    HttpResponseParser fast;
    ReferenceResponseParser reference;
    fast.setKeepControlHeaders(keepControl);
    reference.setKeepControlHeaders(keepControl);
    const ParseOutcome a = parseInPieces(fast, headRequest, data, size, pieces);
    const ParseOutcome b = parseInPieces(reference, headRequest, data, size, pieces);
    if (fastUsedReference)
        *fastUsedReference = fast.usedReference();
    return differences(a, b);
}

} // namespace vw::fuzz
