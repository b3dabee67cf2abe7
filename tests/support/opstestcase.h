// The fixture of the operation type tests (tst_ops_kv, tst_ops_misc, tst_ops_transit): one
// real `bao server -dev` for the whole test case, started by initTestCase() and stopped by
// cleanupTestCase() (QTest runs these inherited slots), its target and mount list, and the
// run of two short stages every such test makes of each type (twoStageRunProblem()).
#pragma once

#include "baoserver.h"
#include "opsrun.h"

#include <QObject>
#include <QStringList>

namespace vw::test {

class OpsTestCase : public QObject {
    Q_OBJECT

protected:
    BaoServer m_bao;

    TargetSpec target() const { return targetOf(m_bao); }
    QStringList mounts() const { return mountPaths(m_bao); }

    /// `op` alone in a run named `profileName` of two stages (1 then 2 VUs, 1.2 s each after
    /// 200 ms of warm-up), ended within 45 s: "" when it completed, every stage has one row
    /// labelled `op.type` with count > 0 and no error (checkEveryOpServed()) and nothing of
    /// the run is left on the server (checkNothingLeft()); otherwise what failed. The run's
    /// record goes to *record when given.
    QString twoStageRunProblem(const QString &profileName, const OperationSpec &op,
                               RunRecord *record = nullptr);

private slots:
    void initTestCase();
    void cleanupTestCase();
};

} // namespace vw::test
