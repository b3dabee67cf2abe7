// The direct transport's response parser (core/http/httpresponseparser.h): what it parses
// itself (the subset Vault sends) and how it frames responses (split reads, Content-Length,
// chunked, 1xx, no body on 204/304/HEAD, close-delimited, pipelined bytes), and that it
// agrees with the reference parser (http-parser) on every seed of the fuzz corpus
// (tests/fuzz/corpus/responseparser) fed in pieces of every size.
#include "../fuzz/responseparserdiff.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace vw;
using State = HttpResponseParser::State;

namespace {

const QByteArray kVaultBody =
    R"({"request_id":"4f2c","data":{"data":{"payload":"xxxx"},"metadata":{"version":1}}})"
    "\n";

QByteArray kvAnswer()
{
    return "HTTP/1.1 200 OK\r\nCache-Control: no-store\r\nContent-Type: application/json\r\n"
           "Date: Mon, 30 Nov 2026 12:00:00 GMT\r\nContent-Length: "
           + QByteArray::number(kVaultBody.size()) + "\r\n\r\n" + kVaultBody;
}

fuzz::ParseOutcome parse(const QByteArray &bytes, std::vector<size_t> pieces = {},
                         bool head = false, bool *usedReference = nullptr)
{
    HttpResponseParser p;
    fuzz::ParseOutcome o =
        fuzz::parseInPieces(p, head, bytes.constData(), size_t(bytes.size()), pieces);
    if (usedReference)
        *usedReference = p.usedReference();
    return o;
}

} // namespace

class TestResponseParser : public QObject {
    Q_OBJECT
private slots:
    void vaultAnswerInOneRead();
    void everySplitOfAnAnswer();
    void chunked();
    void interimAnswersAreSkipped();
    void noBodyOn204And304AndHead();
    void closeDelimitedAndConnectionClose();
    void pipelinedBytesAreNotConsumed();
    void outsideTheSubsetGoesToTheReference();
    void malformedIsAnError();
    void controlHeadersOnlyWhenAsked();
    void agreesWithTheReferenceOnTheCorpus();
    void everyByteAtEveryPlaceOfAValue();
    void headEndsAtTheFirstBlankLine();
    void spentBodyBufferIsReusedUnlessShared();
};

void TestResponseParser::vaultAnswerInOneRead()
{
    bool ref = true;
    const QByteArray a = kvAnswer();
    const fuzz::ParseOutcome o = parse(a, {}, false, &ref);
    QCOMPARE(o.state, State::Complete);
    QCOMPARE(o.status, 200);
    QCOMPARE(o.body, kVaultBody);
    QVERIFY(o.keepAlive);
    QVERIFY(!o.eof);
    QCOMPARE(o.consumed, size_t(a.size()));
    QVERIFY(!ref); // parsed by the fast path
}

void TestResponseParser::everySplitOfAnAnswer()
{
    const QByteArray a = "HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.2:8200/v1/x"
                         "\r\nContent-Length: 4\r\n\r\nmove";
    for (size_t piece = 1; piece <= size_t(a.size()); ++piece) {
        bool ref = true;
        const fuzz::ParseOutcome o = parse(a, {piece}, false, &ref);
        QCOMPARE(o.state, State::Complete);
        QCOMPARE(o.status, 307);
        QCOMPARE(o.location, QByteArray("http://127.0.0.2:8200/v1/x"));
        QCOMPARE(o.body, QByteArray("move"));
        QCOMPARE(o.consumed, size_t(a.size()));
        QVERIFY2(!ref, qPrintable(QString::number(piece)));
    }
}

void TestResponseParser::chunked()
{
    const QByteArray a = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                         "4\r\n{\"a\"\r\nB\r\n:[1,2,3,4]}\r\n0\r\n\r\n";
    for (size_t piece : {size_t(0), size_t(1), size_t(2), size_t(5), size_t(13)}) {
        bool ref = true;
        const fuzz::ParseOutcome o =
            parse(a, piece ? std::vector<size_t>{piece} : std::vector<size_t>{}, false, &ref);
        QCOMPARE(o.state, State::Complete);
        QCOMPARE(o.body, QByteArray("{\"a\":[1,2,3,4]}"));
        QVERIFY(o.keepAlive); // a chunked body ends cleanly
        QCOMPARE(o.consumed, size_t(a.size()));
        QVERIFY(!ref);
    }
    // Cut short: the close is an error, not a body.
    QCOMPARE(parse(a.left(a.size() - 5)).state, State::Error);
}

