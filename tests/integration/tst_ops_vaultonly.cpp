// The operation types that need only Vault itself (issue 24: jwt_login, the identity_* types,
// cubbyhole_write/cubbyhole_read, wrap/unwrap) against a real `bao server -dev`: each in a run
// of two short stages (count > 0, no errors) after which nothing of the run is left: no mount,
// auth method or policy, no tagged resource (core/vault/workbenchresource.h), and as many
// identity entities and groups as before (jwt_login's logins make one entity per VU: cleanup
// deletes them). Then what each type's contract rests on: the server refuses a JWT whose
// payload was changed after the VU signed it (so the logins do check the VU's signature);
// the cubbyhole token is revoked at cleanup (its cubbyhole with it); identity objects that
// a crashed run left are found by the sweep and removed; unwrap without a wrap before it is a
// setup error; and with per-VU least-privilege tokens every type's aclRules() suffice.
#include "opstestcase.h"
#include "engine/benchmarkrun.h"
#include "ops/jwtlogin.h"
#include "ops/operationregistry.h"
#include "session/leftoversweeper.h"
#include "session/session.h"
#include "vault/vaultclient.h"
#include "vault/workbenchresource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using namespace vw;

class TestOpsVaultOnly : public test::OpsTestCase { // its bao server, target(), mounts()
    Q_OBJECT

    /// Keys of LIST <path> (0 when the server has none: 404), -1 on another error.
    int listed(const QString &path)
    {
        QJsonObject reply;
        const int status = m_bao.api("LIST", path, QByteArray(), &reply);
        if (status == 404)
            return 0;
        if (status != 200)
            return -1;
        return int(reply.value(QStringLiteral("data"))
                       .toObject()
                       .value(QStringLiteral("keys"))
                       .toArray()
                       .size());
    }
    int entities() { return listed(QStringLiteral("identity/entity/id")); }
    int groups() { return listed(QStringLiteral("identity/group/id")); }
    int policies() { return listed(QStringLiteral("sys/policies/acl")); }

    /// "" when nothing the run `prefix` made is on the server any more: no tagged resource
    /// (mounts, auth methods, policies, entities, groups), and the entity and group counts
    /// are `entitiesBefore` and `groupsBefore` again (-1: not compared).
    QString leftOnServer(const QString &prefix, int entitiesBefore, int groupsBefore,
                         int policiesBefore)
    {
        VaultClient client(target(), m_bao.rootToken());
        QList<WorkbenchResource> found;
        QString error;
        if (!findTaggedResources(client, prefix, &found, &error))
            return error;
        QStringList left;
        for (const WorkbenchResource &r : std::as_const(found))
            left << r.describe();
        if (!left.isEmpty())
            return QStringLiteral("left: ") + left.join(QStringLiteral(", "));
        if (entitiesBefore >= 0 && entities() != entitiesBefore)
            return QStringLiteral("entities before %1, after %2")
                .arg(entitiesBefore)
                .arg(entities());
        if (groupsBefore >= 0 && groups() != groupsBefore)
            return QStringLiteral("groups before %1, after %2").arg(groupsBefore).arg(groups());
        if (policies() != policiesBefore)
            return QStringLiteral("policies before %1, after %2")
                .arg(policiesBefore)
                .arg(policies());
        return {};
    }

