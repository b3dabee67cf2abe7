// Comparison of sessions (core/session/comparison.h): alignment by VUs, ratios to the first
// session, side-by-side capacity points, and one warning per kind of difference.
#include "sessionplan.h"
#include "syntheticstages.h"
#include "report/comparisontext.h"
#include "session/sessionio.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QTest>
#include <cmath>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");

/// The profile of a closed ramp over `vus` (2 s stages, 500 ms warm-up, as
/// fixedCapacityStages() measures them) with one ssh_sign operation.
QByteArray profileYaml(const QByteArray &caKeyType, const QList<int> &vus, int weight = 100)
{
    QByteArray stages;
    for (int v : vus)
        stages += "    - { vus: " + QByteArray::number(v) + ", duration: 2s }\n";
    return "name: ssh\nramp:\n  warmup: 500ms\n  stages:\n" + stages
           + "operations:\n"
             "  - type: ssh_sign\n    weight: "
           + QByteArray::number(weight) + "\n    params: { ca_key_type: " + caKeyType + " }\n";
}

/// Closed ramp against `workers` workers of `serviceMs` each.
Session session(const QString &label, const QList<int> &vus, int workers, double serviceMs,
                const QByteArray &caKeyType = "ed25519")
{
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("ssh");
    s.profileYaml = profileYaml(caKeyType, vus);
    s.ops = {kOp};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.server.product = QStringLiteral("openbao");
    s.server.version = QStringLiteral("2.7.2");
    s.stages = test::fixedCapacityStages(kOp, vus, workers, serviceMs);
    if (!test::setPlanFromYaml(&s)) // the run plan, as the engine stores it
        qFatal("test profile does not parse");
    return s;
}

const QList<int> kRamp = {1, 2, 4, 8, 16, 32};

bool hasWarning(const Comparison &c, const QString &kind, const QString &part)
{
    for (const ComparisonWarning &w : c.warnings)
        if (w.kind == kind && w.text.contains(part))
            return true;
    return false;
}

bool hasCompared(const Comparison &c, const QString &kind, const QString &part)
{
    for (const ComparedDifference &d : c.compared)
        if (d.kind == kind && d.text.contains(part))
            return true;
    return false;
}

} // namespace

class TestComparison : public QObject {
    Q_OBJECT
private slots:
    void alignsByVusWithRatios();
    void arrivalRateStagesAlignByOfferedRate();
    void sideBySideCapacityPoints();
    void identicalSetupsGiveNoWarning();
    void variedParamsAreComparedNotWarned();
    void clientBoundStagesWarn();
    void eachDifferenceIsNamed();
    void plansComparedFieldByField();
    void jsonAndText();
    void compareAndReportCommands();
};

