#include "ops/kv2common.h"

#include "ops/keyedpath.h"

#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QThread>

namespace vw {

namespace {
constexpr qint64 kUpgradeWaitMs = 10000;
constexpr int kReadyProbes = 6; // 2x the nodes of a 3-node cluster behind a balancer
} // namespace

Kv2Params Kv2Params::from(const OpParams &params)
{
    Kv2Params p;
    p.keys = int(params.integer(QStringLiteral("keys")));
    p.payloadBytes = params.contains(QStringLiteral("payload_bytes"))
                         ? int(params.integer(QStringLiteral("payload_bytes")))
                         : kKv2SeedBytes;
    return p;
}

ParamSpec kv2KeysParam(const QString &description)
{
    return integerParam(QStringLiteral("keys"), 1, 100000, 100, QStringLiteral("secrets"),
                        description.isEmpty()
                            ? QStringLiteral("distinct secrets key-0 .. key-(keys-1); each "
                                             "request picks one at random")
                            : description);
}

QList<ParamSpec> kv2ParamSpecs()
{
    return {kv2KeysParam(),
            bytesParam(QStringLiteral("payload_bytes"), 1, 1024 * 1024, 100,
                       QStringLiteral("length of each secret's \"value\" string (letters "
                                      "and digits)"))};
}

QByteArray kv2Payload(int bytes, std::mt19937_64 &rng)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    QByteArray out(bytes, Qt::Uninitialized);
    for (int i = 0; i < bytes; ++i)
        out[i] = alphabet[rng() % (sizeof alphabet - 1)];
    return out;
}

namespace {
// The answers of a node that has not finished applying a new KV v2 mount: 400 "Upgrading
// from non-versioned to versioned data" / "Waiting for the primary to upgrade", and on a
// standby that has not applied the mount yet, 404 "no handler for route" (docs/local-targets.md,
// "KV v2 on a new mount"). The only 400 the setup retries.
bool kvMountNotReady(const VaultResponse &r)
{
    const bool upgrading =
        r.status == 400 && r.errorText.contains(QLatin1String("upgrad"), Qt::CaseInsensitive);
    const bool notYetRouted =
        r.status == 404 && r.errorText.contains(QLatin1String("no handler for route"));
    return upgrading || notYetRouted;
}
} // namespace

bool seedKvSecrets(VaultClient &client, const QString &pathPrefix, int count,
                   const QJsonObject &body, QString *error)
{
    // Behind a load balancer the seeding's writes reach nodes the readiness probe did not
    // (or the balancer's health check moves them): a write that meets a node still applying
    // the mount is retried every 100 ms, for at most kUpgradeWaitMs over the whole seeding.
    QElapsedTimer waited;
    qint64 waitedMs = 0;
    for (int i = 0; i < count; ++i) {
        const QString path = pathPrefix + QString::number(i);
        VaultResponse r = client.post(path, body);
        while (!r.ok() && kvMountNotReady(r) && waitedMs < kUpgradeWaitMs) {
            waited.start();
            QThread::msleep(100);
            r = client.post(path, body);
            waitedMs += waited.elapsed();
        }
        if (!r.ok()) {
            if (error)
                *error = QStringLiteral("seed %1: %2").arg(path, r.describe());
            return false;
        }
    }
    return true;
}

ErrorClass classifyKvRead(const HttpResult &result, int payloadBytes)
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.size() >= payloadBytes ? ErrorClass::None : ErrorClass::InvalidResponse;
}

bool Kv2OperationBase::seedSecrets(VaultClient &client, const SetupContext &ctx, QString *error)
{
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 7919u + 1u);
    const QJsonObject body{
        {QStringLiteral("data"),
         QJsonObject{{QStringLiteral("value"),
                      QString::fromLatin1(kv2Payload(m_params.payloadBytes, rng))}}}};
    return seedKvSecrets(client, m_mount + QStringLiteral("/data/key-"), m_params.keys, body,
                         error);
}

bool Kv2OperationBase::setupMount(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_mount = QStringLiteral("%1-kv2-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    m_keyPathPrefix = "/v1/" + m_mount.toUtf8() + "/data/key-";
    if (!m_created.enableMount(client, m_mount, QStringLiteral("kv-v2"), ctx.runPrefix, {}, error))
        return false;

    // A new KV v2 mount answers 400 "Upgrading from non-versioned to versioned data" for a
    // moment; a standby node answers 404 "no handler for route" until it has applied the new
    // mount and then 400 "Waiting for the primary to upgrade" (about a second on a local raft
    // cluster). The probe is a write (into this run's mount, removed with it): a 2xx means
    // writes, the seeding's and the load's, are served through this node. Behind a load
    // balancer consecutive requests reach different nodes, which apply the mount at different
    // moments: ready is kReadyProbes 2xx answers in a row.
    // A spread run (target.spread) loads every node: each must serve the mount.
    const QString probePath = m_mount + QStringLiteral("/data/vwb-upgrade-probe");
    VaultResponse last;
    const ServedWait w = waitServedOnEveryNode(
        client,
        [&](VaultClient &node) {
            last = node.post(probePath, QJsonObject{{QStringLiteral("data"), QJsonObject{}}});
            if (last.ok())
                return ServedProbe::Served;
            if (last.status == 403)
                return ServedProbe::Stop; // may not write: nothing to wait on; the seeding says 403
            return kvMountNotReady(last) ? ServedProbe::NotYet : ServedProbe::Failed;
        },
        kReadyProbes, kUpgradeWaitMs);
    if (w == ServedWait::Failed && error)
        *error = QStringLiteral("wait for KV v2 mount %1: %2").arg(m_mount, last.describe());
    if (w == ServedWait::TimedOut && error)
        *error = QStringLiteral("KV v2 mount %1 still upgrading (or not routed by this node) "
                                "after %2 ms")
                     .arg(m_mount)
                     .arg(kUpgradeWaitMs);
    return w == ServedWait::Served;
}

QByteArray Kv2OperationBase::randomKeyPath(VuState &vu) const
{
    return keyedPath(vu, m_keyPathPrefix, vu.rng() % uint64_t(m_params.keys));
}

QString Kv2OperationBase::keyPath(int n) const
{
    return QStringLiteral("%1/data/key-%2").arg(m_mount).arg(n);
}

QString Kv2OperationBase::aclRules() const
{
    return QStringLiteral("path \"%1/data/*\" {\n  capabilities = [\"create\", \"read\", "
                          "\"update\"]\n}\n")
        .arg(m_mount);
}

} // namespace vw
