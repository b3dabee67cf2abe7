#include "engine/operationsetup.h"

#include "engine/clientresources.h"
#include "engine/executors/executorregistry.h"
#include "engine/servedcheck.h"
#include "engine/tokenlifetime.h"
#include "ops/operationregistry.h"
#include "profile/operationlabels.h"
#include "vault/tokensource.h"
#include "vault/vaultclient.h"

#include <QRandomGenerator>

namespace vw {

OperationSetup::OperationSetup(const Profile &profile, const QByteArray &token,
                               std::function<bool()> stopRequested)
    : m_profile(profile)
    , m_token(token)
    , m_stopRequested(std::move(stopRequested))
{
}

OperationSetup::~OperationSetup() = default;

bool OperationSetup::preflight(VaultClient &client, RunRecord &s)
{
    auto fail = [&](const QString &msg) {
        s.status = RunStatus::SetupFailed;
        s.error = msg;
        return false;
    };
    if (m_profile.ramp.stages.isEmpty())
        return fail(QStringLiteral("the profile has no stages"));
    if (m_profile.operations.isEmpty())
        return fail(QStringLiteral("the profile has no operations"));
    const LoadModel &model = *m_profile.ramp.model;
    if (!findExecutor(model.name()))
        return fail(QStringLiteral("executor \"%1\" is not supported (known: %2)")
                        .arg(model.name(), executorNames().join(QStringLiteral(", "))));
    if (const QString problem = model.checkStages(m_profile.ramp.stages); !problem.isEmpty())
        return fail(problem);

    if (const QString problem = openFileLimitProblem(m_profile.ramp.peakVus()); !problem.isEmpty())
        return fail(problem);

    if (tokenHasControlCharacters(m_token)) // checked before any request carries it
        return fail(QStringLiteral("the token contains control characters (a line break?); "
                                   "it is not sent"));
    s.server = client.serverInfo();
    if (!s.server.reachable)
        return fail(QStringLiteral("cannot reach %1: %2").arg(s.targetAddress, s.server.errorText));
    s.nodeRoles.clear();
    if (!m_profile.target.addresses.isEmpty()) { // each node's role at start
        s.nodeRoles.append({m_profile.target.address, s.server.role, s.server.version});
        for (const QString &address : m_profile.target.addresses) {
            TargetSpec node = m_profile.target;
            node.address = address;
            node.addresses.clear();
            node.requestTimeoutMs = std::min<qint64>(node.requestTimeoutMs, 5000);
            VaultClient nodeClient(node, {});
            const ServerInfo info = nodeClient.serverInfo();
            if (m_profile.target.spread == QLatin1String("round_robin") && !info.reachable)
                return fail(QStringLiteral("cannot reach node %1 (target.spread round_robin): "
                                           "%2")
                                .arg(address, info.errorText));
            s.nodeRoles.append({address, info.role, info.version});
        }
    }
    if (!s.server.initialized)
        return fail(QStringLiteral("server is not initialized"));
    if (s.server.sealed)
        return fail(QStringLiteral("server is sealed"));
    if (m_token.isEmpty())
        return fail(QStringLiteral("no token: set VAULT_TOKEN or BAO_TOKEN, write ~/.vault-token, "
                                   "or enter one"));
    TokenInfo token;
    const VaultResponse r = client.lookupSelf(&token);
    if (r.status == 403)
        return fail(QStringLiteral("token refused: %1").arg(r.describe()));
    if (r.status == 0)
        return fail(QStringLiteral("cannot reach %1: %2").arg(s.targetAddress, r.describe()));
    if (!r.ok())
        return fail(QStringLiteral("token check failed: %1").arg(r.describe()));
    s.token.checked = true;
    s.token.ttlSeconds = token.ttlSeconds;
    s.token.renewable = token.renewable;
    const TokenVerdict verdict = assessTokenLifetime(token, plannedRampMs(m_profile.ramp));
    if (!verdict.ok)
        return fail(verdict.refusal);
    s.token.renewalPlanned = verdict.renew;
    return !m_stopRequested() || fail(QStringLiteral("stopped by the user before setup"));
}

bool OperationSetup::createOperations(RunRecord &s)
{
    int total = 0;
    const QStringList labels = operationLabels(m_profile.operations);
    for (int i = 0; i < m_profile.operations.size(); ++i) {
        const OperationSpec &spec = m_profile.operations.at(i);
        // From the params the profile parser made (OperationSpec::params): no second parse.
        QString why;
        std::unique_ptr<Operation> op =
            OperationRegistry::instance().create(spec.type, spec.params, &why);
        if (!op) {
            s.error = why;
            m_ops.clear();
            m_mix = OperationMix();
            return false;
        }
        total += std::max(1, spec.weight);
        m_mix.ops.append(op.get());
        m_mix.names.append(labels.at(i));
        m_mix.cumulativeWeights.append(total);
        m_ops.push_back(std::move(op));
    }
    return true;
}

QString OperationSetup::choosePrefix(RunRecord &s)
{
    s.runPrefix = QStringLiteral("vwb-%1").arg(QRandomGenerator::global()->bounded(0x1000000), 6,
                                               16, QLatin1Char('0'));
    return s.runPrefix;
}

bool OperationSetup::setupOperations(VaultClient &client, RunRecord &s)
{
    const QString prefix = s.runPrefix.isEmpty() ? choosePrefix(s) : s.runPrefix;
    const auto noteCreated = [&](const Operation &op) {
        for (const WorkbenchResource &r : op.resources())
            if (!s.resources.contains(r))
                s.resources.append(r);
    };
    for (size_t i = 0; i < m_ops.size(); ++i) {
        if (m_stopRequested()) {
            s.status = RunStatus::Stopped;
            s.error = QStringLiteral("stopped by the user before the measured window");
            return false;
        }
        QString error;
        SetupContext ctx{prefix, int(i), m_mix.ops};
        if (client.target().address.startsWith(QLatin1String("https://"), Qt::CaseInsensitive))
            ctx.clientCertFile = client.target().clientCert;
        const bool ok = m_ops[i]->setup(client, ctx, &error);
        noteCreated(*m_ops[i]);
        if (!ok && m_stopRequested()) {
            s.status = RunStatus::Stopped;
            s.error = QStringLiteral("stopped by the user during the setup of %1 (operation %2)")
                          .arg(m_ops[i]->typeName())
                          .arg(i + 1);
            return false;
        }
        if (!ok) {
            s.error = QStringLiteral("setup of %1 (operation %2) failed: %3")
                          .arg(m_ops[i]->typeName())
                          .arg(i + 1)
                          .arg(error);
            return false;
        }
    }
    if (m_stopRequested()) {
        s.status = RunStatus::Stopped;
        s.error = QStringLiteral("stopped by the user before the measured window");
        return false;
    }
    return true;
}

QList<OpLeases> OperationSetup::leaseCounts() const
{
    QList<OpLeases> out;
    const QStringList labels = operationLabels(m_profile.operations);
    for (size_t i = 0; i < m_ops.size() && qsizetype(i) < labels.size(); ++i) {
        const std::optional<LeaseCounts> c = m_ops[i]->leaseCounts();
        if (c)
            out.append(OpLeases{labels.at(qsizetype(i)), c->created, c->revoked});
    }
    return out;
}

std::unique_ptr<ServiceProbe> OperationSetup::serviceProbe() const
{
    for (const auto &op : m_ops)
        if (std::unique_ptr<ServiceProbe> p = op->serviceProbe())
            return p;
    return nullptr;
}

QString OperationSetup::leastPrivilegeRules() const
{
    QStringList rules;
    for (const auto &op : m_ops) {
        const QString r = op->aclRules();
        if (!r.isEmpty() && !rules.contains(r))
            rules << r;
    }
    return rules.join(QLatin1Char('\n'));
}

bool OperationSetup::setupCredentials(VaultClient &client, RunRecord &s)
{
    if (!m_profile.auth.enabled())
        return true;
    TargetSpec target = m_profile.target;
    target.address = s.targetAddress;
    m_credentials = std::make_unique<VuCredentials>(m_profile.auth, target);
    QString error;
    const bool ok = m_credentials->setup(client, s.runPrefix, leastPrivilegeRules(),
                                         m_profile.ramp.peakVus(), &s.auth, &error);
    for (const WorkbenchResource &r : m_credentials->resources())
        if (!s.resources.contains(r))
            s.resources.append(r);
    if (!ok && m_stopRequested()) {
        s.status = RunStatus::Stopped;
        s.error = QStringLiteral("stopped by the user while logging in the VUs (auth: %1)")
                      .arg(m_profile.auth.method);
    } else if (!ok) {
        s.error = QStringLiteral("setup of per-VU credentials (auth: %1) failed: %2")
                      .arg(m_profile.auth.method, error);
    }
    return ok;
}

bool OperationSetup::waitUntilServed(VaultClient &client, RunRecord &s)
{
    const ServedCheck check = waitUntilEveryNodeServes(client, s.resources);
    if (m_stopRequested()) {
        s.status = RunStatus::Stopped;
        s.error = QStringLiteral("stopped by the user before the measured window");
        return false;
    }
    if (!check.ok)
        s.error =
            QStringLiteral("setup is not served by every node the run loads: %1").arg(check.error);
    return check.ok;
}

QString OperationSetup::cleanupOperations(VaultClient &client, QList<WorkbenchResource> *leftovers)
{
    // A rate-limit quota or a brief seal must not leave the run's mounts behind.
    client.setRetryPolicy(RetryPolicy::cleanup());
    QStringList errors;
    if (m_credentials) { // made last: removed first
        QString error;
        if (!m_credentials->cleanup(client, &error))
            errors << QStringLiteral("per-VU credentials: %1").arg(error);
        if (leftovers)
            *leftovers += m_credentials->resources();
        m_credentials.reset();
    }
    for (auto it = m_ops.rbegin(); it != m_ops.rend(); ++it) {
        QString error;
        if (!(*it)->cleanup(client, &error))
            errors << QStringLiteral("%1: %2").arg((*it)->typeName(), error);
        if (leftovers)
            *leftovers += (*it)->resources();
    }
    m_mix = OperationMix();
    m_ops.clear();
    return errors.join(QStringLiteral("; "));
}

} // namespace vw