    static QString randomRunPrefix()
    {
        return QStringLiteral("vwb-%1").arg(QRandomGenerator::global()->bounded(0x1000000), 6, 16,
                                            QLatin1Char('0'));
    }

private slots:
    void runOfTwoStages_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::newRow("jwt_login ES256") << "jwt_login" << QVariantMap();
        QTest::newRow("jwt_login RS256 fresh")
            << "jwt_login"
            << QVariantMap{{"algorithm", "RS256"}, {"fresh_jwt", true}, {"type", "batch"}};
        QTest::newRow("identity_entity_create")
            << "identity_entity_create" << QVariantMap{{"metadata", 3}};
        QTest::newRow("identity_entity_lookup")
            << "identity_entity_lookup" << QVariantMap{{"entities", 50}};
        QTest::newRow("identity_entity_lookup by name")
            << "identity_entity_lookup" << QVariantMap{{"entities", 20}, {"by", "name"}};
        QTest::newRow("identity_group_create")
            << "identity_group_create" << QVariantMap{{"members", 3}};
        QTest::newRow("identity_group_lookup")
            << "identity_group_lookup" << QVariantMap{{"groups", 10}, {"entities", 30}};
        QTest::newRow("identity_group_lookup by name, empty groups")
            << "identity_group_lookup"
            << QVariantMap{{"groups", 5}, {"entities", 0}, {"by", "name"}};
        QTest::newRow("cubbyhole_write") << "cubbyhole_write" << QVariantMap{{"keys", 10}};
        QTest::newRow("cubbyhole_read")
            << "cubbyhole_read" << QVariantMap{{"keys", 5}, {"payload_bytes", 2048}};
        QTest::newRow("wrap") << "wrap" << QVariantMap{{"wrap_ttl", "10s"}};
    }

    void runOfTwoStages()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        const int entitiesBefore = entities();
        const int groupsBefore = groups();
        const int policiesBefore = policies();
        RunRecord s;
        const QString problem = twoStageRunProblem(QStringLiteral("ops-vaultonly-test"),
                                                   test::opSpec(type, params), &s);
        for (const StageStats &st : s.stages)
            qInfo("%s stage %d: %lld requests", qPrintable(type), st.index,
                  qlonglong(st.ops.first().count));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const QString left =
            leftOnServer(s.runPrefix, entitiesBefore, groupsBefore, policiesBefore);
        QVERIFY2(left.isEmpty(), qPrintable(left));
        if (type.startsWith(QLatin1String("identity_")))
            QVERIFY(std::any_of(
                s.resources.cbegin(), s.resources.cend(), [](const WorkbenchResource &r) {
                    return r.kind == ResourceKind::Entities || r.kind == ResourceKind::Groups;
                }));
    }

    // A VU's wraps and unwraps alternate: both rows count, no errors, nothing left.
    void unwrapSpendsTheWrapsTokens()
    {
        const int policiesBefore = policies();
        BenchmarkRun run(test::opsProfile(m_bao, QStringLiteral("ops-unwrap-test"),
                                          {test::opSpec(QStringLiteral("wrap"), {}, 10),
                                           test::opSpec(QStringLiteral("unwrap"), {}, 90)},
                                          {{1, 1200}, {2, 1200}}, 200),
                         test::rootOptions(m_bao));
        RunRecord s;
        QString error;
        QVERIFY2(test::runToEnd(run, 45000, &s, &error), qPrintable(error));
        const QString served = test::checkEveryOpServed(s, 2, 2);
        QVERIFY2(served.isEmpty(), qPrintable(served));
        for (const StageStats &st : s.stages) {
            qInfo("stage %d: wrap %lld, unwrap %lld", st.index, qlonglong(st.ops.at(0).count),
                  qlonglong(st.ops.at(1).count));
            // unwrap's own weight sends a wrap before each unwrap: the wrap row holds more
            QVERIFY(st.ops.at(0).count >= st.ops.at(1).count);
        }
        const QString left = leftOnServer(s.runPrefix, -1, -1, policiesBefore);
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void unwrapNeedsAWrapBeforeIt()
    {
        std::unique_ptr<Operation> op = test::makeOp(QStringLiteral("unwrap"));
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        QVERIFY(!op->setup(client, {test::uniquePrefix(), 0}, &error));
        QVERIFY2(error.contains(QLatin1String("needs a wrap")), qPrintable(error));
    }

    // The server checks the VU's signature: the same JWT with one claim changed is refused.
    void jwtWithAChangedPayloadIsRefused_data()
    {
        QTest::addColumn<QString>("algorithm");
        QTest::newRow("ES256") << "ES256";
        QTest::newRow("RS256") << "RS256";
    }

    void jwtWithAChangedPayloadIsRefused()
    {
        QFETCH(QString, algorithm);
        std::unique_ptr<Operation> made =
            test::makeOp(QStringLiteral("jwt_login"), {{"algorithm", algorithm}});
        auto *op = dynamic_cast<JwtLoginOperation *>(made.get());
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        const int entitiesBefore = entities();
        const QString prefix = test::uniquePrefix();
        QString error;
        QVERIFY2(op->setup(client, {prefix, 2}, &error), qPrintable(error));
        std::unique_ptr<OpVuState> state = op->newVuState();
        VuState vu;
        vu.vu = 7;
        vu.opState = state.get();
        const HttpRequest req = op->nextRequest(vu);
        QCOMPARE(req.path, QByteArray("/v1/auth/" + prefix.toUtf8() + "-jwt-2/login"));
        const VaultResponse ok = client.send(req);
        QVERIFY2(ok.ok(), qPrintable(ok.describe()));
        QCOMPARE(op->classify(test::toResult(ok)), ErrorClass::None);
        QCOMPARE(ok.json.value(QStringLiteral("auth"))
                     .toObject()
                     .value(QStringLiteral("metadata"))
                     .toObject()
                     .value(QStringLiteral("role"))
                     .toString(),
                 QStringLiteral("bench"));
        QCOMPARE(entities(), entitiesBefore + 1); // the VU's subject

        // the VU's JWT, its payload's sub changed to another VU's, signature kept
        const QByteArray jwt = QJsonDocument::fromJson(req.body)
                                   .object()
                                   .value(QStringLiteral("jwt"))
                                   .toString()
                                   .toLatin1();
        const QList<QByteArray> parts = jwt.split('.');
        QCOMPARE(parts.size(), 3);
        const QByteArray payload = QByteArray::fromBase64(
            parts.at(1), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
        QVERIFY2(payload.contains("\"sub\":\"vu-7\""), payload.constData());
        QByteArray forged = payload;
        forged.replace("\"sub\":\"vu-7\"", "\"sub\":\"vu-8\"");
        const QByteArray forgedJwt =
            parts.at(0) + '.'
            + forged.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals) + '.'
            + parts.at(2);
        HttpRequest bad = req;
        bad.body =
            QJsonDocument(QJsonObject{{QStringLiteral("role"), QStringLiteral("bench")},
                                      {QStringLiteral("jwt"), QString::fromLatin1(forgedJwt)}})
                .toJson(QJsonDocument::Compact);
        const VaultResponse refused = client.send(bad);
        QVERIFY2(refused.status == 400 || refused.status == 403, qPrintable(refused.describe()));
        QVERIFY(op->classify(test::toResult(refused)) != ErrorClass::None);

        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(entities(), entitiesBefore);
    }

    // The cubbyhole token works until cleanup and is refused after it (revoked, with its
    // cubbyhole).
    void cubbyholeTokenIsRevokedAtCleanup()
    {
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("cubbyhole_read"), {{"keys", 2}, {"payload_bytes", 40}});
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        QVERIFY2(op->setup(client, {test::uniquePrefix(), 1}, &error), qPrintable(error));
        VuState vu;
        const HttpRequest req = op->nextRequest(vu);
        QVERIFY(req.path.startsWith("/v1/cubbyhole/key-"));
        QVERIFY(!req.token.isEmpty());
        const VaultResponse read = client.send(req);
        QVERIFY2(read.ok(), qPrintable(read.describe()));
        QCOMPARE(op->classify(test::toResult(read)), ErrorClass::None);
        QCOMPARE(read.json.value(QStringLiteral("data"))
                     .toObject()
                     .value(QStringLiteral("value"))
                     .toString()
                     .size(),
                 40);
        // the run's token does not see that cubbyhole
        HttpRequest asRoot = req;
        asRoot.token.clear();
        QCOMPARE(client.send(asRoot).status, 404);
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(client.send(req).status, 403);
    }

    // What a crashed run left (its cleanup never ran) is found by its prefix and removed.
    void identityLeftoversAreSwept()
    {
        const int entitiesBefore = entities();
        const int groupsBefore = groups();
        const QString prefix = randomRunPrefix();
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        std::unique_ptr<Operation> lookup =
            test::makeOp(QStringLiteral("identity_group_lookup"), {{"groups", 3}, {"entities", 6}});
        QVERIFY2(lookup->setup(client, {prefix, 0}, &error), qPrintable(error));
        std::unique_ptr<Operation> create = test::makeOp(QStringLiteral("identity_entity_create"));
        QVERIFY2(create->setup(client, {prefix, 1}, &error), qPrintable(error));
        VuState vu;
        for (int i = 0; i < 5; ++i) {
            vu.iteration = uint64_t(i);
            const VaultResponse r = client.send(create->nextRequest(vu));
            QCOMPARE(create->classify(test::toResult(r)), ErrorClass::None);
        }
        QCOMPARE(entities(), entitiesBefore + 11);
        QCOMPARE(groups(), groupsBefore + 3);
        // a user's own entity named like a run's, without the tag, is not taken
        QJsonObject reply;
        QCOMPARE(m_bao.api("POST", QStringLiteral("identity/entity"),
                           QByteArrayLiteral("{\"name\":\"vwb-00ff00-mine\"}"), &reply),
                 200);

        RunRecord record;
        record.runPrefix = prefix; // the session of the killed run (resources not needed)
        const SweepTargets targets = sessionSweepTargets(client, record);
        QVERIFY2(targets.errors.isEmpty(), qPrintable(targets.errors.join(QLatin1Char(';'))));
        QCOMPARE(targets.items.size(), 2); // entities and groups of the prefix
        const SweepResult swept = sweep(client, targets);
        QVERIFY2(swept.errors.isEmpty(), qPrintable(swept.errors.join(QLatin1Char(';'))));
        QVERIFY(swept.left.isEmpty());
        QCOMPARE(entities(), entitiesBefore + 1); // the user's own
        QCOMPARE(groups(), groupsBefore);
        QList<WorkbenchResource> all;
        QVERIFY(findTaggedResources(client, QString(), &all, &error));
        for (const WorkbenchResource &r : std::as_const(all))
            QVERIFY2(!r.path.startsWith(QLatin1String("vwb-00ff00")), qPrintable(r.describe()));
        QVERIFY(m_bao.api("DELETE", QStringLiteral("identity/entity/name/vwb-00ff00-mine"),
                          QByteArray(), &reply)
                < 300);
    }

    // Per-VU tokens with the least-privilege policy (the union of the ops' aclRules()): every
    // type's requests pass.
    void leastPrivilegeTokensSuffice()
    {
        const QByteArray yaml =
            QStringLiteral(
                "name: vaultonly-least\ntarget: { address: %1 }\n"
                "auth: { method: approle, per: vu }\n"
                "ramp: { stages: [ { vus: 2, duration: 1200ms } ] }\n"
                "operations:\n"
                "  - { type: identity_entity_create }\n"
                "  - { type: identity_entity_lookup, params: { entities: 10 } }\n"
                "  - { type: identity_group_create, params: { members: 2 } }\n"
                "  - { type: identity_group_lookup, params: { groups: 3, entities: 6 } }\n"
                "  - { type: wrap }\n"
                "  - { type: unwrap }\n"
                "  - { type: cubbyhole_write }\n"
                "  - { type: jwt_login }\n")
                .arg(m_bao.address())
                .toUtf8();
        const RunRecord s = test::runProfileYaml(m_bao, yaml, 60000);
        const QString served = test::checkEveryOpServed(s, 1, 8);
        QVERIFY2(served.isEmpty(), qPrintable(served));
    }
};

QTEST_GUILESS_MAIN(TestOpsVaultOnly)
#include "tst_ops_vaultonly.moc"
