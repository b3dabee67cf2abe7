// Standby nodes and redirects (issue 9, item 5), against a real `bao server -dev` as the active
// node and tests/support/vaultstub as a standby that answers /v1/ with 307 to the active node:
// the control plane and both load transports follow a 307 once to an address of the target
// (target.addresses) and get 0 errors; setup through the redirect works 10 times in 10; a
// redirect to another host (127.0.0.2), a second redirect or a 302 is a `redirect` error and
// the other host never receives a request, let alone an X-Vault-Token.
#include "apprun.h"
#include "baoserver.h"
#include "vaultstub.h"

#include "engine/benchmarkrun.h"
#include "http/directtransport.h"
#include "http/qnamtransport.h"
#include "ops/operationregistry.h"
#include "ops/syshealth.h"
#include "session/session.h"
#include "session/sessionio.h"
#include "vault/vaultclient.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include <functional>

using namespace vw;
using vw::test::VaultStub;

namespace {

struct Outcome {
    int status = 0;
    ErrorClass error = ErrorClass::None;
    QByteArray body;
    QString text;
};

/// Sends `request` n times one after the other on a transport and waits (<= 20 s).
QList<HttpResult> sendSequential(Transport &t, const HttpRequest &request, int n)
{
    QList<HttpResult> out;
    std::function<void()> next = [&] {
        t.send(request, [&](HttpResult &&r) {
            out.append(std::move(r));
            if (out.size() < n)
                next();
        });
    };
    next();
    QElapsedTimer timer;
    timer.start();
    while (out.size() < n && timer.elapsed() < 20000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    if (out.size() < n)
        t.abortAll();
    return out;
}

TransportConfig transportConfig(const QString &address, const QStringList &nodes,
                                const QByteArray &token)
{
    TransportConfig c;
    c.baseUrl = QUrl(address);
    for (const QString &n : nodes)
        c.nodeAddresses.append(QUrl(n));
    c.token = token;
    c.requestTimeoutMs = 10000;
    c.maxConcurrency = 1;
    return c;
}

/// `request` n times through "control" (VaultClient), "direct" or "qnam".
QList<Outcome> through(const QString &kind, const QString &address, const QStringList &nodes,
                       const QByteArray &token, const HttpRequest &request, int n)
{
    QList<Outcome> out;
    if (kind == QLatin1String("control")) {
        TargetSpec t;
        t.address = address;
        t.addresses = nodes;
        t.requestTimeoutMs = 10000;
        VaultClient client(t, token);
        for (int i = 0; i < n; ++i) {
            const VaultResponse r = client.send(request);
            out.append({r.status,
                        r.errorClass == ErrorClass::HttpStatus ? ErrorClass::None : r.errorClass,
                        r.body, r.errorText});
        }
        return out;
    }
    QString error;
    std::unique_ptr<Transport> t =
        createTransport(kind, transportConfig(address, nodes, token), &error);
    if (!t)
        qFatal("transport: %s", qPrintable(error));
    for (HttpResult &r : sendSequential(*t, request, n))
        out.append({r.status, r.transportError, r.body, r.errorText});
    return out;
}

OperationSpec opSpec(const QString &type, const QVariantMap &raw = {})
{
    const ParamParseResult parsed = OperationRegistry::instance().parse(type, raw);
    if (!parsed.ok())
        qFatal("bad params for %s in the test", qPrintable(type));
    return {type, 100, *parsed.params};
}

} // namespace

class TestRedirect : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void roleAndHealthOfAStandby();
    void loadFollowsToTheActiveNode_data();
    void loadFollowsToTheActiveNode();
    void directReusesItsConnectionToTheActiveNode();
    void runThroughAStandby_data();
    void runThroughAStandby();
    void setupThroughRedirectTenOfTen();
    void refusedRedirects_data();
    void refusedRedirects();
    void doubleRedirect_data();
    void doubleRedirect();

private:
    QStringList mounts();

    vw::test::BaoServer m_bao;
    VaultStub m_standby; // 127.0.0.1: the target, a "standby"
    VaultStub m_other; // 127.0.0.2: another host, records what reaches it
};

