#include "ops/userpasslogin.h"

#include "ops/authsupport.h"

#include "ops/approlelogin.h"
#include "vault/vaultclient.h"

#include <QJsonDocument>
#include <QRandomGenerator>

namespace vw {

bool createUserpassUser(ResourceTracker &tracker, VaultClient &client, const QString &mount,
                        const QString &runPrefix, const QString &user,
                        const QJsonObject &tokenFields, QString *password, QString *error)
{
    if (!tracker.enableAuth(client, mount, QStringLiteral("userpass"), runPrefix, {}, error))
        return false;
    QByteArray random(18, Qt::Uninitialized);
    for (char &c : random)
        c = char(QRandomGenerator::system()->bounded(256));
    *password = QString::fromLatin1(random.toBase64(QByteArray::Base64UrlEncoding));
    QJsonObject body = tokenFields;
    body.insert(QStringLiteral("password"), *password);
    return tracker.writeRole(client, QStringLiteral("auth/%1/users/%2").arg(mount, user), body,
                             error);
}

bool UserpassLoginOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount = QStringLiteral("%1-userpass-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    QString password;
    if (!createUserpassUser(m_created, client, mount, ctx.runPrefix, QStringLiteral("bench"),
                            m_params.tokenFields(), &password, error))
        return false;
    m_path = "/v1/auth/" + mount.toUtf8() + "/login/bench";
    m_body = QJsonDocument(QJsonObject{{QStringLiteral("password"), password}})
                 .toJson(QJsonDocument::Compact);
    return true;
}

HttpRequest UserpassLoginOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    return {QByteArrayLiteral("POST"), m_path, m_body};
}

ErrorClass UserpassLoginOperation::classify(const HttpResult &result) const
{
    return classifyLogin(result);
}

OperationType userpassLoginType()
{
    OperationType t;
    t.name = QStringLiteral("userpass_login");
    t.group = OperationGroup::Auth;
    t.description = QStringLiteral("userpass login of a user made at setup (bcrypt on the server)");
    t.request = QStringLiteral("POST /v1/auth/<mount>/login/bench");
    t.setup =
        QStringLiteral("a userpass auth method, user `bench` with a random password, "
                       "token_ttl = `ttl` and token_type = `type`; disabling it at cleanup revokes "
                       "the tokens the logins made");
    t.params = loginTokenParams();
    t.create = createLoginOperation<UserpassLoginOperation>;
    return t;
}

} // namespace vw
