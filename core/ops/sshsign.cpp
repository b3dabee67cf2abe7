#include "ops/sshsign.h"

#include "vault/vaultclient.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

namespace {

/// The key types a profile may name: the choices of ca_key_type and client_key_type.
struct KeyTypeName {
    const char *name;
    SshKeyType type;
};
constexpr KeyTypeName kKeyTypes[] = {{"ed25519", SshKeyType::Ed25519},
                                     {"rsa-2048", SshKeyType::Rsa2048}};
constexpr qint64 kRoleMaxTtlMs = 3600 * 1000;

QStringList keyTypeNames()
{
    QStringList out;
    for (const KeyTypeName &k : kKeyTypes)
        out << QString::fromLatin1(k.name);
    return out;
}

std::optional<SshKeyType> keyType(const QString &name)
{
    for (const KeyTypeName &k : kKeyTypes)
        if (name == QLatin1String(k.name))
            return k.type;
    return std::nullopt;
}

QString seconds(qint64 ms)
{
    return QStringLiteral("%1s").arg(ms / 1000);
}

} // namespace

std::optional<SshSignParams> SshSignParams::from(const OpParams &params)
{
    const std::optional<SshKeyType> ca = keyType(params.text(QStringLiteral("ca_key_type")));
    const std::optional<SshKeyType> client =
        keyType(params.text(QStringLiteral("client_key_type")));
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
    const QString mount = QStringLiteral("%1-ssh-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    m_path = "/v1/" + mount.toUtf8() + "/sign/bench";
    m_bodies.clear();
    if (!m_created.enableMount(client, mount, QStringLiteral("ssh"), ctx.runPrefix, {}, error))
        return false;

    const bool rsaCa = m_params.caKeyType == SshKeyType::Rsa2048;
    QJsonObject ca{{QStringLiteral("generate_signing_key"), true}};
    if (rsaCa) {
        ca.insert(QStringLiteral("key_type"), QStringLiteral("ssh-rsa"));
        ca.insert(QStringLiteral("key_bits"), 2048);
    } else {
        ca.insert(QStringLiteral("key_type"), QStringLiteral("ssh-ed25519"));
    }
    VaultResponse r = client.post(mount + QStringLiteral("/config/ca"), ca);
    if (!r.ok()) {
        if (error)
            *error = QStringLiteral("generate SSH CA on %1: %2").arg(mount, r.describe());
        return false;
    }

    const QString ttl = seconds(m_params.ttlMs);
    const QJsonObject role{
        {QStringLiteral("key_type"), QStringLiteral("ca")},
        {QStringLiteral("allow_user_certificates"), true},
        {QStringLiteral("allowed_users"), QStringLiteral("bench")},
        {QStringLiteral("default_user"), QStringLiteral("bench")},
        {QStringLiteral("ttl"), ttl},
        {QStringLiteral("max_ttl"), seconds(qMax(kRoleMaxTtlMs, m_params.ttlMs))},
        {QStringLiteral("algorithm_signer"),
         rsaCa ? QStringLiteral("rsa-sha2-256") : QStringLiteral("default")}};
    if (!m_created.writeRole(client, mount + QStringLiteral("/roles/bench"), role, error))
        return false;

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

bool SshSignOperation::cleanup(VaultClient &client, QString *error)
{
    return m_created.removeAll(client, error);
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
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return hasSignedKey(result.body) ? ErrorClass::None : ErrorClass::InvalidResponse;
}

bool hasSignedKey(const QByteArray &body)
{
    static const QByteArray key = QByteArrayLiteral("\"signed_key\"");
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    for (qsizetype at = body.indexOf(key); at >= 0; at = body.indexOf(key, at + 1)) {
        qsizetype i = at + key.size();
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        if (i >= body.size() || body.at(i) != ':')
            continue;   // the text "signed_key" as a value, not a member name
        ++i;
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        return i + 1 < body.size() && body.at(i) == '"' && body.at(i + 1) != '"';
    }
    return false;
}

QString SshSignOperation::aclRules() const
{
    const QByteArray path = m_path.mid(4);   // without "/v1/"
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"update\"]\n}\n")
        .arg(QString::fromUtf8(path));
}

OperationType sshSignType()
{
    OperationType t;
    t.name = QStringLiteral("ssh_sign");
    t.description = QStringLiteral("SSH CA: sign a client public key");
    t.request = QStringLiteral("POST /v1/<mount>/sign/bench");
    t.setup = QStringLiteral("an SSH mount, its CA key of `ca_key_type` (`config/ca`), a role "
                             "`bench`, a pool of 8 client keys of `client_key_type` generated "
                             "locally with OpenSSL");
    const QStringList keyTypes = keyTypeNames();
    t.params = {
        choiceParam(QStringLiteral("ca_key_type"), keyTypes, keyTypes.first(),
                    QStringLiteral("the CA key the server generates at setup")),
        choiceParam(QStringLiteral("client_key_type"), keyTypes, keyTypes.first(),
                    QStringLiteral("the client keys sent to be signed")),
        durationParam(QStringLiteral("ttl"), 1000, 24LL * 3600 * 1000, 5 * 60 * 1000, 1000,
                      QStringLiteral("lifetime of each certificate")),
    };
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<SshSignParams> p = SshSignParams::from(params);
        return p ? std::make_unique<SshSignOperation>(*p) : nullptr;
    };
    return t;
}

} // namespace vw
