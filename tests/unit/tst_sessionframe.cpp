// A shard's session framed on its pod's stdout (core/k8s/sessionframe.h): read back whole
// from a log with other lines around it, byte for byte; and each way a log breaks is named
// for what it is: no frame (missing), the log rotated inside it (cut at the start), the log
// ending inside it (cut at the end), a line lost or a character changed (corrupt), a frame of
// another index (corrupt). Also the job and pod status kubectl prints (core/k8s/jobstatus.h).
#include "k8s/jobstatus.h"
#include "k8s/sessionframe.h"

#include <QRandomGenerator>
#include <QTest>

using namespace vw::k8s;
using S = FrameReading::Status;

namespace {

QByteArray sampleSession()
{
    // JSON-like text with some entropy, a few hundred KiB: many frame lines.
    QRandomGenerator rng(7);
    QByteArray s = "{\"schema\": 3, \"stages\": [";
    for (int i = 0; i < 20000; ++i)
        s += "{\"n\": " + QByteArray::number(rng.bounded(100000)) + "},";
    s += "{}]}\n";
    return s;
}

QByteArray logAround(const QByteArray &frame)
{
    return "token from --token-file /var/run/secrets/vault-workbench/token\n"
           "phase: running\nstage 1: 8 VUs for 30s\nsession: /var/lib/vault-workbench/shard.json\n"
           + frame;
}

} // namespace

class TestSessionFrame : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        const QByteArray session = sampleSession();
        const QByteArray frame = encodeSessionFrame(2, session);
        QVERIFY(frame.size() < session.size()); // compressed
        const FrameReading r = readSessionFrame(logAround(frame), 2);
        QCOMPARE(frameStatusText(r.status), QStringLiteral("ok"));
        QCOMPARE(r.session, session);
        // CRLF line ends (a log read through another tool) read the same.
        QByteArray crlf = logAround(frame);
        crlf.replace("\n", "\r\n");
        QCOMPARE(readSessionFrame(crlf, 2).session, session);
        // An earlier, broken frame does not matter: the last one counts.
        const QByteArray twice = frame.left(frame.size() / 2) + "\n" + frame;
        QCOMPARE(readSessionFrame(logAround(twice), 2).status, S::Ok);
    }

    void missing()
    {
        const FrameReading r = readSessionFrame(logAround(QByteArray()), 0);
        QCOMPARE(r.status, S::Missing);
        QVERIFY(r.detail.contains(QStringLiteral("no session frame")));
    }

    void cutAtTheEnd()
    {
        const QByteArray frame = encodeSessionFrame(1, sampleSession());
        const QByteArray cut = frame.left(frame.size() * 2 / 3);
        const FrameReading r = readSessionFrame(logAround(cut), 1);
        QCOMPARE(r.status, S::CutEnd);
        QVERIFY2(r.detail.contains(QStringLiteral("ends inside")), qPrintable(r.detail));
        QVERIFY(r.session.isEmpty());
    }

    void cutAtTheStart()
    {
        const QByteArray frame = encodeSessionFrame(1, sampleSession());
        // A rotated log: the newest file begins somewhere inside the frame.
        const qsizetype from = frame.indexOf('\n', frame.size() / 3) + 1;
        const FrameReading r = readSessionFrame(frame.mid(from), 1);
        QCOMPARE(r.status, S::CutStart);
        QVERIFY2(r.detail.contains(QStringLiteral("rotated")), qPrintable(r.detail));
    }

    void corrupt()
    {
        const QByteArray session = sampleSession();
        QByteArray frame = encodeSessionFrame(3, session);
        // One line lost in the middle.
        const qsizetype a = frame.indexOf('\n', frame.size() / 2) + 1;
        const qsizetype b = frame.indexOf('\n', a) + 1;
        QByteArray lost = frame;
        lost.remove(a, b - a);
        FrameReading r = readSessionFrame(lost, 3);
        QCOMPARE(r.status, S::Corrupt);
        QVERIFY2(r.detail.contains(QStringLiteral("base64 characters")), qPrintable(r.detail));
        // One character changed: zlib or the checksum notices.
        QByteArray changed = frame;
        changed[a + 5] = changed[a + 5] == 'A' ? 'B' : 'A';
        r = readSessionFrame(changed, 3);
        QCOMPARE(r.status, S::Corrupt);
        QVERIFY(r.session.isEmpty());
        // Another index's frame.
        r = readSessionFrame(frame, 4);
        QCOMPARE(r.status, S::Corrupt);
        QVERIFY(r.detail.contains(QStringLiteral("of shard 3")));
    }

    void podsAndJob()
    {
        const QByteArray pods = R"({"kind":"List","items":[
          {"metadata":{"name":"vwb-x-0-abc","annotations":{"batch.kubernetes.io/job-completion-index":"0"}},
           "spec":{"nodeName":"n1"},
           "status":{"phase":"Succeeded","containerStatuses":[{"name":"shard","state":{"terminated":{"exitCode":0,"reason":"Completed"}}}]}},
          {"metadata":{"name":"vwb-x-1-def","annotations":{"batch.kubernetes.io/job-completion-index":"1"}},
           "spec":{"nodeName":"n2"},
           "status":{"phase":"Failed","containerStatuses":[{"name":"shard","state":{"terminated":{"exitCode":5,"reason":"Error"}}}]}},
          {"metadata":{"name":"vwb-x-2-ghi","annotations":{"batch.kubernetes.io/job-completion-index":"2"}},
           "status":{"phase":"Running","containerStatuses":[{"name":"shard","state":{"running":{}}}]}}]})";
        QString error;
        const auto list = parsePods(pods, &error);
        QVERIFY2(list, qPrintable(error));
        QCOMPARE(list->size(), 3);
        QCOMPARE(list->at(1).index, 1);
        QCOMPARE(*list->at(1).exitCode, 5);
        QCOMPARE(list->at(1).node, QStringLiteral("n2"));
        QVERIFY(!list->at(2).exitCode);
        const QByteArray job = R"({"kind":"Job","status":{"active":1,"ready":1,"failed":1,
          "failedIndexes":"1","conditions":[{"type":"FailureTarget","status":"True"},
          {"type":"Failed","status":"True","reason":"PodFailurePolicy",
           "message":"Container shard for pod default/vwb-x-1-def failed with exit code 5 matching FailJob rule at index 0"}]}})";
        const auto s = parseJob(job, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->failedJob);
        QVERIFY(!s->complete);
        QCOMPARE(s->reason, QStringLiteral("PodFailurePolicy"));
        QCOMPARE(jobStateLine(*s),
                 QStringLiteral("active 1, ready 1, succeeded 0, failed 1, failed indexes 1"));
        QVERIFY(!parseJob("not json", &error));
    }
};

QTEST_GUILESS_MAIN(TestSessionFrame)
#include "tst_sessionframe.moc"
