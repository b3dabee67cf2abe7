#include "engine/vucredentials.h"

#include "ops/authsupport.h"
#include "ops/userpasslogin.h"
#include "util/clock.h"
#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <limits>

namespace vw {

namespace {

/// The value at quantile q (0..1) of sorted `v` (nearest rank); 0 for an empty list.
double quantile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const size_t rank = size_t(std::ceil(q * double(sorted.size())));
    return sorted[std::min(sorted.size() - 1, rank == 0 ? 0 : rank - 1)];
}

constexpr int64_t kNsPerS = 1'000'000'000;
/// After a failed renewal: the next try.
constexpr int64_t kRenewRetryNs = 5 * kNsPerS;

} // namespace

VuCredentials::VuCredentials(const AuthSpec &spec, const TargetSpec &target)
    : m_spec(spec)
    , m_target(target)
{
}

VuCredentials::~VuCredentials() = default;

bool VuCredentials::setup(VaultClient &setupClient, const QString &runPrefix,
                          const QString &leastRules, int vus, AuthUse *use, QString *error)
{
    m_use = use;
    use->method = m_spec.method;
    use->per = m_spec.perVu ? QStringLiteral("vu") : QStringLiteral("run");
    m_loginClient = std::make_unique<VaultClient>(m_target, QByteArray());
    m_loginClient->setStopCheck(setupClient.stopCheck()); // a stop ends the login round
    // Logins see what setup just wrote, and their tokens are in the index the served check
    // waits for (core/engine/servedcheck.h).
    m_loginClient->shareConsistencyIndex(setupClient);

    const QString rules = m_spec.leastPrivilege() ? leastRules : m_spec.policy;
    QString policy;
    if (!m_created.writePolicy(setupClient, QStringLiteral("vuauth"), rules, runPrefix, &policy,
                               error))
        return false;
    const QString mount = runPrefix + QStringLiteral("-vuauth");
    const QString ttl = vaultSeconds(m_spec.ttlMs);
    const QJsonArray policies{policy};

    if (m_spec.method == QLatin1String("userpass")) {
        QString password;
        const QJsonObject fields{{QStringLiteral("token_ttl"), ttl},
                                 {QStringLiteral("token_policies"), policies},
                                 {QStringLiteral("token_type"), QStringLiteral("service")}};
        if (!createUserpassUser(m_created, setupClient, mount, runPrefix, QStringLiteral("bench"),
                                fields, &password, error))
            return false;
        m_loginPath = "/v1/auth/" + mount.toUtf8() + "/login/bench";
        m_loginBody = QJsonDocument(QJsonObject{{QStringLiteral("password"), password}})
                          .toJson(QJsonDocument::Compact);
    } else {
        const bool tokenMethod = m_spec.method == QLatin1String("token");
        QJsonArray rolePolicies = policies;
        if (tokenMethod) { // the parent: may create tokens with the run's policy
            QString create;
            if (!m_created.writePolicy(setupClient, QStringLiteral("vuauth-parent"),
                                       QStringLiteral("path \"auth/token/create\" {\n  "
                                                      "capabilities = [\"update\"]\n}\n"),
                                       runPrefix, &create, error))
                return false;
            rolePolicies.append(create);
        }
        const QJsonObject role{{QStringLiteral("token_ttl"), ttl},
                               {QStringLiteral("token_policies"), rolePolicies},
                               {QStringLiteral("token_type"), QStringLiteral("service")}};
        AppRoleLogin login;
        if (!createAppRole(m_created, setupClient, mount, runPrefix, role, &login, error))
            return false;
        m_loginPath = "/v1/auth/" + mount.toUtf8() + "/login";
        m_loginBody = login.loginBody();
        if (tokenMethod) {
            qint64 parentTtl = 0;
            if (!this->login(&m_parent, &parentTtl, error))
                return false;
            // The parent lives as long as its children: renewed with them (poll()).
            m_tokens.append({m_parent, steadyNowNs() + parentTtl * kNsPerS / 2});
            m_loginPath = QByteArrayLiteral("/v1/auth/token/create");
            m_loginBody =
                QJsonDocument(QJsonObject{{QStringLiteral("policies"), policies},
                                          {QStringLiteral("ttl"), ttl},
                                          {QStringLiteral("type"), QStringLiteral("service")}})
                    .toJson(QJsonDocument::Compact);
        }
    }

    const int count = m_spec.perVu ? std::max(1, vus) : 1;
    std::vector<double> ms;
    ms.reserve(size_t(count));
    QElapsedTimer phase;
    phase.start();
    for (int i = 0; i < count; ++i) {
        QByteArray token;
        qint64 ttlSeconds = 0;
        QElapsedTimer t;
        t.start();
        if (!login(&token, &ttlSeconds, error))
            return false;
        // The logins are sequential: the first tokens must still live when the last VU has
        // logged in, or the whole run measures expired tokens (403s blamed on the server).
        if (ttlSeconds > 0 && phase.elapsed() > ttlSeconds * 1000 / 2) {
            if (error)
                *error = QStringLiteral("logging in %1 VUs takes longer than half the tokens' "
                                        "lifetime (%2 logins in %3 s, auth.ttl %4 s): raise "
                                        "auth.ttl or use per: run")
                             .arg(count)
                             .arg(i + 1)
                             .arg(double(phase.elapsed()) / 1000.0, 0, 'f', 1)
                             .arg(ttlSeconds);
            return false;
        }
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
        m_tokens.append({token, ttlSeconds > 0 ? steadyNowNs() + ttlSeconds * kNsPerS / 2
                                               : std::numeric_limits<int64_t>::max()});
    }
    use->logins = int(ms.size());
    double sum = 0;
    for (double x : ms)
        sum += x;
    std::sort(ms.begin(), ms.end());
    use->loginMeanMs = sum / double(ms.size());
    use->loginP50Ms = quantile(ms, 0.50);
    use->loginP99Ms = quantile(ms, 0.99);
    use->loginMaxMs = ms.back();
    return true;
}