void TestComparison::alignsByVusWithRatios()
{
    // A: 4 workers x 10 ms (RSA-like); B: 8 workers x 5 ms and one more stage, one fewer.
    const Session a = session(QStringLiteral("rsa"), kRamp, 4, 10.0);
    const Session b = session(QStringLiteral("ed25519"), {1, 4, 8, 16, 32, 64}, 8, 5.0);
    const Comparison c = compareSessions({a, b});
    QCOMPARE(c.letters, (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
    QCOMPARE(c.labels, (QStringList{QStringLiteral("rsa"), QStringLiteral("ed25519")}));
    QCOMPARE(c.ops.size(), 1);
    const OpComparison &oc = c.ops.first();
    QList<int> levels;
    for (const AlignedRow &r : oc.rows)
        levels.append(r.vus);
    QCOMPARE(levels, (QList<int>{1, 2, 4, 8, 16, 32, 64}));

    const AlignedRow &two = oc.rows[1]; // only A ran 2 VUs
    QVERIFY(two.cells[0].has_value());
    QVERIFY(!two.cells[1].has_value());
    QVERIFY(!two.throughputRatio[1].has_value());
    const AlignedRow &sixtyFour = oc.rows[6]; // only B ran 64 VUs
    QVERIFY(!sixtyFour.cells[0].has_value());
    QVERIFY(!sixtyFour.throughputRatio[1].has_value());

    // 8 VUs: A 400/s at 20 ms, B 1600/s at 5 ms.
    const AlignedRow &eight = oc.rows[3];
    QCOMPARE(eight.cells[0]->stage, 3);
    QCOMPARE(eight.cells[1]->stage, 2);
    QVERIFY(std::abs(*eight.throughputRatio[1] - 4.0) < 1e-9);
    QVERIFY(std::abs(*eight.p99Ratio[1] - 0.25) < 0.001);
    QVERIFY(std::abs(*eight.throughputRatio[0] - 1.0) < 1e-9); // A against itself
    // 1 VU: 100/s vs 200/s.
    QVERIFY(std::abs(*oc.rows[0].throughputRatio[1] - 2.0) < 1e-9);
}

void TestComparison::sideBySideCapacityPoints()
{
    const Session a = session(QStringLiteral("rsa"), {1, 2, 4, 8, 16, 32, 64}, 4, 10.0);
    const Session b = session(QStringLiteral("ed25519"), {1, 2, 4, 8, 16, 32, 64}, 16, 5.0);
    const Comparison c = compareSessions({a, b});
    const OpComparison &oc = c.ops.first();
    QCOMPARE(oc.analyses.size(), 2);
    QCOMPARE(oc.analyses[0]->knee.vus, std::optional<int>(4));
    QCOMPARE(oc.analyses[1]->knee.vus, std::optional<int>(16));
    QCOMPARE(oc.analyses[0]->saturation.vus, std::optional<int>(4));
    QCOMPARE(oc.analyses[1]->saturation.vus, std::optional<int>(16));
    QCOMPARE(*oc.analyses[1]->maxThroughput.perS, 3200.0);
    const QString text = comparisonText(c, {a, b});
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("knee VUs\\s+4\\s+16\\n"))),
             qPrintable(text));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("saturation VUs\\s+4\\s+16\\n"))));
    QVERIFY(text.contains(QStringLiteral("USL N* VUs")));
    QVERIFY(text.contains(QStringLiteral("p99 at knee ms")));
}

void TestComparison::identicalSetupsGiveNoWarning()
{
    const Session a = session(QStringLiteral("run 1"), kRamp, 8, 5.0);
    Session b = session(QStringLiteral("run 1"), kRamp, 8, 5.5);
    const Comparison c = compareSessions({a, b});
    QVERIFY(c.warnings.isEmpty());
    // Same labels are made distinct.
    QCOMPARE(c.labels, (QStringList{QStringLiteral("run 1"), QStringLiteral("run 1 (2)")}));
    QVERIFY(comparisonText(c, {a, b}).contains(QStringLiteral("warnings: none")));
}

// Issue 12: the parameter under test is what the comparison compares, not a problem. An
// RSA-2048 vs ED25519 pair gives one "compared" line and no warning; the same pair on another
// server version keeps that line and warns about the version.
void TestComparison::variedParamsAreComparedNotWarned()
{
    QVERIFY(differenceIsCompared(QStringLiteral("operation_params")));
    QVERIFY(differenceIsCompared(QStringLiteral("operations")));
    for (const char *kind : {"target", "server_version", "server_role", "executor", "ramp",
                             "transport", "client", "client_bound", "analysis"})
        QVERIFY2(!differenceIsCompared(QString::fromLatin1(kind)), kind);

    const Session rsa = session(QStringLiteral("rsa"), kRamp, 4, 10.0, "rsa-2048");
    const Session ed = session(QStringLiteral("ed"), kRamp, 8, 5.0, "ed25519");
    Comparison c = compareSessions({rsa, ed});
    QVERIFY(c.warnings.isEmpty());
    QCOMPARE(c.compared.size(), 1);
    QCOMPARE(c.compared.first().kind, QStringLiteral("operation_params"));
    QCOMPARE(c.compared.first().text, QStringLiteral("ca_key_type rsa-2048 (A) vs ed25519 (B)"));

    Session newer = ed;
    newer.server.version = QStringLiteral("2.8.0");
    c = compareSessions({rsa, newer});
    QCOMPARE(c.compared.size(), 1);
    QCOMPARE(c.warnings.size(), 1);
    QCOMPARE(c.warnings.first().kind, QStringLiteral("server_version"));
    QCOMPARE(c.warnings.first().text,
             QStringLiteral("server version: openbao 2.7.2 (A) vs openbao 2.8.0 (B)"));
    const QString text = comparisonText(c, {rsa, newer});
    QVERIFY(text.contains(QStringLiteral("compared: ca_key_type rsa-2048 (A) vs ed25519 (B)")));
    QVERIFY(text.contains(QStringLiteral("  ! server_version: server version: openbao 2.7.2 (A)")));
}

