// The study file (core/study/studyparser.h): a valid study, errors with line and column, and
// the duration scaling of `study --short` (core/study/studyscale.h).
#include "study/studyparser.h"
#include "study/studyscale.h"
#include "study/studytarget.h"

#include <QtTest>

using namespace vw;

class TstStudyFile : public QObject {
    Q_OBJECT

private slots:
    void parsesAStudy()
    {
        const QByteArray yaml =
            "name: s1\n"
            "description: two by two\n"
            "dimensions: [key type, path]\n"
            "profiles:\n"
            "  - { file: a.yaml, labels: { key type: RSA } }\n"
            "  - file: sub/b.yaml\n"
            "    labels: { key type: ECDSA }\n"
            "targets:\n"
            "  - { name: leader, addr: leader, labels: { path: A } }\n"
            "  - { name: direct, addr: 'http://127.0.0.1:8200', labels: { path: B } }\n"
            "duration_scale: 0.5\n"
            "target_up: { kind: cluster, nodes: 3, lb: nginx }\n";
        const StudyParseResult r = parseStudy(yaml, QStringLiteral("/studies/x.study.yaml"));
        QVERIFY2(r.ok(), qPrintable(r.errors.value(0).toString()));
        const StudySpec &s = *r.study;
        QCOMPARE(s.name, QStringLiteral("s1"));
        QCOMPARE(s.dimensions, (QStringList{QStringLiteral("key type"), QStringLiteral("path")}));
        QCOMPARE(s.profiles.size(), 2);
        QCOMPARE(s.profiles.at(1).resolvedPath, QStringLiteral("/studies/sub/b.yaml"));
        QCOMPARE(s.profiles.at(0).labels.value(QStringLiteral("key type")), QStringLiteral("RSA"));
        QCOMPARE(s.targets.size(), 2);
        QCOMPARE(s.targets.at(0).addr, QStringLiteral("leader"));
        QCOMPARE(s.targets.at(1).addr, QStringLiteral("http://127.0.0.1:8200"));
        QCOMPARE(s.targets.at(1).labels.value(QStringLiteral("path")), QStringLiteral("B"));
        QCOMPARE(s.durationScale, 0.5);
        QVERIFY(s.targetUp);
        QCOMPARE(
            s.targetUp->upArguments(),
            (QStringList{QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("cluster"),
                         QStringLiteral("--nodes"), QStringLiteral("3"), QStringLiteral("--lb"),
                         QStringLiteral("nginx")}));
    }