void TestRedirect::initTestCase()
{
    QString error;
    QVERIFY2(m_bao.start(&error), qPrintable(error));
    QVERIFY2(m_standby.start(&error), qPrintable(error));
    QVERIFY2(m_other.start(&error, QHostAddress(QStringLiteral("127.0.0.2"))), qPrintable(error));

    // A KV v2 secret on the active node for the load to read.
    TargetSpec t;
    t.address = m_bao.address();
    VaultClient bao(t, m_bao.rootToken());
    QString why;
    QVERIFY2(bao.enableMount(QStringLiteral("rdkv"), QStringLiteral("kv"),
                             {{QStringLiteral("options"),
                               QJsonObject{{QStringLiteral("version"), QStringLiteral("2")}}}},
                             &why),
             qPrintable(why));
    QElapsedTimer timer; // the KV v2 upgrade after enabling takes a moment
    timer.start();
    VaultResponse w;
    do {
        w = bao.post(QStringLiteral("rdkv/data/k"),
                     {{QStringLiteral("data"), QJsonObject{{QStringLiteral("v"), 1}}}});
        if (!w.ok())
            QTest::qWait(100);
    } while (!w.ok() && timer.elapsed() < 10000);
    QVERIFY2(w.ok(), qPrintable(w.describe()));
}

void TestRedirect::init()
{
    m_standby.setRedirect(m_bao.address());
    m_standby.setHealthAlways429(false);
    m_standby.clearRecords();
    m_other.setRedirect(QString());
    m_other.clearRecords();
}

QStringList TestRedirect::mounts()
{
    TargetSpec t;
    t.address = m_bao.address();
    VaultClient client(t, m_bao.rootToken());
    QString error;
    return client.mountPaths(&error);
}

void TestRedirect::roleAndHealthOfAStandby()
{
    TargetSpec active;
    active.address = m_bao.address();
    QCOMPARE(VaultClient(active, m_bao.rootToken()).serverInfo().role, ServerRole::Active);

    TargetSpec t;
    t.address = m_standby.address();
    t.addresses = {m_bao.address()};
    {
        VaultClient c(t, m_bao.rootToken());
        const ServerInfo info = c.serverInfo();
        QVERIFY(info.reachable);
        QVERIFY2(info.errorText.isEmpty(), qPrintable(info.errorText));
        QCOMPARE(info.role, ServerRole::Standby);
    }
    // A server that answers 429 whatever the query: still a standby, not an error.
    m_standby.setHealthAlways429(true);
    {
        VaultClient c(t, m_bao.rootToken());
        const ServerInfo info = c.serverInfo();
        QVERIFY2(info.errorText.isEmpty(), qPrintable(info.errorText));
        QCOMPARE(info.errorClass, ErrorClass::None);
        QCOMPARE(info.role, ServerRole::Standby);
    }

    // The sys_health operation on both transports: 200 with standbyok, and the 429 of a
    // server that ignores it counts as a success; a quota's 429 stays an error.
    SysHealthOperation op;
    VuState vu;
    for (const QString &kind : {QStringLiteral("direct"), QStringLiteral("qnam")}) {
        for (bool always429 : {false, true}) {
            m_standby.setHealthAlways429(always429);
            const QList<Outcome> rs =
                through(kind, m_standby.address(), {}, m_bao.rootToken(), op.nextRequest(vu), 3);
            QCOMPARE(rs.size(), 3);
            for (const Outcome &o : rs) {
                QCOMPARE(o.status, always429 ? 429 : 200);
                HttpResult r;
                r.status = o.status;
                r.body = o.body;
                QCOMPARE(op.classify(r), ErrorClass::None);
            }
        }
    }
    HttpResult quota;
    quota.status = 429;
    quota.body = R"({"errors":["request path \"sys/health\": rate limit quota exceeded"]})";
    QCOMPARE(op.classify(quota), ErrorClass::HttpStatus);
}

void TestRedirect::loadFollowsToTheActiveNode_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("control") << QStringLiteral("control");
    QTest::newRow("direct") << QStringLiteral("direct");
    QTest::newRow("qnam") << QStringLiteral("qnam");
}

void TestRedirect::loadFollowsToTheActiveNode()
{
    QFETCH(QString, kind);
    const QStringList nodes{m_bao.address()};
    // Reads: 20 through the standby, each answered by the active node.
    const QList<Outcome> reads = through(kind, m_standby.address(), nodes, m_bao.rootToken(),
                                         {"GET", "/v1/rdkv/data/k", {}}, 20);
    QCOMPARE(reads.size(), 20);
    for (const Outcome &o : reads) {
        QVERIFY2(o.error == ErrorClass::None, qPrintable(o.text));
        QCOMPARE(o.status, 200);
        QVERIFY(o.body.contains("\"data\""));
    }
    QCOMPARE(m_standby.requestCount(), 20); // each went to the standby first
    QCOMPARE(m_standby.headsWithToken(), 20); // the target gets the token, as always

    // A write keeps its method and body across the redirect: read it back from the active node.
    const QByteArray value = "redirected-" + kind.toLatin1();
    const QList<Outcome> writes = through(
        kind, m_standby.address(), nodes, m_bao.rootToken(),
        {"POST", "/v1/rdkv/data/w-" + kind.toLatin1(), R"({"data":{"v":")" + value + R"("}})"}, 1);
    QCOMPARE(writes.size(), 1);
    QVERIFY2(writes.first().error == ErrorClass::None, qPrintable(writes.first().text));
    QCOMPARE(writes.first().status, 200);
    const QList<Outcome> back =
        through(QStringLiteral("control"), m_bao.address(), {}, m_bao.rootToken(),
                {"GET", "/v1/rdkv/data/w-" + kind.toLatin1(), {}}, 1);
    QCOMPARE(back.first().status, 200);
    QVERIFY2(back.first().body.contains(value), back.first().body.constData());
}