bool VuCredentials::login(QByteArray *token, qint64 *ttlSeconds, QString *error)
{
    HttpRequest r{QByteArrayLiteral("POST"), m_loginPath, m_loginBody};
    r.token = m_parent; // method token: created by the parent; logins: none
    const VaultResponse answer = m_loginClient->send(r);
    const QJsonObject auth = answer.json.value(QStringLiteral("auth")).toObject();
    *token = auth.value(QStringLiteral("client_token")).toString().toUtf8();
    *ttlSeconds = auth.value(QStringLiteral("lease_duration")).toInteger();
    if (answer.ok() && !token->isEmpty())
        return true;
    if (error)
        *error = QStringLiteral("%1 login for per-VU credentials (%2): %3")
                     .arg(m_spec.method, QString::fromUtf8(m_loginPath),
                          answer.ok() ? QStringLiteral("no client_token in the answer")
                                      : answer.describe());
    return false;
}

QByteArray VuCredentials::tokenFor(int vu) const
{
    // With method token, m_tokens[0] is the parent: the VU tokens follow it.
    const int first = m_parent.isEmpty() ? 0 : 1;
    const int n = int(m_tokens.size()) - first;
    if (n <= 0 || vu < 0)
        return {};
    return m_tokens.at(first + (m_spec.perVu ? std::min(vu, n - 1) : 0)).token;
}

QVector<QByteArray> VuCredentials::tokensByVu(int vus) const
{
    QVector<QByteArray> out;
    for (int vu = 0; vu < vus; ++vu)
        out.append(tokenFor(vu));
    return out;
}

void VuCredentials::poll(int64_t nowNs)
{
    if (!m_loginClient)
        return;
    for (Held &h : m_tokens) {
        if (nowNs < h.renewDueNs)
            continue;
        HttpRequest r{QByteArrayLiteral("POST"), QByteArrayLiteral("/v1/auth/token/renew-self"),
                      QByteArrayLiteral("{}")};
        r.token = h.token;
        const VaultResponse answer = m_loginClient->send(r);
        const qint64 ttl = answer.json.value(QStringLiteral("auth"))
                               .toObject()
                               .value(QStringLiteral("lease_duration"))
                               .toInteger();
        if (answer.ok() && ttl > 0) {
            h.renewDueNs = nowNs + ttl * kNsPerS / 2;
            if (m_use)
                ++m_use->renewals;
        } else {
            h.renewDueNs = nowNs + kRenewRetryNs;
            if (m_use)
                m_use->renewError =
                    QStringLiteral("renew a per-VU token: %1")
                        .arg(answer.ok() ? QStringLiteral("no lease_duration") : answer.describe());
        }
    }
}

bool VuCredentials::cleanup(VaultClient &setupClient, QString *error)
{
    m_tokens.clear();
    m_parent.clear();
    m_loginClient.reset();
    return m_created.removeAll(setupClient, error);
}

} // namespace vw
