// The open model's executor (core/engine/executors/arrivalrateexecutor.h) on a fake worker:
// what happens to a stage's starts when the control thread closes the stage at its planned
// end before the pacer woke for them (issue 9, item 6: starts were dropped at stage ends even
// far below capacity). Deterministic: the event loop never runs between the stage's begin and
// its close, as if the pacer's wake-up for every later start came after the close.
#include "engine/executors/arrivalrateexecutor.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "util/clock.h"

#include <QTest>

using namespace vw;

namespace {

/// A worker with `vus` VUs that never completes a request: it only counts.
class FakeHost final : public VuHost {
public:
    explicit FakeHost(int vus)
        : m_vus(vus)
    {
    }
    int vuCount() const override { return m_vus; }
    int vuId(int slot) const override { return slot; }
    int opCount() const override { return 1; }
    int pickOp() override { return 0; }
    void launch(int, int op, int64_t intendedNs, bool openModel) override
    {
        QVERIFY(openModel);
        QCOMPARE(op, 0);
        QVERIFY(intendedNs <= steadyNowNs()); // never before its due time
        ++launched;
    }
    void recordDropped(int, int, int64_t n) override { dropped += n; }

    int64_t launched = 0;
    int64_t dropped = 0;

private:
    int m_vus;
};

constexpr int64_t kNsPerMs = 1'000'000;

/// One 100 ms stage at 1000/s (100 starts), no warm-up, begun now and closed after its
/// planned end without the event loop running in between.
void runStageClosedLate(FakeHost &host)
{
    RampSpec ramp;
    ramp.model = std::make_shared<const ArrivalRateModel>(host.vuCount());
    ramp.stages = {StageSpec{0, 100, 1000}};
    auto shared = std::make_shared<RunShared>(ramp);
    const int64_t start = steadyNowNs();
    shared->stageSlots[0].startNs.store(start);
    shared->stageSlots[0].warmupEndNs.store(start);
    shared->stage.store(0);
    ArrivalRateExecutor executor(host, shared, 0, 1, 10'000 * kNsPerMs);
    executor.beginStage(0);
    // Start 0 is due at once, the others 1 ms apart: unless this thread was preempted for most
    // of the stage, they are not sent before the close.
    QVERIFY(host.launched >= 1);
    while (steadyNowNs() < start + 100 * kNsPerMs) { }
    executor.closeStage(0, true);
}

} // namespace

class TestArrivalRateExecutor : public QObject {
    Q_OBJECT
private slots:
    void dueStartsAreSentAtTheCloseWhenVusAreFree()
    {
        FakeHost host(200); // more VUs than starts: far below capacity
        runStageClosedLate(host);
        QCOMPARE(host.launched, 100);
        QCOMPARE(host.dropped, 0);
    }

    void startsWithoutAVuAreDroppedAtTheClose()
    {
        FakeHost host(10); // none completes: 10 starts find a VU, 90 never do
        runStageClosedLate(host);
        QCOMPARE(host.launched, 10);
        QCOMPARE(host.dropped, 90);
    }
};

QTEST_GUILESS_MAIN(TestArrivalRateExecutor)
#include "tst_arrivalrateexecutor.moc"