void TestRedirect::directReusesItsConnectionToTheActiveNode()
{
    QString error;
    std::unique_ptr<DirectTransport> t = DirectTransport::create(
        transportConfig(m_standby.address(), {m_bao.address()}, m_bao.rootToken()), &error);
    QVERIFY2(t, qPrintable(error));
    const QList<HttpResult> rs = sendSequential(*t, {"GET", "/v1/rdkv/data/k", {}}, 50);
    QCOMPARE(rs.size(), 50);
    for (const HttpResult &r : rs) {
        QCOMPARE(r.status, 200);
        QVERIFY(r.doneNs > r.sentNs);
    }
    QCOMPARE(t->connectionCount(), 1); // to the standby
    QCOMPARE(t->redirectConnectionCount(), 1); // to the active node, kept alive
    QCOMPARE(t->socketsOpened(), 2); // one each, reused 50 times
    QCOMPARE(t->inFlight(), 0);
}

void TestRedirect::runThroughAStandby_data()
{
    QTest::addColumn<QString>("transport");
    QTest::newRow("direct") << QStringLiteral("direct");
    QTest::newRow("qnam") << QStringLiteral("qnam");
}

void TestRedirect::runThroughAStandby()
{
    QFETCH(QString, transport);
    const QStringList before = mounts();
    Profile p;
    p.name = QStringLiteral("standby-test");
    p.sourceYaml = "name: standby-test\n";
    p.target.address = m_standby.address();
    p.target.addresses = {m_bao.address()};
    p.target.requestTimeoutMs = 10000;
    p.transport = transport;
    p.ramp.stages = {{2, 2000}};
    p.operations = {opSpec(QStringLiteral("sys_health")),
                    opSpec(QStringLiteral("kv2_read"), {{QStringLiteral("keys"), 5}})};
    RunOptions o;
    o.token = m_bao.rootToken();
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    QVERIFY(finished.wait(60000));
    const Session s(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QVERIFY2(s.cleanupError.isEmpty(), qPrintable(s.cleanupError));
    QCOMPARE(s.server.role, ServerRole::Standby);
    QCOMPARE(s.stages.size(), 1);
    for (const OpStats &op : s.stages.first().ops) {
        QVERIFY2(op.ok > 0, qPrintable(op.op));
        QVERIFY2(op.errors.isEmpty(),
                 qPrintable(op.op + QLatin1Char(' ')
                            + QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap([&] {
                                                    QVariantMap m;
                                                    for (auto it = op.errors.begin();
                                                         it != op.errors.end(); ++it)
                                                        m.insert(it.key(), qlonglong(*it));
                                                    return m;
                                                }()))
                                                    .toJson(QJsonDocument::Compact))));
    }
    // The role is in the session file and in the report's header.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("standby.json"));
    QString error;
    QVERIFY2(writeSession(s, path, &error), qPrintable(error));
    const std::optional<Session> back = readSession(path, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->server.role, ServerRole::Standby);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(file.readAll())
                 .object()
                 .value(QStringLiteral("server"))
                 .toObject()
                 .value(QStringLiteral("role"))
                 .toString(),
             QStringLiteral("standby"));
    QTemporaryDir home;
    const test::AppResult report = test::runApp(test::appRun(
        {QStringLiteral("report"), path}, home.path(), test::appEnvironment(home.path()), 30000));
    QCOMPARE(report.exitCode, 0);
    const QString header = report.out.section(QLatin1Char('\n'), 1, 1);
    QVERIFY2(header.startsWith(QLatin1String("target   "))
                 && header.endsWith(QLatin1String(", standby)")),
             qPrintable(header));

    // The kv2 reads went through the standby (redirected), the mount was made and removed
    // through it too.
    int kvReads = 0;
    for (const QByteArray &h : m_standby.requestHeads())
        kvReads += h.startsWith("GET /v1/vwb-") ? 1 : 0;
    QVERIFY2(kvReads > 10, qPrintable(QString::number(kvReads)));
    QCOMPARE(mounts(), before);
}

