#include "opstestcase.h"

#include <QTest>

namespace vw::test {

void OpsTestCase::initTestCase()
{
    QString error;
    QVERIFY2(m_bao.start(&error), qPrintable(error));
}

void OpsTestCase::cleanupTestCase()
{
    m_bao.stop();
}

QString OpsTestCase::twoStageRunProblem(const QString &profileName, const OperationSpec &op,
                                        RunRecord *record)
{
    const QStringList before = mounts();
    if (before.isEmpty())
        return QStringLiteral("the mount list of the server could not be read");
    BenchmarkRun run(opsProfile(m_bao, profileName, {op}, {{1, 1200}, {2, 1200}}, 200),
                     rootOptions(m_bao));
    RunRecord s;
    QString error;
    if (!runToEnd(run, 45000, &s, &error))
        return error;
    if (record)
        *record = s;
    if (const QString served = checkEveryOpServed(s, 2, 1); !served.isEmpty())
        return served;
    for (const StageStats &st : s.stages)
        if (st.ops.first().op != op.type)
            return QStringLiteral("stage %1's row is \"%2\", not \"%3\"")
                .arg(st.index)
                .arg(st.ops.first().op, op.type);
    return checkNothingLeft(m_bao, s, before);
}

} // namespace vw::test