// A client-bound stage spoils the comparison at its load: one warning per session that has
// such stages, naming them; its aligned cells carry the guard's reasons.
void TestComparison::clientBoundStagesWarn()
{
    const Session a = session(QStringLiteral("a"), kRamp, 8, 5.0);
    Session b = session(QStringLiteral("b"), kRamp, 8, 5.0);
    test::markClientBound(b.stages[5], QStringLiteral("client_cpu: 97 % of 2 cores"));
    const Comparison c = compareSessions({a, b});
    QCOMPARE(c.warnings.size(), 1);
    QCOMPARE(c.warnings.first().kind, QStringLiteral("client_bound"));
    QCOMPARE(c.warnings.first().text,
             QStringLiteral("client-bound stages in B: 6 (32 VUs) (the client, not the server, "
                            "limited them)"));
    const AlignedRow &row = c.ops.first().rows.last(); // 32 VUs
    QCOMPARE(row.vus, 32);
    QVERIFY(row.cells[1]->clientBound);
    QCOMPARE(row.cells[1]->clientBoundReasons,
             QStringList{QStringLiteral("client_cpu: 97 % of 2 cores")});
    QVERIFY(!row.cells[0]->clientBound);
}

void TestComparison::eachDifferenceIsNamed()
{
    const Session a = session(QStringLiteral("a"), kRamp, 8, 5.0, "rsa-2048");

    Session target = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    target.targetAddress = QStringLiteral("https://vault.example:8200");
    target.plan.target.address = target.targetAddress;
    Comparison c = compareSessions({a, target});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(
        hasWarning(c, QStringLiteral("target"),
                   QStringLiteral("http://127.0.0.1:8200 (A) vs https://vault.example:8200 (B)")));

    Session version = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    version.server.version = QStringLiteral("2.8.0");
    c = compareSessions({a, version});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(hasWarning(c, QStringLiteral("server_version"),
                       QStringLiteral("openbao 2.7.2 (A) vs openbao 2.8.0 (B)")));

    Session role = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    Session active = a;
    active.server.role = ServerRole::Active;
    role.server.role = ServerRole::Standby;
    c = compareSessions({active, role});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(
        hasWarning(c, QStringLiteral("server_role"), QStringLiteral("active (A) vs standby (B)")));

    Session nodes = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    nodes.plan.target.addresses = {QStringLiteral("http://10.0.0.1:8200")};
    c = compareSessions({a, nodes});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(hasWarning(c, QStringLiteral("target"),
                       QStringLiteral("target nodes: none (A) vs http://10.0.0.1:8200 (B)")));

    Session ramp = session(QStringLiteral("b"), {1, 2, 4, 8, 16}, 8, 5.0, "rsa-2048");
    c = compareSessions({a, ramp});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(hasWarning(c, QStringLiteral("ramp"),
                       QStringLiteral("1,2,4,8,16,32 (A) vs 1,2,4,8,16 (B)")));
    Session durations = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    durations.plan.ramp.stages[2].durationMs = 10000;
    durations.plan.ramp.warmupMs = 1000;
    c = compareSessions({a, durations});
    QCOMPARE(c.warnings.size(), 2);
    QVERIFY(hasWarning(c, QStringLiteral("ramp"),
                       QStringLiteral("ramp stage durations: 2s (A) vs 2s,10s (B)")));
    QVERIFY(
        hasWarning(c, QStringLiteral("ramp"), QStringLiteral("ramp warm-up: 500ms (A) vs 1s (B)")));

    // what the operations vary is compared, not warned about (variedParamsAreComparedNotWarned)
    Session params = session(QStringLiteral("b"), kRamp, 8, 5.0, "ed25519");
    c = compareSessions({a, params});
    QVERIFY(c.warnings.isEmpty());
    QVERIFY(hasCompared(c, QStringLiteral("operation_params"),
                        QStringLiteral("ca_key_type rsa-2048 (A) vs ed25519 (B)")));
    Session weight = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    weight.profileYaml = profileYaml("rsa-2048", kRamp, 50);
    QVERIFY(test::setPlanFromYaml(&weight));
    c = compareSessions({a, weight});
    QVERIFY(c.warnings.isEmpty());
    QVERIFY(hasCompared(c, QStringLiteral("operation_params"),
                        QStringLiteral("weight 100 (A) vs 50 (B)")));

    Session ops = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    ops.ops = {QStringLiteral("kv2_read")};
    ops.plan.operations[0] = OperationSpec{QStringLiteral("kv2_read"), 100, {}};
    for (StageStats &st : ops.stages)
        st.ops[0].op = QStringLiteral("kv2_read");
    c = compareSessions({a, ops});
    QVERIFY(c.warnings.isEmpty());
    QVERIFY(
        hasCompared(c, QStringLiteral("operations"),
                    QStringLiteral("operations differ: ssh_sign (A) vs kv2_read (B); only in A: "
                                   "ssh_sign; only in B: kv2_read")));
    QCOMPARE(c.ops.size(), 2); // both ops listed, each missing on one side
    QVERIFY(!c.ops[0].analyses[1].has_value());
    QVERIFY(!c.ops[1].analyses[0].has_value());
    // named by their labels, not their types: B names its ssh_sign "rsa"
    Session named = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    named.profileYaml.replace("  - type: ssh_sign\n", "  - type: ssh_sign\n    name: rsa\n");
    QVERIFY(test::setPlanFromYaml(&named));
    c = compareSessions({a, named});
    QVERIFY(c.warnings.isEmpty());
    QVERIFY2(hasCompared(c, QStringLiteral("operations"),
                         QStringLiteral("operations differ: ssh_sign (A) vs rsa (B)")),
             qPrintable(c.compared.value(0).text));

    Session transport = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    transport.plan.transport = QStringLiteral("direct");
    c = compareSessions({a, transport});
    QVERIFY(hasWarning(c, QStringLiteral("transport"), QStringLiteral("qnam (A) vs direct (B)")));

    Session gui = session(QStringLiteral("b"), kRamp, 8, 5.0, "rsa-2048");
    gui.client.workerNice = 5; // run from the GUI, A from the CLI
    c = compareSessions({a, gui});
    QVERIFY(hasWarning(c, QStringLiteral("client"),
                       QStringLiteral("worker threads' nice value: 0 (A) vs 5 (B)")));

    // Three sessions: each is compared with A and named by its letter.
    c = compareSessions({a, target, version});
    QVERIFY(hasWarning(c, QStringLiteral("target"), QStringLiteral("(B)")));
    QVERIFY(hasWarning(c, QStringLiteral("server_version"), QStringLiteral("(C)")));
    QVERIFY(comparisonText(c, {a, target, version}).contains(QStringLiteral("! server_version:")));
}

