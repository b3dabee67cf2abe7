#include "ops/pkicommon.h"

#include "vault/vaultclient.h"

#include <QJsonArray>

namespace vw {

namespace {

struct KeyTypeName {
    const char *name;
    PkiKeyType type;
};
constexpr KeyTypeName kKeyTypes[] = {
    {"rsa-2048", PkiKeyType::Rsa2048}, {"ec-256", PkiKeyType::Ec256},
    {"ed25519", PkiKeyType::Ed25519},  {"rsa-3072", PkiKeyType::Rsa3072},
    {"rsa-4096", PkiKeyType::Rsa4096}, {"ec-384", PkiKeyType::Ec384},
    {"ec-521", PkiKeyType::Ec521}};
constexpr qint64 kMaxTtlMs = 30LL * 24 * 3600 * 1000;
constexpr qint64 kRoleMinMaxTtlMs = 3600 * 1000;
const char kCaTtl[] = "87600h";

bool ok(const VaultResponse &r, const QString &what, QString *error)
{
    if (r.ok())
        return true;
    if (error)
        *error = QStringLiteral("%1: %2").arg(what, r.describe());
    return false;
}

QJsonObject dataOf(const VaultResponse &r)
{
    return r.json.value(QStringLiteral("data")).toObject();
}

} // namespace

QStringList pkiKeyTypeNames()
{
    QStringList out;
    for (const KeyTypeName &k : kKeyTypes)
        out << QString::fromLatin1(k.name);
    return out;
}

std::optional<PkiKeyType> pkiKeyType(const QString &name)
{
    for (const KeyTypeName &k : kKeyTypes)
        if (name == QLatin1String(k.name))
            return k.type;
    return std::nullopt;
}

int pkiKeyBits(PkiKeyType type)
{
    switch (type) {
    case PkiKeyType::Rsa2048:
        return 2048;
    case PkiKeyType::Rsa3072:
        return 3072;
    case PkiKeyType::Rsa4096:
        return 4096;
    case PkiKeyType::Ec256:
        return 256;
    case PkiKeyType::Ec384:
        return 384;
    case PkiKeyType::Ec521:
        return 521;
    case PkiKeyType::Ed25519:
        return 0;
    }
    return 0;
}

bool pkiKeyIsRsa(PkiKeyType type)
{
    return type == PkiKeyType::Rsa2048 || type == PkiKeyType::Rsa3072
           || type == PkiKeyType::Rsa4096;
}

void putVaultKeyType(QJsonObject &body, PkiKeyType type)
{
    if (type == PkiKeyType::Ed25519) {
        body.insert(QStringLiteral("key_type"), QStringLiteral("ed25519"));
        return;
    }
    body.insert(QStringLiteral("key_type"),
                pkiKeyIsRsa(type) ? QStringLiteral("rsa") : QStringLiteral("ec"));
    body.insert(QStringLiteral("key_bits"), pkiKeyBits(type));
}

std::optional<PkiCaKind> pkiCaKind(const QString &name)
{
    if (name == QLatin1String("root"))
        return PkiCaKind::Root;
    if (name == QLatin1String("intermediate"))
        return PkiCaKind::Intermediate;
    return std::nullopt;
}

std::optional<PkiCertParams> PkiCertParams::from(const OpParams &params)
{
    const std::optional<PkiKeyType> key = pkiKeyType(params.text(QStringLiteral("key_type")));
    const std::optional<PkiCaKind> ca = pkiCaKind(params.text(QStringLiteral("ca")));
    if (!key || !ca)
        return std::nullopt;
    PkiCertParams p;
    p.keyType = *key;
    p.ca = *ca;
    p.ttlMs = params.durationMs(QStringLiteral("ttl"));
    p.noStore = params.boolean(QStringLiteral("no_store"));
    return p;
}

ParamSpec pkiCaParamSpec()
{
    return choiceParam(QStringLiteral("ca"),
                       {QStringLiteral("root"), QStringLiteral("intermediate")},
                       QStringLiteral("intermediate"),
                       QStringLiteral("issue from the root CA itself, or from an intermediate "
                                      "CA (second mount) signed by it"));
}

QList<ParamSpec> pkiCertParamSpecs()
{
    const QStringList keyTypes = pkiKeyTypeNames();
    return {choiceParam(QStringLiteral("key_type"), keyTypes, keyTypes.first(),
                        QStringLiteral("the certificate's key (the role's key_type and "
                                       "key_bits)")),
            durationParam(QStringLiteral("ttl"), 1000, kMaxTtlMs, 5 * 60 * 1000, 1000,
                          QStringLiteral("lifetime of each certificate")),
            booleanParam(QStringLiteral("no_store"), false,
                         QStringLiteral("the role's no_store: the server keeps no copy (such "
                                        "certificates cannot be revoked by serial)")),
            pkiCaParamSpec()};
}

QString pkiSeconds(qint64 ms)
{
    return QStringLiteral("%1s").arg(ms / 1000);
}

bool setupPkiCa(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                PkiCaKind kind, PkiCa *ca, QString *error)
{
    const QString root = QStringLiteral("%1-pki-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    const QJsonObject mountConfig{
        {QStringLiteral("config"),
         QJsonObject{{QStringLiteral("max_lease_ttl"), QLatin1String(kCaTtl)}}}};
    if (!created.enableMount(client, root, QStringLiteral("pki"), ctx.runPrefix, mountConfig,
                             error))
        return false;
    QJsonObject rootBody{{QStringLiteral("common_name"), QStringLiteral("vault-workbench root")},
                         {QStringLiteral("ttl"), QLatin1String(kCaTtl)}};
    putVaultKeyType(rootBody, PkiKeyType::Ec256);
    if (!ok(client.post(root + QStringLiteral("/root/generate/internal"), rootBody),
            QStringLiteral("generate root CA on %1").arg(root), error))
        return false;
    ca->rootMount = root;
    ca->issueMount = root;
    if (kind == PkiCaKind::Root)
        return true;

    const QString inter = root + QStringLiteral("-int");
    if (!created.enableMount(client, inter, QStringLiteral("pki"), ctx.runPrefix, mountConfig,
                             error))
        return false;
    QJsonObject interBody{
        {QStringLiteral("common_name"), QStringLiteral("vault-workbench intermediate")}};
    putVaultKeyType(interBody, PkiKeyType::Ec256);
    const VaultResponse csr =
        client.post(inter + QStringLiteral("/intermediate/generate/internal"), interBody);
    if (!ok(csr, QStringLiteral("generate intermediate CSR on %1").arg(inter), error))
        return false;
    const VaultResponse signedCert = client.post(
        root + QStringLiteral("/root/sign-intermediate"),
        {{QStringLiteral("csr"), dataOf(csr).value(QStringLiteral("csr"))},
         {QStringLiteral("common_name"), QStringLiteral("vault-workbench intermediate")},
         {QStringLiteral("format"), QStringLiteral("pem_bundle")},
         {QStringLiteral("ttl"), QStringLiteral("43800h")}});
    if (!ok(signedCert, QStringLiteral("sign intermediate with %1").arg(root), error))
        return false;
    if (!ok(client.post(inter + QStringLiteral("/intermediate/set-signed"),
                        {{QStringLiteral("certificate"),
                          dataOf(signedCert).value(QStringLiteral("certificate"))}}),
            QStringLiteral("set signed intermediate on %1").arg(inter), error))
        return false;
    ca->issueMount = inter;
    return true;
}

bool writePkiRole(ResourceTracker &created, VaultClient &client, const QString &mount,
                  PkiKeyType keyType, qint64 ttlMs, bool noStore, QString *error)
{
    QJsonObject role{{QStringLiteral("allowed_domains"), QJsonArray{QStringLiteral("bench.local")}},
                     {QStringLiteral("allow_subdomains"), true},
                     {QStringLiteral("ttl"), pkiSeconds(ttlMs)},
                     {QStringLiteral("max_ttl"), pkiSeconds(qMax(ttlMs, kRoleMinMaxTtlMs))},
                     {QStringLiteral("no_store"), noStore},
                     {QStringLiteral("generate_lease"), false}};
    putVaultKeyType(role, keyType);
    return created.writeRole(client, mount + QStringLiteral("/roles/bench"), role, error);
}

QByteArray jsonStringMember(const QByteArray &body, const QByteArray &key)
{
    const QByteArray quoted = '"' + key + '"';
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    for (qsizetype at = body.indexOf(quoted); at >= 0; at = body.indexOf(quoted, at + 1)) {
        qsizetype i = at + quoted.size();
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        if (i >= body.size() || body.at(i) != ':')
            continue; // the text as a value, not a member name
        ++i;
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        if (i >= body.size() || body.at(i) != '"')
            return {};
        const qsizetype start = i + 1;
        qsizetype end = start;
        while (end < body.size() && body.at(end) != '"') {
            if (body.at(end) == '\\')
                ++end;
            ++end;
        }
        return end < body.size() ? body.mid(start, end - start) : QByteArray();
    }
    return {};
}

bool isPkiSerial(const QByteArray &serial)
{
    if (serial.isEmpty())
        return false;
    for (const char c : serial) {
        const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex && c != ':' && c != '-')
            return false;
    }
    return true;
}

ErrorClass classifyCertificateResponse(const HttpResult &result)
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return isPkiSerial(jsonStringMember(result.body, QByteArrayLiteral("serial_number")))
               ? ErrorClass::None
               : ErrorClass::InvalidResponse;
}

} // namespace vw
