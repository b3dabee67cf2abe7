// The hot path's keyed request paths (core/ops/keyedpath.h) and the default number of worker
// threads (core/engine/workerpool.h): the request line built once per VU, only its key index
// rewritten, and no allocation once the buffer is released.
#include "engine/workerpool.h"
#include "ops/keyedpath.h"

#include <QTest>

#include <limits>

using namespace vw;

class TestKeyedPath : public QObject {
    Q_OBJECT
private slots:
    void writesPrefixAndDecimalIndex();
    void rewritesInPlaceOnceReleased();
    void aHeldPathIsNotChanged();
    void anotherPrefixIsWrittenWhole();
    void autoWorkerThreadsByPeakVus();
};

void TestKeyedPath::writesPrefixAndDecimalIndex()
{
    VuState vu;
    const QByteArray prefix = QByteArrayLiteral("/v1/vwb-1-kv2-0/data/key-");
    QCOMPARE(keyedPath(vu, prefix, 0), prefix + "0");
    QCOMPARE(keyedPath(vu, prefix, 7), prefix + "7");
    QCOMPARE(keyedPath(vu, prefix, 1234567), prefix + "1234567");
    QCOMPARE(keyedPath(vu, prefix, 42), prefix + "42"); // shorter again: no digits left over
    QCOMPARE(keyedPath(vu, prefix, std::numeric_limits<uint64_t>::max()),
             prefix + "18446744073709551615");
}

void TestKeyedPath::rewritesInPlaceOnceReleased()
{
    VuState vu;
    const QByteArray prefix = QByteArrayLiteral("/v1/cubbyhole/key-");
    keyedPath(vu, prefix, 99999); // grows the buffer to the longest path of this test
    const char *buffer = vu.path.constData();
    for (uint64_t k : {3u, 10u, 99999u, 0u, 512u}) {
        const QByteArray p = keyedPath(vu, prefix, k);
        QCOMPARE(p, prefix + QByteArray::number(qulonglong(k)));
        QCOMPARE(p.constData(), buffer); // shared, not copied
        QCOMPARE(vu.path.constData(), buffer); // rewritten in place: no allocation
    }
}

void TestKeyedPath::aHeldPathIsNotChanged()
{
    // A path still held (a request waiting for a redirect, a transport that keeps it) keeps
    // its bytes: the next one is written into a copy.
    VuState vu;
    const QByteArray prefix = QByteArrayLiteral("/v1/kv/key-");
    const QByteArray held = keyedPath(vu, prefix, 11);
    const QByteArray next = keyedPath(vu, prefix, 22);
    QCOMPARE(held, prefix + "11");
    QCOMPARE(next, prefix + "22");
    QVERIFY(held.constData() != next.constData());
}

void TestKeyedPath::anotherPrefixIsWrittenWhole()
{
    // Two ops of one VU (a mix) share its buffer: each writes its own prefix back.
    VuState vu;
    const QByteArray a = QByteArrayLiteral("/v1/vwb-1-kv2-0/data/key-");
    const QByteArray b = QByteArrayLiteral("/v1/vwb-1-kv2-1/metadata/key-");
    QCOMPARE(keyedPath(vu, a, 5), a + "5");
    QCOMPARE(keyedPath(vu, b, 6), b + "6");
    QCOMPARE(keyedPath(vu, a, 77), a + "77");
    QCOMPARE(keyedPath(vu, QByteArrayLiteral("/v1/kv/"), 1), QByteArrayLiteral("/v1/kv/1"));
}

void TestKeyedPath::autoWorkerThreadsByPeakVus()
{
    QCOMPARE(autoWorkerThreads(1, 2), 1);
    QCOMPARE(autoWorkerThreads(8, 2), 1);
    QCOMPARE(autoWorkerThreads(kVusPerWorkerThread, 2), 1);
    QCOMPARE(autoWorkerThreads(kVusPerWorkerThread + 1, 2), 2);
    QCOMPARE(autoWorkerThreads(20000, 2), 2); // at most the cores
    QCOMPARE(autoWorkerThreads(20000, 16), 16);
    QCOMPARE(autoWorkerThreads(0, 4), 1);
    QCOMPARE(autoWorkerThreads(600, 0), 1); // cores unknown
}

QTEST_GUILESS_MAIN(TestKeyedPath)
#include "tst_keyedpath.moc"