void TestComparison::plansComparedFieldByField()
{
    // Two operations of one type: compared by position, never keyed by type.
    auto twoSigners = [](const QByteArray &second, const QByteArray &timeout,
                         const QByteArray &duration, const QByteArray &ttl = "5m") {
        Session s = session(QStringLiteral("x"), {1, 2}, 8, 5.0);
        s.profileYaml = "name: ssh\ntarget:\n  request_timeout: " + timeout
                        + "\nramp:\n  stages:\n    - { vus: 1, duration: " + duration
                        + " }\n    - { vus: 2, duration: " + duration
                        + " }\noperations:\n"
                          "  - type: ssh_sign\n    params: { ca_key_type: rsa-2048, ttl: "
                        + ttl
                        + " }\n"
                          "  - type: ssh_sign\n    weight: 50\n    params: { ca_key_type: "
                        + second + " }\n";
        if (!test::setPlanFromYaml(&s))
            qFatal("test profile does not parse");
        return s;
    };
    const Session a = twoSigners("ed25519", "5m", "5m");
    QCOMPARE(a.plan.operations.size(), 2);
    QVERIFY(compareSessions({a, twoSigners("ed25519", "5m", "5m")}).warnings.isEmpty());

    // Only the second ssh_sign differs: one compared line, naming it by its label.
    Comparison c = compareSessions({a, twoSigners("rsa-2048", "5m", "5m")});
    QVERIFY(c.warnings.isEmpty());
    QCOMPARE(c.compared.size(), 1);
    QCOMPARE(c.compared.first().kind, QStringLiteral("operation_params"));
    QCOMPARE(c.compared.first().text,
             QStringLiteral("ssh_sign#2 ca_key_type ed25519 (A) vs rsa-2048 (B)"));

    // Durations are compared as numbers: 5m is 300s (stage durations, request timeout and a
    // duration param such as ssh_sign's ttl).
    QVERIFY(compareSessions({a, twoSigners("ed25519", "300s", "300s", "300s")}).warnings.isEmpty());
    c = compareSessions({a, twoSigners("ed25519", "5m", "5m", "10m")});
    QVERIFY(c.warnings.isEmpty());
    QCOMPARE(c.compared.size(), 1);
    QVERIFY(hasCompared(c, QStringLiteral("operation_params"),
                        QStringLiteral("ssh_sign ttl 5m (A) vs 10m (B)")));
    c = compareSessions({a, twoSigners("ed25519", "301s", "5m")});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(hasWarning(c, QStringLiteral("target"),
                       QStringLiteral("request timeout: 5m (A) vs 5m1s (B)")));

    // The SLO of the plans is compared too.
    Session slo = twoSigners("ed25519", "5m", "5m");
    slo.plan.slo.p99Ms = 50;
    c = compareSessions({a, slo});
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY(hasWarning(c, QStringLiteral("analysis"),
                       QStringLiteral("SLO: none (A) vs p99 <= 50 ms (B)")));
}

