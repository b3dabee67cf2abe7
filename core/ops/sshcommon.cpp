#include "ops/sshcommon.h"

#include "ops/operationtype.h"
#include "vault/vaultclient.h"

#include <QJsonObject>

namespace vw {

namespace {

struct KeyTypeName {
    const char *name;
    SshKeyType type;
};
constexpr KeyTypeName kKeyTypes[] = {{"ed25519", SshKeyType::Ed25519},
                                     {"rsa-2048", SshKeyType::Rsa2048},
                                     {"rsa-4096", SshKeyType::Rsa4096}};
constexpr qint64 kRoleMaxTtlMs = 3600 * 1000;

} // namespace

QStringList sshKeyTypeNames()
{
    QStringList out;
    for (const KeyTypeName &k : kKeyTypes)
        out << QString::fromLatin1(k.name);
    return out;
}

std::optional<SshKeyType> sshKeyType(const QString &name)
{
    for (const KeyTypeName &k : kKeyTypes)
        if (name == QLatin1String(k.name))
            return k.type;
    return std::nullopt;
}

ParamSpec sshCaKeyTypeParam()
{
    const QStringList names = sshKeyTypeNames();
    return choiceParam(QStringLiteral("ca_key_type"), names, names.first(),
                       QStringLiteral("the CA key the server generates at setup"));
}

ParamSpec sshTtlParam()
{
    return durationParam(QStringLiteral("ttl"), 1000, 24LL * 3600 * 1000, 5 * 60 * 1000, 1000,
                         QStringLiteral("lifetime of each certificate"));
}

QString sshSeconds(qint64 ms)
{
    return QStringLiteral("%1s").arg(ms / 1000);
}

QString setupSshCa(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                   SshKeyType caKeyType, qint64 ttlMs, QString *error)
{
    const QString mount = QStringLiteral("%1-ssh-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!created.enableMount(client, mount, QStringLiteral("ssh"), ctx.runPrefix, {}, error))
        return {};

    const bool rsaCa = caKeyType != SshKeyType::Ed25519;
    QJsonObject ca{{QStringLiteral("generate_signing_key"), true}};
    if (rsaCa) {
        ca.insert(QStringLiteral("key_type"), QStringLiteral("ssh-rsa"));
        ca.insert(QStringLiteral("key_bits"), caKeyType == SshKeyType::Rsa4096 ? 4096 : 2048);
    } else {
        ca.insert(QStringLiteral("key_type"), QStringLiteral("ssh-ed25519"));
    }
    const VaultResponse r = client.post(mount + QStringLiteral("/config/ca"), ca);
    if (!r.ok()) {
        if (error)
            *error = QStringLiteral("generate SSH CA on %1: %2").arg(mount, r.describe());
        return {};
    }

    const QJsonObject role{{QStringLiteral("key_type"), QStringLiteral("ca")},
                           {QStringLiteral("allow_user_certificates"), true},
                           {QStringLiteral("allowed_users"), QStringLiteral("bench")},
                           {QStringLiteral("default_user"), QStringLiteral("bench")},
                           {QStringLiteral("ttl"), sshSeconds(ttlMs)},
                           {QStringLiteral("max_ttl"), sshSeconds(qMax(kRoleMaxTtlMs, ttlMs))},
                           {QStringLiteral("algorithm_signer"),
                            rsaCa ? QStringLiteral("rsa-sha2-256") : QStringLiteral("default")}};
    if (!created.writeRole(client, mount + QStringLiteral("/roles/bench"), role, error))
        return {};
    return mount;
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
            continue; // the text "signed_key" as a value, not a member name
        ++i;
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        return i + 1 < body.size() && body.at(i) == '"' && body.at(i + 1) != '"';
    }
    return false;
}

ErrorClass classifySshCertificate(const HttpResult &result)
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return hasSignedKey(result.body) ? ErrorClass::None : ErrorClass::InvalidResponse;
}

} // namespace vw
