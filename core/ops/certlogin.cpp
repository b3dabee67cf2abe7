#include "ops/certlogin.h"

#include "ops/authsupport.h"

#include "ops/approlelogin.h"
#include "vault/vaultclient.h"

#include <QFile>

namespace vw {

namespace {

/// The first PEM certificate block of `pem` (the leaf of a chain), empty when there is none.
QByteArray firstCertificate(const QByteArray &pem)
{
    static const QByteArray begin("-----BEGIN CERTIFICATE-----");
    static const QByteArray end("-----END CERTIFICATE-----");
    const qsizetype from = pem.indexOf(begin);
    if (from < 0)
        return {};
    const qsizetype to = pem.indexOf(end, from);
    if (to < 0)
        return {};
    return pem.mid(from, to + end.size() - from) + '\n';
}

} // namespace

bool CertLoginOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (ctx.clientCertFile.isEmpty()) {
        *error =
            QStringLiteral("cert_login needs an https target with target.client_cert (mutual TLS)");
        return false;
    }
    QFile file(ctx.clientCertFile);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cert_login: cannot read target.client_cert %1: %2")
                     .arg(ctx.clientCertFile, file.errorString());
        return false;
    }
    const QByteArray certificate = firstCertificate(file.readAll());
    if (certificate.isEmpty()) {
        *error = QStringLiteral("cert_login: target.client_cert %1 holds no PEM certificate")
                     .arg(ctx.clientCertFile);
        return false;
    }
    const QString mount = QStringLiteral("%1-cert-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!m_created.enableAuth(client, mount, QStringLiteral("cert"), ctx.runPrefix, {}, error))
        return false;
    QJsonObject role = m_params.tokenFields();
    role.insert(QStringLiteral("certificate"), QString::fromLatin1(certificate));
    if (!m_created.writeRole(client, QStringLiteral("auth/%1/certs/bench").arg(mount), role, error))
        return false;
    m_path = "/v1/auth/" + mount.toUtf8() + "/login";
    return true;
}

HttpRequest CertLoginOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    return {QByteArrayLiteral("POST"), m_path, QByteArrayLiteral("{\"name\":\"bench\"}")};
}

ErrorClass CertLoginOperation::classify(const HttpResult &result) const
{
    return classifyLogin(result);
}

OperationType certLoginType()
{
    OperationType t;
    t.name = QStringLiteral("cert_login");
    t.group = OperationGroup::Auth;
    t.description = QStringLiteral("TLS client-certificate login with the target's own client "
                                   "certificate (needs an https target with target.client_cert)");
    t.request = QStringLiteral("POST /v1/auth/<mount>/login");
    t.setup = QStringLiteral("a cert auth method, certificate role `bench` trusting the target's "
                             "client certificate (target.client_cert), token_ttl = `ttl` and "
                             "token_type = `type`; disabling it at cleanup revokes the tokens "
                             "the logins made");
    t.params = loginTokenParams();
    t.create = createLoginOperation<CertLoginOperation>;
    return t;
}

} // namespace vw