void TestComparison::jsonAndText()
{
    const Session a = session(QStringLiteral("rsa"), kRamp, 4, 10.0, "rsa-2048");
    const Session b = session(QStringLiteral("ed25519"), kRamp, 8, 5.0, "ed25519");
    const Comparison c = compareSessions({a, b});
    const QJsonObject j = comparisonJson(c, {a, b});
    QCOMPARE(j.value(QStringLiteral("sessions")).toArray().size(), 2);
    QCOMPARE(j.value(QStringLiteral("warnings")).toArray().size(), 0);
    const QJsonArray compared = j.value(QStringLiteral("compared")).toArray();
    QCOMPARE(compared.size(), 1);
    QCOMPARE(compared.at(0).toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("ca_key_type rsa-2048 (A) vs ed25519 (B)"));
    const QJsonObject op = j.value(QStringLiteral("ops")).toObject().value(kOp).toObject();
    QCOMPARE(op.value(QStringLiteral("analysis"))
                 .toArray()
                 .at(1)
                 .toObject()
                 .value(QStringLiteral("knee_vus"))
                 .toInt(),
             8);
    const QJsonArray stages = op.value(QStringLiteral("stages")).toArray();
    QCOMPARE(stages.size(), 6);
    QCOMPARE(stages.at(3)
                 .toObject()
                 .value(QStringLiteral("throughput_ratio"))
                 .toArray()
                 .at(1)
                 .toDouble(),
             4.0);

    const QString text = comparisonText(c, {a, b});
    QVERIFY(text.contains(QStringLiteral("  A  rsa  (profile ssh")));
    QVERIFY(text.contains(QStringLiteral("throughput/s B")));
    QVERIFY(text.contains(QStringLiteral("throughput B/A")));
    QVERIFY(text.contains(QStringLiteral("p99 B/A")));
    QVERIFY(!text.contains(QStringLiteral("X B/A")));
    QVERIFY(text.contains(QStringLiteral("\ncompared: ca_key_type rsa-2048 (A) vs ed25519 (B)\n")));
    QVERIFY(text.contains(QStringLiteral("warnings: none")));
    // The 8-VU row: 400.0 vs 1600.0, ratio 4.00; p99 20 ms vs 5 ms, ratio 0.25.
    QVERIFY2(
        text.contains(QRegularExpression(QStringLiteral(
            "\\n\\s+8\\s+400\\.0\\s+1600\\.0\\s+4\\.00\\s+20\\.\\d+\\s+5\\.\\d+\\s+0\\.25\\n"))),
        qPrintable(text));
}

