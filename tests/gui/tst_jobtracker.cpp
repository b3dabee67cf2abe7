// ui/jobtracker.h: a superseded job's result is dropped, a destroyed receiver is safe (its
// job's result is dropped, nothing runs on it), cancel() drops and tells the job, independent
// jobs all deliver, an exception reaches the error handler on the GUI thread, and the results
// arrive on the GUI thread.
#include "jobtracker.h"

#include <QSemaphore>
#include <QTest>
#include <QThreadPool>

#include <atomic>
#include <stdexcept>

using namespace vw;

class TestJobTracker : public QObject {
    Q_OBJECT
private slots:
    void staleResultIsDropped()
    {
        QObject receiver;
        JobTracker tracker(&receiver);
        QSemaphore firstMayFinish;
        std::atomic<bool> firstSawCancel{false};
        QList<int> delivered;
        tracker.start(
            [&](const JobContext &job) {
                firstMayFinish.acquire(); // finishes after the second job
                firstSawCancel = job.cancelled();
                return 1;
            },
            [&](int v) { delivered << v; });
        tracker.start([](const JobContext &) { return 2; }, [&](int v) { delivered << v; });
        QTRY_COMPARE(delivered, QList<int>{2});
        QVERIFY(tracker.isBusy()); // the first one has not come back yet
        firstMayFinish.release();
        QTRY_VERIFY(!tracker.isBusy());
        QTest::qWait(50);
        QCOMPARE(delivered, QList<int>{2}); // 1 came back after 2: dropped
        QVERIFY(firstSawCancel);
    }

    void destroyedReceiverIsSafe()
    {
        auto *receiver = new QObject;
        JobTracker tracker(receiver, JobTracker::Policy::Independent);
        QSemaphore mayFinish;
        std::atomic<bool> ran{false};
        bool delivered = false;
        tracker.start(
            [&](const JobContext &job) {
                mayFinish.acquire();
                job.post([&] { delivered = true; }); // intermediate results: dropped too
                ran = true;
                return 7;
            },
            [&delivered, receiver](int) {
                delivered = true;
                receiver->setObjectName(QStringLiteral("used after delete"));
            });
        delete receiver;
        mayFinish.release();
        QTRY_VERIFY(ran);
        QTRY_VERIFY(!tracker.isBusy());
        QTest::qWait(50);
        QVERIFY(!delivered);
    }

    void trackerDestroyedBeforeTheJobEnds()
    {
        QObject receiver;
        QSemaphore mayFinish;
        std::atomic<bool> sawCancel{false};
        std::atomic<bool> ended{false};
        bool delivered = false;
        {
            JobTracker tracker(&receiver);
            tracker.start(
                [&](const JobContext &job) {
                    mayFinish.acquire();
                    sawCancel = job.cancelled();
                    ended = true;
                    return 0;
                },
                [&](int) { delivered = true; });
        }
        mayFinish.release();
        QTRY_VERIFY(ended);
        QTest::qWait(50);
        QVERIFY(sawCancel);
        QVERIFY(!delivered);
    }

    void cancelDropsAndIndependentJobsAllDeliver()
    {
        QObject receiver;
        JobTracker tracker(&receiver, JobTracker::Policy::Independent);
        QList<int> delivered;
        for (int i = 0; i < 4; ++i)
            tracker.start([i](const JobContext &) { return i; }, [&](int v) { delivered << v; });
        QTRY_COMPARE(delivered.size(), 4);
        std::sort(delivered.begin(), delivered.end());
        QCOMPARE(delivered, (QList<int>{0, 1, 2, 3}));

        QSemaphore mayFinish;
        bool late = false;
        tracker.start(
            [&](const JobContext &) {
                mayFinish.acquire();
                return 9;
            },
            [&](int) { late = true; });
        tracker.cancel();
        mayFinish.release();
        QTRY_VERIFY(!tracker.isBusy());
        QTest::qWait(50);
        QVERIFY(!late);
        // a job started after cancel() delivers again
        tracker.start([](const JobContext &) { return 5; }, [&](int v) { delivered << v; });
        QTRY_COMPARE(delivered.last(), 5);
    }

    void errorsAndResultsArriveOnTheGuiThread()
    {
        QObject receiver;
        JobTracker tracker(&receiver);
        QString error;
        QThread *errorThread = nullptr;
        tracker.setErrorHandler([&](const QString &e) {
            error = e;
            errorThread = QThread::currentThread();
        });
        QThread *jobThread = nullptr;
        tracker.start(
            [&](const JobContext &) -> int {
                jobThread = QThread::currentThread();
                throw std::runtime_error("disk on fire");
            },
            [](int) { QFAIL("no result from a job that threw"); });
        QTRY_COMPARE(error, QStringLiteral("disk on fire"));
        QCOMPARE(errorThread, QThread::currentThread());
        QVERIFY(jobThread && jobThread != QThread::currentThread());

        // a job on a thread of its own (pool null)
        JobTracker own(&receiver, JobTracker::Policy::Supersede, nullptr);
        QThread *doneThread = nullptr;
        QThread *ranOn = nullptr;
        own.start(
            [&](const JobContext &) {
                ranOn = QThread::currentThread();
                return QStringLiteral("ok");
            },
            [&](const QString &) { doneThread = QThread::currentThread(); });
        QTRY_VERIFY(doneThread);
        QCOMPARE(doneThread, QThread::currentThread());
        QVERIFY(ranOn != QThread::currentThread());
    }
};

QTEST_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