    void errorsHaveLineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("needle");
        const QByteArray head = "name: s\nprofiles: [a.yaml]\n";
        QTest::newRow("bad addr") << head + "targets:\n  - { name: t1, addr: 'ftp://x' }\n"
                                  << 4 << 23 << "targets[0].addr"
                                  << "neither an http(s):// URL";
        QTest::newRow("duplicate target") << head
                                                 + "targets:\n  - { name: t, addr: dev }\n"
                                                   "  - { name: t, addr: lb }\n"
                                          << 5 << 13 << "targets[1].name"
                                          << "another target";
        QTest::newRow("unknown key") << head + "targets: [{ name: t, addr: dev }]\nrepetitions: 3\n"
                                     << 4 << 1 << "repetitions"
                                     << "unknown";
        QTest::newRow("scale") << head + "targets: [{ name: t, addr: dev }]\nduration_scale: 2\n"
                               << 4 << 17 << "duration_scale"
                               << "> 0 and <= 1";
        QTest::newRow("target_up kind")
            << head + "targets: [{ name: t, addr: dev }]\ntarget_up: { kind: swarm }\n"
            << 4 << 20 << "target_up.kind"
            << "dev, raft or cluster";
        QTest::newRow("cluster of one node") << head
                                                    + "targets: [{ name: t, addr: leader "
                                                      "}]\ntarget_up: { kind: cluster, nodes: 1 }\n"
                                             << 4 << 36 << "target_up"
                                             << "2..9 for a cluster";
        QTest::newRow("node the target_up has not")
            << head
                   + "targets:\n  - { name: t, addr: standby-3 }\n"
                     "target_up: { kind: cluster, nodes: 3 }\n"
            << 4 << 22 << "targets[0].addr"
            << "leader, standby-1, standby-2";
        QTest::newRow("lb without a load balancer")
            << head + "targets:\n  - { name: t, addr: lb }\ntarget_up: { kind: raft }\n"
            << 4 << 22 << "targets[0].addr"
            << "not a node of target_up (raft has leader)";
        QTest::newRow("label without dimension")
            << QByteArray("name: s\ndimensions: [path]\nprofiles:\n  - { file: a.yaml, labels: "
                          "{ size: 1 KB } }\ntargets: [{ name: t, addr: dev }]\n")
            << 4 << 31 << "profiles[0].labels.size"
            << "not in dimensions";
        QTest::newRow("syntax") << QByteArray("name: s\nprofiles: [a.yaml\ntargets: []\n") << 0 << 0
                                << ""
                                << "YAML syntax error";
    }

    void errorsHaveLineAndColumn()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, field);
        QFETCH(QString, needle);
        const StudyParseResult r = parseStudy(yaml, QStringLiteral("/tmp/s.yaml"));
        QVERIFY(!r.ok());
        QVERIFY(!r.study);
        const ProfileError &e = r.errors.first();
        QVERIFY2(e.message.contains(needle), qPrintable(e.toString()));
        QVERIFY2(e.line > 0, qPrintable(e.toString()));
        if (line > 0) {
            QCOMPARE(e.line, line);
            QCOMPARE(e.column, column);
            QCOMPARE(e.field, field);
        }
    }

    void shippedStudiesParse_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("profiles");
        QTest::addColumn<int>("targets");
        QTest::newRow("transit-abc") << "transit-abc.study.yaml" << 2 << 3;
        QTest::newRow("hvd-kv") << "hvd-kv.study.yaml" << 6 << 1;
        QTest::newRow("db-postgres-revoke") << "db-postgres-revoke.study.yaml" << 2 << 1;
    }

    void shippedStudiesParse()
    {
        QFETCH(QString, file);
        QFETCH(int, profiles);
        QFETCH(int, targets);
        const QString dir = QStringLiteral(VW_SOURCE_DIR "/profiles/studies");
        const StudyParseResult r = loadStudyFile(dir + QLatin1Char('/') + file);
        QVERIFY2(r.ok(), qPrintable(r.errors.value(0).toString()));
        QCOMPARE(r.study->profiles.size(), profiles);
        QCOMPARE(r.study->targets.size(), targets);
        QVERIFY(r.study->targetUp);
        if (file.startsWith(QLatin1String("db-"))) // PostgreSQL beside the dev server
            QCOMPARE(r.study->targetUp->upArguments().mid(3),
                     (QStringList{QStringLiteral("--with"), QStringLiteral("postgres")}));
        for (const StudyProfile &p : r.study->profiles) {
            QVERIFY(p.resolvedPath.startsWith(dir + QLatin1Char('/')));
            for (const QString &d : r.study->dimensions)
                QVERIFY2(p.labels.contains(d) || r.study->targets.first().labels.contains(d),
                         qPrintable(p.path + QStringLiteral(" has no ") + d));
        }
    }

    void tokenFromTargetEnv()
    {
        QCOMPARE(vw::tokenFromTargetEnv("export VAULT_ADDR=http://127.0.0.1:8200\n"
                                        "export VAULT_TOKEN=s.abc123\n"),
                 QByteArray("s.abc123"));
        QCOMPARE(vw::tokenFromTargetEnv("export VAULT_ADDR='http://x:1' VAULT_TOKEN='s.q'\n"),
                 QByteArray("s.q"));
        QCOMPARE(vw::tokenFromTargetEnv("VAULT_TOKEN=\"s.d\"; export VAULT_TOKEN\n"),
                 QByteArray("s.d"));
        QCOMPARE(vw::tokenFromTargetEnv("export VAULT_ADDR=http://127.0.0.1:8200\n"), QByteArray());
        QCOMPARE(vw::tokenFromTargetEnv("export MY_VAULT_TOKEN=no\n"), QByteArray());
    }

    void shortScalesDurations()
    {
        RampSpec ramp;
        ramp.warmupMs = 5000;
        ramp.stages = {{1, 60000, 0}, {4, 30000, 0}, {16, 10000, 0}, {32, 1500, 0}};
        const RampSpec s = scaledRamp(ramp, kShortScale);
        QCOMPARE(s.stages.size(), 4);
        QCOMPARE(s.stages.at(0).durationMs, qint64(6000)); // 60 s / 10
        QCOMPARE(s.stages.at(1).durationMs, qint64(3000));
        QCOMPARE(s.stages.at(2).durationMs, kMinScaledStageMs); // 1 s: floored at 2 s
        QCOMPARE(s.stages.at(3).durationMs, qint64(1500)); // never longer than it was
        QCOMPARE(s.stages.at(2).vus, 16); // the load is kept
        QCOMPARE(s.warmupMs, qint64(500)); // 5 s / 10
        for (const StageSpec &st : s.stages)
            QVERIFY(s.warmupMs < st.durationMs);
        // A warm-up that scaled would not fit the shortest stage is cut to half of it.
        ramp.warmupMs = 40000;
        QCOMPARE(scaledRamp(ramp, kShortScale).warmupMs, qint64(750));
        // Scale 1 (a study without --short or duration_scale) changes nothing.
        QVERIFY(scaledRamp(ramp, 1.0) == ramp);
        // A study's duration_scale and --short multiply.
        QCOMPARE(scaledRamp(ramp, 0.5 * kShortScale).stages.at(0).durationMs, qint64(3000));
    }
};

QTEST_GUILESS_MAIN(TstStudyFile)
#include "tst_studyfile.moc"
