// engine/checkpointer.h (issue 23, finding 8): checkpoints are written at a bounded rate. A
// write whose cost grows with the stages (as a session's does) is not done after every one of
// thousands of short stages: the time spent writing stays a bounded share of the time between
// calls, the first call is always written, and flush() writes the last stages.
#include "engine/checkpointer.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

using namespace vw;

namespace {

StageStats stage(int i)
{
    StageStats st;
    st.index = i;
    st.vus = 1;
    st.durationMs = 1;
    return st;
}

/// A write that takes `usPerStage` microseconds per stage it holds (busy: as a serialiser).
struct CostlyWrite {
    int usPerStage = 0;
    QList<int> stagesWritten;
    qint64 busyNs = 0;

    Checkpointer::Write function()
    {
        return [this](const RunRecord &r, QString *) {
            QElapsedTimer t;
            t.start();
            const qint64 untilNs = qint64(r.stages.size()) * usPerStage * 1000;
            while (t.nsecsElapsed() < untilNs) { }
            busyNs += t.nsecsElapsed();
            stagesWritten << int(r.stages.size());
            return true;
        };
    }
};

} // namespace

class TestCheckpointer : public QObject {
    Q_OBJECT
private slots:
    void cheapWritesAreEachWritten()
    {
        // Stages 5 ms apart and writes of a few microseconds: every stage is checkpointed.
        CostlyWrite w;
        Checkpointer c(w.function(), 20);
        QList<StageStats> finished;
        c.write(finished, {}, {});
        for (int i = 0; i < 20; ++i) {
            QThread::msleep(5);
            finished << stage(i);
            c.write(finished, {}, {});
        }
        c.flush();
        QCOMPARE(w.stagesWritten.size(), 21);
        QCOMPARE(w.stagesWritten.last(), 20);
    }

    void costlyWritesAreSpacedOut()
    {
        // 3,000 stages 0.1 ms apart; a write costs 2 us per stage it holds (6 ms at the end):
        // written after each stage, that is 9 s of writing; spaced out, a bounded share.
        constexpr int kStages = 3000;
        CostlyWrite w;
        w.usPerStage = 2;
        Checkpointer c(w.function(), kStages);
        QList<StageStats> finished;
        QElapsedTimer total;
        total.start();
        c.write(finished, {}, {}); // the header: always written
        QCOMPARE(w.stagesWritten.size(), 1);
        for (int i = 0; i < kStages; ++i) {
            QThread::usleep(100);
            finished << stage(i);
            c.write(finished, {}, {});
        }
        c.flush();
        const qint64 elapsedNs = total.nsecsElapsed();
        QVERIFY2(w.stagesWritten.size() < kStages / 10,
                 qPrintable(QStringLiteral("%1 writes").arg(w.stagesWritten.size())));
        QCOMPARE(w.stagesWritten.last(), kStages); // flush(): every stage is on disk
        // Writes take at most about 1 / (1 + kSpacingFactor) of the time, with slack for a
        // loaded machine (each write of a spaced-out run is at most one spacing late).
        QVERIFY2(double(w.busyNs) < 0.35 * double(elapsedNs),
                 qPrintable(QStringLiteral("writing took %1 of %2 ms")
                                .arg(w.busyNs / 1000000)
                                .arg(elapsedNs / 1000000)));
        // In order, never the same stages twice.
        for (int i = 1; i < w.stagesWritten.size(); ++i)
            QVERIFY(w.stagesWritten.at(i) > w.stagesWritten.at(i - 1));
    }

    void flushWithNothingPendingWritesNothing()
    {
        CostlyWrite w;
        Checkpointer c(w.function(), 1);
        c.write({stage(0)}, {}, {});
        c.flush();
        c.flush();
        QCOMPARE(w.stagesWritten, QList<int>{1});
    }
};

QTEST_GUILESS_MAIN(TestCheckpointer)
#include "tst_checkpointer.moc"