void TestResponseParser::interimAnswersAreSkipped()
{
    const QByteArray a =
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
        "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}";
    for (size_t piece : {size_t(0), size_t(1), size_t(7)}) {
        bool ref = true;
        const fuzz::ParseOutcome o =
            parse(a, piece ? std::vector<size_t>{piece} : std::vector<size_t>{}, false, &ref);
        QCOMPARE(o.state, State::Complete);
        QCOMPARE(o.status, 201);
        QCOMPARE(o.body, QByteArray("{}"));
        QCOMPARE(o.consumed, size_t(a.size()));
        QVERIFY(!ref);
    }
}

void TestResponseParser::noBodyOn204And304AndHead()
{
    const QByteArray more = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx";
    for (const QByteArray &a : {QByteArray("HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n"),
                                QByteArray("HTTP/1.1 304 Not Modified\r\n\r\n")}) {
        const fuzz::ParseOutcome o = parse(a + more);
        QCOMPARE(o.state, State::Complete);
        QVERIFY(o.body.isEmpty());
        QVERIFY(o.keepAlive);
        QCOMPARE(o.consumed, size_t(a.size())); // the next answer is not this one's body
    }
    const QByteArray head = "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n";
    const fuzz::ParseOutcome o = parse(head, {}, true);
    QCOMPARE(o.state, State::Complete);
    QVERIFY(o.body.isEmpty());
    QVERIFY(o.keepAlive);
    QVERIFY(!o.eof);
    // Not a HEAD: the same head waits for its 50 bytes, and a close cuts it short.
    QCOMPARE(parse(head).state, State::Error);
}

void TestResponseParser::closeDelimitedAndConnectionClose()
{
    const fuzz::ParseOutcome eof =
        parse("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil close", {3});
    QCOMPARE(eof.state, State::Complete);
    QVERIFY(eof.eof);
    QCOMPARE(eof.body, QByteArray("until close"));
    QVERIFY(!eof.keepAlive);
    QVERIFY(!parse("HTTP/1.1 503 x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").keepAlive);
    QVERIFY(!parse("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").keepAlive);
    QVERIFY(
        parse("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n").keepAlive);
}

void TestResponseParser::pipelinedBytesAreNotConsumed()
{
    const QByteArray first = kvAnswer();
    const fuzz::ParseOutcome o = parse(first + first);
    QCOMPARE(o.state, State::Complete);
    QCOMPARE(o.consumed, size_t(first.size()));
    QCOMPARE(o.body, kVaultBody);
}

void TestResponseParser::outsideTheSubsetGoesToTheReference()
{
    struct Case {
        QByteArray bytes;
        int status;
        QByteArray body;
    };
    const QList<Case> cases = {
        {"HTTP/1.1 200 OK\nContent-Length: 2\n\nok", 200, "ok"}, // LF only
        {"HTTP/1.1 200 OK\r\nX-A: one\r\n two\r\nContent-Length: 2\r\n\r\nok", 200, "ok"}, // folded
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;ext=1\r\nok\r\n0\r\n\r\n", 200,
         "ok"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nT: 1\r\n\r\n", 200,
         "ok"},
    };
    for (const Case &c : cases) {
        for (size_t piece : {size_t(0), size_t(1), size_t(4)}) {
            bool ref = false;
            const fuzz::ParseOutcome o = parse(
                c.bytes, piece ? std::vector<size_t>{piece} : std::vector<size_t>{}, false, &ref);
            QCOMPARE(o.state, State::Complete);
            QCOMPARE(o.status, c.status);
            QCOMPARE(o.body, c.body);
            QVERIFY(ref);
        }
    }
}