void TestComparison::compareAndReportCommands()
{
    // The command line on session files: `compare` prints the table and the warnings,
    // `report --format table` ends with the analysis.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fa = dir.filePath(QStringLiteral("rsa.json"));
    const QString fb = dir.filePath(QStringLiteral("ed.json"));
    QString error;
    QVERIFY2(writeSession(session(QStringLiteral("rsa"), kRamp, 4, 10.0, "rsa-2048"), fa, &error),
             qPrintable(error));
    QVERIFY2(writeSession(session(QStringLiteral("ed25519"), kRamp, 8, 5.0, "ed25519"), fb, &error),
             qPrintable(error));
    auto run = [](const QStringList &args, QString *out, QString *err) {
        QProcess p;
        p.start(QStringLiteral(VW_APP_BINARY), args);
        if (!p.waitForFinished(30000))
            return -1;
        *out = QString::fromLocal8Bit(p.readAllStandardOutput());
        *err = QString::fromLocal8Bit(p.readAllStandardError());
        return p.exitCode();
    };
    QString out, err;
    QCOMPARE(run({QStringLiteral("compare"), fa, fb}, &out, &err), 0);
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("knee VUs\\s+4\\s+8\\n"))),
             qPrintable(out));
    QVERIFY(out.contains(QStringLiteral("compared: ca_key_type rsa-2048 (A) vs ed25519 (B)\n")));
    QVERIFY(!out.contains(QStringLiteral("! operation_params")));
    QCOMPARE(
        run({QStringLiteral("compare"), fa, fb, QStringLiteral("--format"), QStringLiteral("json")},
            &out, &err),
        0);
    QCOMPARE(QJsonDocument::fromJson(out.toUtf8())
                 .object()
                 .value(QStringLiteral("warnings"))
                 .toArray()
                 .size(),
             0);
    QCOMPARE(QJsonDocument::fromJson(out.toUtf8())
                 .object()
                 .value(QStringLiteral("compared"))
                 .toArray()
                 .size(),
             1);
    QCOMPARE(run({QStringLiteral("compare"), fa}, &out, &err), 2);
    // --out writes the HTML report (tests/unit/tst_htmlreport.cpp checks its content)
    QCOMPARE(run({QStringLiteral("compare"), fa, fb, QStringLiteral("--out"),
                  dir.filePath(QStringLiteral("r.html"))},
                 &out, &err),
             0);
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("r.html"))));
    QCOMPARE(run({QStringLiteral("report"), fb}, &out, &err), 0);
    QVERIFY2(out.contains(QStringLiteral("\nanalysis\nssh_sign\n  knee                   8 VUs\n")),
             qPrintable(out));
}

// Every stage of an arrival-rate run has VUs = max_vus: aligned by VUs, all but the first
// stage vanished. They align by offered rate, and a closed run's stages never share their rows.
void TestComparison::arrivalRateStagesAlignByOfferedRate()
{
    QString error;
    const std::optional<Session> open = readSession(
        QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-arrival-rate.json"), &error);
    const std::optional<Session> closed =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json"), &error);
    QVERIFY2(open && closed, qPrintable(error));
    QCOMPARE(open->stages.size(), 2);
    QCOMPARE(open->stages[0].vus, open->stages[1].vus); // the pool, both stages

    const Comparison same = compareSessions({*open, *open});
    QCOMPARE(same.ops.size(), 1);
    const OpComparison &oc = same.ops.first();
    QCOMPARE(oc.rows.size(), 2);
    QCOMPARE(oc.rows[0].rate, 50.0);
    QCOMPARE(oc.rows[1].rate, 200.0);
    QCOMPARE(oc.rows[1].loadText(), QStringLiteral("200/s"));
    QCOMPARE(oc.alignedBy(), QStringLiteral("offered rate"));
    QVERIFY(oc.rows[1].cells[1].has_value());
    QCOMPARE(*oc.rows[1].throughputRatio[1], 1.0);
    QVERIFY(comparisonText(same, {*open, *open})
                .contains(QStringLiteral("stages aligned by offered rate")));
    const QJsonArray rows = comparisonJson(same, {*open, *open})
                                .value(QStringLiteral("ops"))
                                .toObject()
                                .value(QStringLiteral("sys_health"))
                                .toObject()
                                .value(QStringLiteral("stages"))
                                .toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].toObject().value(QStringLiteral("rate_per_s")).toDouble(), 200.0);

    // closed vs open: the same op in both, rows of one kind never hold the other's stages
    Session closedHealth = *closed;
    const Comparison mixed = compareSessions({closedHealth, *open});
    for (const OpComparison &m : mixed.ops)
        for (const AlignedRow &r : m.rows)
            for (int i = 0; i < r.cells.size(); ++i)
                if (r.cells[i])
                    QCOMPARE(r.open(), i == 1);
}

QTEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"
