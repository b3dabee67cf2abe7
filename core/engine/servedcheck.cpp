#include "engine/servedcheck.h"

#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QStringList>
#include <QThread>

#include <functional>
#include <memory>

namespace vw {

namespace {

constexpr unsigned long kPollMs = 50;

/// The read that shows `r` is served: its tune, its policy, the role itself.
QString readPath(const WorkbenchResource &r)
{
    switch (r.kind) {
    case ResourceKind::Mount:
        return QStringLiteral("sys/mounts/%1/tune").arg(r.path);
    case ResourceKind::Auth:
        return QStringLiteral("sys/auth/%1/tune").arg(r.path);
    case ResourceKind::Policy:
        return QStringLiteral("sys/policies/acl/%1").arg(r.path);
    case ResourceKind::Role:
        return r.path;
    case ResourceKind::Entities:
    case ResourceKind::Groups:
        return {}; // many objects: the X-Vault-Index wait covers them
    }
    return r.path;
}

enum class Probe { Served, NotYet, Stop, Failed };

} // namespace

ServedCheck waitUntilEveryNodeServes(VaultClient &client, const QList<WorkbenchResource> &created,
                                     qint64 timeoutMs)
{
    ServedCheck out;
    const QByteArray index = client.consistencyIndex();
    out.usedIndex = !index.isEmpty();
    const QStringList nodes = client.target().loadAddresses();
    // Waits until `probe` answers Served kServedInRow times in a row on `node`; false with
    // out.error on a failure or the timeout.
    auto waitFor = [&](VaultClient &node, const QString &what,
                       const std::function<Probe(VaultResponse *)> &probe) {
        QElapsedTimer t;
        t.start();
        int inRow = 0;
        VaultResponse last;
        for (;;) {
            ++out.probes;
            switch (probe(&last)) {
            case Probe::Served:
                if (++inRow >= kServedInRow) {
                    out.waitedMs = std::max(out.waitedMs, t.elapsed());
                    return true;
                }
                continue;
            case Probe::Stop:
                return true;
            case Probe::Failed:
                out.error = QStringLiteral("node %1: checking that it serves %2: %3")
                                .arg(node.target().address, what, last.describe());
                return false;
            case Probe::NotYet:
                break;
            }
            inRow = 0;
            if (t.elapsed() > timeoutMs) {
                out.error = QStringLiteral("node %1 does not serve %2 after %3 s (last answer: "
                                           "%4)")
                                .arg(node.target().address, what)
                                .arg(timeoutMs / 1000.0, 0, 'f', 0)
                                .arg(last.describe());
                return false;
            }
            QThread::msleep(kPollMs);
        }
    };
    for (const QString &address : nodes) {
        std::unique_ptr<VaultClient> node = client.forNode(address); // its stop check too
        node->setWhenBehind(VaultClient::WhenBehind::FailIfBehind);
        if (out.usedIndex) {
            QElapsedTimer t;
            t.start();
            QString why;
            // Several times: behind a balancer each call may reach another node.
            for (int k = 0; k < kServedInRow; ++k) {
                if (!node->waitForIndex(timeoutMs, &why, &out.probes)) {
                    out.error = QStringLiteral("node %1 does not serve everything setup "
                                               "wrote: %2")
                                    .arg(address, why);
                    return out;
                }
            }
            out.waitedMs = std::max(out.waitedMs, t.elapsed());
        }
        // The node's own answer (never forwarded: with the index it fails when behind).
        node->setWhenBehind(VaultClient::WhenBehind::FailIfBehind);
        for (const WorkbenchResource &r : created) {
            const QString path = readPath(r);
            if (path.isEmpty())
                continue;
            const bool ok = waitFor(*node, r.describe(), [&](VaultResponse *last) {
                *last = node->get(path);
                if (last->ok())
                    return Probe::Served;
                if (last->status == 403 || last->status == 405)
                    return Probe::Stop; // may not be read back (token, path): nothing to tell
                if (last->status == 400 || last->status == 404 || isBehindIndex(*last))
                    return Probe::NotYet;
                return Probe::Failed;
            });
            if (!ok)
                return out;
        }
    }
    out.ok = true;
    return out;
}

} // namespace vw