void TestResponseParser::malformedIsAnError()
{
    // Not HTTP: decided at once (not at the close), by the reference.
    HttpResponseParser p;
    const QByteArray ssh = "SSH-2.0-OpenSSH_9.2\r\n";
    QCOMPARE(p.feed(ssh.constData(), size_t(ssh.size())), State::Error);
    QVERIFY(!p.errorText().isEmpty());
    QCOMPARE(parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc").state, State::Error);
    QCOMPARE(parse("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "1\r\na\r\n0\r\n\r\n")
                 .state,
             State::Error); // both framings: refused (request smuggling)
    HttpResponseParser none;
    QCOMPARE(none.feedEof(), State::Error);
    QVERIFY(!none.started());
}

void TestResponseParser::controlHeadersOnlyWhenAsked()
{
    // The control plane's headers (core/http/controlheaders.h): kept on request only, the
    // last of a repeated one, the same from the fast path and from the reference.
    const QByteArray a = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
                         "Retry-After: 1\r\nX-Vault-Index: djE6abc\r\nRetry-After: 2\r\n"
                         "Content-Length: 13\r\n\r\n{\"errors\":[]}";
    for (size_t piece : {size_t(0), size_t(1), size_t(7), size_t(40)}) {
        const std::vector<size_t> pieces =
            piece ? std::vector<size_t>{piece} : std::vector<size_t>{};
        HttpResponseParser fast;
        fast.setKeepControlHeaders(true);
        const fuzz::ParseOutcome o =
            fuzz::parseInPieces(fast, false, a.constData(), size_t(a.size()), pieces);
        QCOMPARE(o.state, State::Complete);
        QVERIFY(!fast.usedReference());
        QCOMPARE(o.control.contentType, QByteArray("application/json"));
        QCOMPARE(o.control.retryAfter, QByteArray("2"));
        QCOMPARE(o.control.vaultIndex, QByteArray("djE6abc"));
        QCOMPARE(o.control.reason, QByteArray("Too Many Requests"));
        ReferenceResponseParser reference;
        reference.setKeepControlHeaders(true);
        const fuzz::ParseOutcome r =
            fuzz::parseInPieces(reference, false, a.constData(), size_t(a.size()), pieces);
        QVERIFY(r.control == o.control);
        HttpResponseParser plain; // the load path's: none kept
        const fuzz::ParseOutcome p =
            fuzz::parseInPieces(plain, false, a.constData(), size_t(a.size()), pieces);
        QCOMPARE(p.state, State::Complete);
        QVERIFY(p.control == ControlHeaders());
    }
    // Outside the subset (a folded header): the reference's headers are the ones kept.
    const QByteArray folded = "HTTP/1.1 503 Service Unavailable\r\nX-Odd: a\r\n b\r\n"
                              "Retry-After: 3\r\nContent-Length: 0\r\n\r\n";
    HttpResponseParser fast;
    fast.setKeepControlHeaders(true);
    const fuzz::ParseOutcome o =
        fuzz::parseInPieces(fast, false, folded.constData(), size_t(folded.size()), {});
    QCOMPARE(o.state, State::Complete);
    QVERIFY(fast.usedReference());
    QCOMPARE(o.control.retryAfter, QByteArray("3"));
    QCOMPARE(o.control.reason, QByteArray("Service Unavailable"));
}

void TestResponseParser::agreesWithTheReferenceOnTheCorpus()
{
    const QDir dir(QStringLiteral(VW_SOURCE_DIR "/tests/fuzz/corpus/responseparser"));
    const QStringList files = dir.entryList(QDir::Files);
    QVERIFY(files.size() >= 20);
    int compared = 0;
    for (const QString &name : files) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray seed = f.readAll();
        QVERIFY(seed.size() >= 3);
        const bool head = seed.at(0) & 1;
        const char *bytes = seed.constData() + 3;
        const size_t n = size_t(seed.size() - 3);
        for (size_t piece = 0; piece <= n; ++piece) {
            const std::vector<size_t> pieces =
                piece ? std::vector<size_t>{piece} : std::vector<size_t>{};
            for (const bool keepControl : {false, true}) {
                const QString diff = fuzz::compareParsers(head, bytes, n, pieces, keepControl);
                QVERIFY2(diff.isEmpty(), qPrintable(name + QStringLiteral(", pieces of ")
                                                    + QString::number(piece) + ": " + diff));
                ++compared;
            }
        }
    }
    QVERIFY(compared > 1000);
}

void TestResponseParser::everyByteAtEveryPlaceOfAValue()
{
    // The value scan takes 8 bytes at a time while none may be a control character: each
    // byte value at each place of a 40-byte value (so at every offset of a word, and in the
    // tail shorter than a word) must read as the reference reads it.
    const QByteArray before = "HTTP/1.1 200 OK\r\nX-Long: ";
    const QByteArray after = "\r\nContent-Length: 2\r\n\r\n{}";
    int compared = 0;
    for (int at = 0; at < 40; ++at) {
        for (int b = 0; b < 256; ++b) {
            QByteArray value(40, 'v');
            value[at] = char(b);
            const QByteArray bytes = before + value + after;
            const QString diff =
                fuzz::compareParsers(false, bytes.constData(), size_t(bytes.size()), {}, false);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("byte 0x%1 at %2: %3")
                                                    .arg(b, 2, 16, QLatin1Char('0'))
                                                    .arg(at)
                                                    .arg(diff)));
            ++compared;
        }
    }
    QCOMPARE(compared, 40 * 256);
    // and the fast parser itself refuses a control character at the end of a word
    QByteArray value(16, 'v');
    value[15] = '\x01';
    const fuzz::ParseOutcome o = parse(before + value + after);
    QCOMPARE(o.state, ReferenceResponseParser::State::Error);
}