void TestRedirect::setupThroughRedirectTenOfTen()
{
    const QStringList before = mounts();
    TargetSpec t;
    t.address = m_standby.address();
    t.addresses = {m_bao.address()};
    t.requestTimeoutMs = 10000;
    VaultClient client(t, m_bao.rootToken());
    int ok = 0;
    QStringList failures;
    for (int i = 0; i < 10; ++i) {
        for (const QString &type : {QStringLiteral("kv2_write"), QStringLiteral("ssh_sign")}) {
            QString why;
            std::unique_ptr<Operation> op =
                OperationRegistry::instance().create(type, opSpec(type).params, &why);
            QVERIFY2(op, qPrintable(why));
            const SetupContext ctx{QStringLiteral("vwrd-%1").arg(i), 0};
            QString error;
            const bool set = op->setup(client, ctx, &error);
            QString cleanError;
            const bool clean = op->cleanup(client, &cleanError);
            if (set && clean)
                ++ok;
            else
                failures << error + cleanError;
        }
    }
    QVERIFY2(ok == 20, qPrintable(failures.join(QLatin1String(" | "))));
    int posts = 0, deletes = 0;
    for (const QByteArray &h : m_standby.requestHeads()) {
        posts += h.startsWith("POST /v1/sys/mounts/vwrd-") ? 1 : 0;
        deletes += h.startsWith("DELETE /v1/sys/mounts/vwrd-") ? 1 : 0;
    }
    QCOMPARE(posts, 20); // every mount was made through the redirect
    QCOMPARE(deletes, 20); // and removed through it (204, empty body)
    QCOMPARE(mounts(), before);
}

void TestRedirect::refusedRedirects_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("toOtherHost");
    for (const QString &kind :
         {QStringLiteral("control"), QStringLiteral("direct"), QStringLiteral("qnam")}) {
        QTest::addRow("%s, 307 to another host", qPrintable(kind)) << kind << 307 << true;
        QTest::addRow("%s, 308 to another host", qPrintable(kind)) << kind << 308 << true;
        QTest::addRow("%s, 302 to the active node", qPrintable(kind)) << kind << 302 << false;
        QTest::addRow("%s, 303 to the active node", qPrintable(kind)) << kind << 303 << false;
    }
}

void TestRedirect::refusedRedirects()
{
    QFETCH(QString, kind);
    QFETCH(int, status);
    QFETCH(bool, toOtherHost);
    // The listener on 127.0.0.2 records what reaches it: sent to directly, it gets the token
    // (so its record below means something).
    QCOMPARE(through(kind, m_other.address(), {}, m_bao.rootToken(), {"GET", "/v1/x", {}}, 1)
                 .first()
                 .status,
             200);
    QCOMPARE(m_other.headsWithToken(), 1);
    m_other.clearRecords();

    m_standby.setRedirect(toOtherHost ? m_other.address() : m_bao.address(), status);
    const QList<Outcome> rs = through(kind, m_standby.address(), {m_bao.address()},
                                      m_bao.rootToken(), {"POST", "/v1/rdkv/data/k", "{}"}, 5);
    QCOMPARE(rs.size(), 5);
    for (const Outcome &o : rs) {
        QCOMPARE(o.status, status);
        QCOMPARE(o.error, ErrorClass::Redirect);
        QCOMPARE(errorKey(o.error, o.status), QStringLiteral("redirect"));
        QVERIFY2(o.text.startsWith(QLatin1String("redirect to ")), qPrintable(o.text));
        QVERIFY2(o.text.contains(toOtherHost ? m_other.address() : m_bao.address()),
                 qPrintable(o.text));
    }
    QCOMPARE(m_standby.requestCount(), 5);
    QCOMPARE(m_other.requestCount(), 0);
    QCOMPARE(m_other.headsWithToken(), 0);
}

void TestRedirect::doubleRedirect_data()
{
    loadFollowsToTheActiveNode_data();
}

void TestRedirect::doubleRedirect()
{
    QFETCH(QString, kind);
    // The standby points to itself: followed once (inside the target), the second is refused.
    m_standby.setRedirect(m_standby.address());
    const QList<Outcome> rs = through(kind, m_standby.address(), {}, m_bao.rootToken(),
                                      {"GET", "/v1/rdkv/data/k", {}}, 4);
    QCOMPARE(rs.size(), 4);
    for (const Outcome &o : rs) {
        QCOMPARE(o.error, ErrorClass::Redirect);
        QCOMPARE(o.status, 307);
    }
    QCOMPARE(m_standby.requestCount(), 8); // two hops each, never a third
}

QTEST_GUILESS_MAIN(TestRedirect)
#include "tst_redirect.moc"
