#include "ops/sshsign.h"

#include "vault/vaultclient.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

std::optional<SshSignParams> SshSignParams::from(const OpParams &params)
{
    const std::optional<SshKeyType> ca = sshKeyType(params.text(QStringLiteral("ca_key_type")));
    const std::optional<SshKeyType> client =
        sshKeyType(params.text(QStringLiteral("client_key_type")));
    if (!ca || !client)
        return std::nullopt;
    SshSignParams p;
    p.caKeyType = *ca;
    p.clientKeyType = *client;
    p.ttlMs = params.durationMs(QStringLiteral("ttl"));
    return p;
}

bool SshSignOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_bodies.clear();
    const QString mount =
        setupSshCa(m_created, client, ctx, m_params.caKeyType, m_params.ttlMs, error);
    if (mount.isEmpty())
        return false;
    m_path = "/v1/" + mount.toUtf8() + "/sign/bench";
    const QString ttl = sshSeconds(m_params.ttlMs);

    for (int i = 0; i < kKeyPool; ++i) {
        QString why;
        const QByteArray line =
            generateOpenSshPublicKey(m_params.clientKeyType, QByteArrayLiteral("vwb-bench"), &why);
        if (line.isEmpty()) {
            if (error)
                *error = QStringLiteral("client key for ssh_sign: %1").arg(why);
            m_bodies.clear();
            return false;
        }
        const QJsonObject body{{QStringLiteral("public_key"), QString::fromLatin1(line)},
                               {QStringLiteral("valid_principals"), QStringLiteral("bench")},
                               {QStringLiteral("ttl"), ttl}};
        m_bodies.append(QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    return true;
}

HttpRequest SshSignOperation::nextRequest(VuState &vu) const
{
    // setup() succeeded, so the pool is full; the guard keeps a misuse from crashing.
    const QByteArray body =
        m_bodies.isEmpty() ? QByteArray() : m_bodies.at(int(vu.rng() % quint64(m_bodies.size())));
    return {QByteArrayLiteral("POST"), m_path, body};
}

ErrorClass SshSignOperation::classify(const HttpResult &result) const
{
    return classifySshCertificate(result);
}

QString SshSignOperation::aclRules() const
{
    const QByteArray path = m_path.mid(4); // without "/v1/"
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"update\"]\n}\n")
        .arg(QString::fromUtf8(path));
}

OperationType sshSignType()
{
    OperationType t;
    t.name = QStringLiteral("ssh_sign");
    t.group = OperationGroup::Ssh;
    t.description = QStringLiteral("SSH CA: sign a client public key");
    t.request = QStringLiteral("POST /v1/<mount>/sign/bench");
    t.setup = QStringLiteral("an SSH mount, its CA key of `ca_key_type` (`config/ca`), a role "
                             "`bench`, a pool of 8 client keys of `client_key_type` generated "
                             "locally with OpenSSL");
    const QStringList keyTypes = sshKeyTypeNames();
    t.params = {
        sshCaKeyTypeParam(),
        choiceParam(QStringLiteral("client_key_type"), keyTypes, keyTypes.first(),
                    QStringLiteral("the client keys sent to be signed")),
        sshTtlParam(),
    };
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<SshSignParams> p = SshSignParams::from(params);
        return p ? std::make_unique<SshSignOperation>(*p) : nullptr;
    };
    return t;
}

} // namespace vw