void TestResponseParser::headEndsAtTheFirstBlankLine()
{
    // The head's end is found by the line feeds (not memmem): CR LF CR LF split over reads at
    // every place, a lone LF or CR before it, and a body that itself holds CR LF CR LF.
    const QByteArray body = "a\r\n\r\nb";
    const QByteArray answer =
        "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    for (size_t piece = 1; piece <= size_t(answer.size()); ++piece) {
        const fuzz::ParseOutcome o = parse(answer, {piece});
        QCOMPARE(o.status, 200);
        QCOMPARE(o.body, body);
        QCOMPARE(o.consumed, size_t(answer.size()));
    }
    for (const QByteArray &odd : {QByteArray("HTTP/1.1 200 OK\r\nA: b\n\r\n\r\n"),
                                  QByteArray("HTTP/1.1 200 OK\r\nA: b\r\r\n\r\n"),
                                  QByteArray("HTTP/1.1 200 OK\n\n"), QByteArray("\r\n\r\n")}) {
        for (size_t piece = 0; piece <= size_t(odd.size()); ++piece) {
            const std::vector<size_t> pieces =
                piece ? std::vector<size_t>{piece} : std::vector<size_t>{};
            const QString diff =
                fuzz::compareParsers(false, odd.constData(), size_t(odd.size()), pieces, false);
            QVERIFY2(diff.isEmpty(),
                     qPrintable(QString::fromLatin1(odd.toHex()) + QStringLiteral(": ") + diff));
        }
    }
}

void TestResponseParser::spentBodyBufferIsReusedUnlessShared()
{
    // What SocketConnection does per response: move the body out, hand the buffer back once
    // the completion is done with it (docs/performance.md, "Lean worker loop").
    const QByteArray a = kvAnswer();
    HttpResponseParser p;
    size_t used = 0;
    QCOMPARE(p.feed(a.constData(), size_t(a.size()), &used), State::Complete);
    QByteArray first = std::move(p.body());
    QCOMPARE(first, kVaultBody);
    const char *buffer = first.constData();
    p.recycleBody(first);
    QVERIFY(first.isNull()); // taken
    p.reset();
    QCOMPARE(p.feed(a.constData(), size_t(a.size()), &used), State::Complete);
    QCOMPARE(p.body(), kVaultBody);
    QCOMPARE(p.body().constData(), buffer); // the same buffer: no allocation

    // A body someone still shares is not taken: the kept copy never changes.
    QByteArray second = std::move(p.body());
    const QByteArray kept = second;
    p.recycleBody(second);
    QCOMPARE(second.constData(), kept.constData());
    p.reset();
    const QByteArray other = "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\nanother";
    QCOMPARE(p.feed(other.constData(), size_t(other.size()), &used), State::Complete);
    QCOMPARE(p.body(), QByteArray("another"));
    QCOMPARE(kept, kVaultBody);
    QVERIFY(p.body().constData() != kept.constData());

    // A buffer over the bound is not kept (memory per idle connection).
    QByteArray big(HttpResponseParser::kMaxRecycledBytes + 1, 'x');
    p.body() = QByteArray();
    p.recycleBody(big);
    QVERIFY(!big.isNull());
}

QTEST_GUILESS_MAIN(TestResponseParser)
#include "tst_responseparser.moc"
