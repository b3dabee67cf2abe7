// The run plan as JSON (core/profile/planjson.h): every field of a profile survives
// profile -> plan JSON text -> profile (sameSettings), params keep their values, durations are
// whole milliseconds, and the plan never holds a token.
#include "profile/planjson.h"
#include "profile/profileparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace vw;

namespace {

const QByteArray kFull =
    "name: full\n"
    "description: every field set\n"
    "target:\n"
    "  address: https://vault.example:8200\n"
    "  namespace: team-a\n"
    "  ca_file: /etc/ssl/vault-ca.pem\n"
    "  ca_path: /etc/ssl/vault-cas\n"
    "  client_cert: /etc/ssl/vw-client.pem\n"
    "  client_key: /etc/ssl/vw-client.key\n"
    "  tls_skip_verify: true\n"
    "  request_timeout: 1m30s\n"
    "transport: qnam\n"
    "ramp:\n"
    "  warmup: 1.5s\n"
    "  stages:\n"
    "    - { vus: 1, duration: 5m }\n"
    "    - { vus: 64, duration: 300s }\n"
    "operations:\n"
    "  - type: kv2_read\n"
    "    weight: 80\n"
    "    params: { keys: 10, payload_bytes: 256 }\n"
    "  - type: kv2_read\n"
    "    weight: 20\n"
    "    params: { keys: 1000, payload_bytes: 4096 }\n"
    "  - type: ssh_sign\n"
    "    params: { ca_key_type: rsa-2048 }\n"
    "slo: { p50_ms: 2.5, p95_ms: 10, p99_ms: 50, error_ratio: 0.001 }\n"
    "analysis: { saturation_gain: 0.2, saturation_stages: 3, failure_error_ratio: 0.05 }\n"
    "auth: { method: approle, per: run, ttl: 90s }\n";

} // namespace

class TestPlanJson : public QObject {
    Q_OBJECT
private slots:
    void everyFieldRoundTrips();
    void durationsAreMilliseconds();
};

void TestPlanJson::everyFieldRoundTrips()
{
    const ProfileParseResult r = parseProfile(kFull);
    QVERIFY2(r.ok(), r.errors.isEmpty() ? "" : qPrintable(r.errors.first().toString()));
    const QByteArray text = QJsonDocument(planToJson(*r.profile)).toJson();
    QVERIFY(!text.contains("token"));
    QVERIFY(!text.contains("sourceYaml") && !text.contains("name: full")); // no YAML in it
    QString error;
    const std::optional<Profile> back =
        planFromJson(QJsonDocument::fromJson(text).object(), LoadModelRegistry::builtin(), &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->sameSettings(*r.profile));
    // Two operations of one type stay two, in order, with their own params.
    QCOMPARE(back->operations.size(), 3);
    QCOMPARE(back->operations[0].params.value(QStringLiteral("keys")).toInt(), 10);
    QCOMPARE(back->operations[1].params.value(QStringLiteral("keys")).toInt(), 1000);
    QCOMPARE(back->operations[1].weight, 20);
    QCOMPARE(back->slo.p50Ms, std::optional<double>(2.5));
    QCOMPARE(back->analysis.saturationStages, 3);
    QVERIFY(back->target.tlsSkipVerify);
    QCOMPARE(back->target.caPath, QStringLiteral("/etc/ssl/vault-cas"));
    QCOMPARE(back->target.clientCert, QStringLiteral("/etc/ssl/vw-client.pem"));
    QCOMPARE(back->target.clientKey, QStringLiteral("/etc/ssl/vw-client.key"));
    QCOMPARE(back->transport, QStringLiteral("qnam"));
    QCOMPARE(back->auth.method, QStringLiteral("approle"));
    QVERIFY(!back->auth.perVu);
    QCOMPARE(back->auth.ttlMs, qint64(90000));
}

void TestPlanJson::durationsAreMilliseconds()
{
    const ProfileParseResult r = parseProfile(kFull);
    QVERIFY(r.ok());
    const QJsonObject plan = planToJson(*r.profile);
    QCOMPARE(plan.value(QStringLiteral("target"))
                 .toObject()
                 .value(QStringLiteral("request_timeout_ms"))
                 .toInteger(),
             qint64(90000));
    const QJsonObject ramp = plan.value(QStringLiteral("ramp")).toObject();
    QCOMPARE(ramp.value(QStringLiteral("warmup_ms")).toInteger(), qint64(1500));
    const QJsonArray stages = ramp.value(QStringLiteral("stages")).toArray();
    // 5m and 300s are the same number.
    QCOMPARE(stages.at(0).toObject().value(QStringLiteral("duration_ms")).toInteger(),
             qint64(300000));
    QCOMPARE(stages.at(1).toObject().value(QStringLiteral("duration_ms")).toInteger(),
             qint64(300000));
    // An empty SLO is an empty object, not a set of nulls.
    Profile none = *r.profile;
    none.slo = SloSpec();
    QVERIFY(planToJson(none).value(QStringLiteral("slo")).toObject().isEmpty());
}

QTEST_GUILESS_MAIN(TestPlanJson)
#include "tst_planjson.moc"
