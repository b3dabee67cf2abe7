#include "import/vaultbenchmarkmapping.h"

namespace vw {

namespace {

VbField copy(const char *path, const char *param)
{
    return {QString::fromLatin1(path), QString::fromLatin1(param), VbConvert::Copy, {}};
}

VbField duration(const char *path, const char *param)
{
    return {QString::fromLatin1(path), QString::fromLatin1(param), VbConvert::Duration, {}};
}

VbField keyType(const char *path, const char *param, QMap<QString, VbKeyValue> values)
{
    return {QString::fromLatin1(path), QString::fromLatin1(param), VbConvert::KeyType,
            std::move(values)};
}

VbDropped drop(const char *path, const char *why)
{
    return {QString::fromLatin1(path), QString::fromLatin1(why)};
}

const char kNamedByRun[] = "the workbench names what it creates under the run prefix";
const char kKeyBits[] = "read with key_type";

/// KV v1 and v2: numkvs and kvsize, with vault-benchmark's defaults (1000 keys of 1 byte).
/// vault-benchmark ignores kvsize on reads; the workbench seeds values of that size.
VbTestMapping kv(const char *vbType, const char *type)
{
    VbTestMapping m;
    m.vbType = QString::fromLatin1(vbType);
    m.type = QString::fromLatin1(type);
    m.fields = {copy("numkvs", "keys"), copy("kvsize", "payload_bytes")};
    m.vbDefaults = {{QStringLiteral("keys"), 1000}, {QStringLiteral("payload_bytes"), 1}};
    if (QByteArray(vbType).endsWith("_read"))
        m.note = QStringLiteral("vault-benchmark ignores kvsize on reads (it reads its tiny "
                                "seeded values); the workbench seeds and reads values of "
                                "payload_bytes");
    return m;
}

/// The role and token fields shared by the login types.
QList<VbField> tokenFields(const char *prefix)
{
    const QString p = QString::fromLatin1(prefix);
    // Ours are `ttl` and `type` (the login types' params, sent to Vault as token_ttl and
    // token_type): a profile key naming a token is refused as a possible secret.
    return {{p + QStringLiteral("token_ttl"), QStringLiteral("ttl"), VbConvert::Duration, {}},
            {p + QStringLiteral("token_type"), QStringLiteral("type"), VbConvert::Copy, {}}};
}

/// Transit: the key made in setup (`keys` block) and the request's block (`sign`, ...).
VbTestMapping transit(const char *vbType, const char *block, bool signing)
{
    VbTestMapping m;
    m.vbType = QString::fromLatin1(vbType);
    m.type = m.vbType;
    const QString b = QString::fromLatin1(block);
    m.fields = {copy("keys.type", "key_type")};
    m.dropped = {drop("keys.name", kNamedByRun), {b + QStringLiteral(".name"),
                                                   QString::fromLatin1(kNamedByRun)}};
    // vault-benchmark makes an rsa-2048 key for every transit test when keys.type is absent
    m.vbDefaults = {{QStringLiteral("key_type"), QStringLiteral("rsa-2048")}};
    if (signing) {
        m.fields += {copy(qPrintable(b + QStringLiteral(".hash_algorithm")), "hash_algorithm"),
                     copy(qPrintable(b + QStringLiteral(".signature_algorithm")),
                          "signature_algorithm")};
        m.dropped += drop("payload_len", "vault-benchmark signs the empty input whatever "
                                         "payload_len says; the workbench signs payload_bytes");
        m.dropped += drop("context_len", "only used by derived keys for encryption");
        m.note = QStringLiteral("vault-benchmark signs the empty input; the workbench signs "
                                "random bytes of payload_bytes (its default unless set)");
    } else {
        m.fields += copy("payload_len", "payload_bytes");
        m.vbDefaults.insert(QStringLiteral("payload_bytes"), 128);
        m.dropped += drop("context_len", "only used by derived keys, which the import does "
                                         "not make");
    }
    return m;
}

/// PKI issue and sign: the role's key type, TTL and no_store; the CA chain is the
/// workbench's own.
VbTestMapping pki(const char *vbType, bool issue)
{
    VbTestMapping m;
    m.vbType = QString::fromLatin1(vbType);
    m.type = m.vbType;
    m.fields = {keyType("role.key_type", "key_type",
                        {{QStringLiteral("rsa"), {QStringLiteral("rsa-%1"), 2048}},
                         {QStringLiteral("ec"), {QStringLiteral("ec-%1"), 256}},
                         {QStringLiteral("ed25519"), {QStringLiteral("ed25519"), 0}}}),
                duration("role.ttl", "ttl")};
    if (issue)
        m.fields += copy("role.no_store", "no_store");
    m.dropped = {drop("role.key_bits", kKeyBits),
                 drop("role.name", kNamedByRun),
                 drop("role.allow_any_name", "the workbench's role allows its request names"),
                 drop("role.allow_subdomains", "the workbench's role allows its request names"),
                 drop("setup_delay", "the workbench waits for new mounts itself"),
                 drop("root_ca.*", "the workbench makes its own CA chain in setup"),
                 drop("intermediate_csr.*", "the workbench makes its own CA chain in setup"),
                 drop("intermediate_ca.*", "the workbench makes its own CA chain in setup"),
                 drop(issue ? "issue.common_name" : "sign.common_name",
                      "the workbench picks the certificates' names")};
    // Vault's default for a role without key_type is RSA-2048, and vault-benchmark's role TTL 5m
    m.vbDefaults = {{QStringLiteral("key_type"), QStringLiteral("rsa-2048")},
                    {QStringLiteral("ttl"), QStringLiteral("5m")}};
    return m;
}

QList<VbTestMapping> buildMappings()
{
    QList<VbTestMapping> t;
    t << kv("kvv1_read", "kv1_read") << kv("kvv1_write", "kv1_write")
      << kv("kvv2_read", "kv2_read") << kv("kvv2_write", "kv2_write");
    {
        VbTestMapping m;   // OpenBao's fork: LIST of the seeded keys
        m.vbType = QStringLiteral("kvv2_list");
        m.type = QStringLiteral("kv2_list");
        m.fields = {copy("numkvs", "keys")};
        m.dropped = {drop("kvsize", "a LIST returns key names, not values")};
        m.vbDefaults = {{QStringLiteral("keys"), 1000}};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("approle_auth");
        m.type = QStringLiteral("approle_login");
        m.fields = tokenFields("role.");
        m.fields += duration("role.secret_id_ttl", "secret_id_ttl");
        m.dropped = {drop("role.role_name", kNamedByRun)};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("userpass_auth");
        m.type = QStringLiteral("userpass_login");
        m.fields = tokenFields("");
        m.dropped = {drop("username", kNamedByRun),
                     drop("password", "the workbench makes a random password in setup (the "
                                      "config's is not copied)")};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("cert_auth");
        m.type = QStringLiteral("cert_login");
        m.fields = tokenFields("");
        m.dropped = {drop("name", kNamedByRun)};
        t << m;
    }
    t << transit("transit_sign", "sign", true) << transit("transit_verify", "verify", true)
      << transit("transit_encrypt", "encrypt", false)
      << transit("transit_decrypt", "decrypt", false);
    t << pki("pki_issue", true) << pki("pki_sign", false);
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("ssh_issue");
        m.type = QStringLiteral("ssh_issue");
        // vault-benchmark: issued keys default to RSA (2048 bits, Vault's default)
        m.fields = {keyType("issued_cert.key_type", "key_type",
                            {{QStringLiteral("rsa"), {QStringLiteral("rsa-%1"), 2048}},
                             {QStringLiteral("ed25519"), {QStringLiteral("ed25519"), 0}},
                             {QStringLiteral("ec"), {QStringLiteral("ecdsa-p%1"), 256}}}),
                    duration("issued_cert.ttl", "ttl")};
        m.dropped = {drop("issued_cert.key_bits", kKeyBits), drop("issued_cert.name", kNamedByRun),
                     drop("role.name", kNamedByRun),
                     drop("role.default_user", "the workbench's role sets its own user"),
                     drop("role.allowed_users", "the workbench's role sets its own user")};
        m.vbDefaults = {{QStringLiteral("key_type"), QStringLiteral("rsa-2048")}};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("ssh_sign");
        m.type = QStringLiteral("ssh_sign");
        // vault-benchmark: the CA is RSA with Vault's 4096 bits unless key_bits says otherwise
        m.fields = {keyType("ca.key_type", "ca_key_type",
                            {{QStringLiteral("rsa"), {QStringLiteral("rsa-%1"), 4096}},
                             {QStringLiteral("ssh-rsa"), {QStringLiteral("rsa-%1"), 4096}},
                             {QStringLiteral("ed25519"), {QStringLiteral("ed25519"), 0}},
                             {QStringLiteral("ssh-ed25519"), {QStringLiteral("ed25519"), 0}}}),
                    duration("key_signing.ttl", "ttl")};
        m.dropped = {drop("ca.key_bits", kKeyBits),
                     drop("ca.generate_signing_key", "the workbench's CA is always generated"),
                     drop("role.name", kNamedByRun),
                     drop("role.default_user", "the workbench's role sets its own user"),
                     drop("role.allowed_users", "the workbench's role sets its own user"),
                     drop("key_signing.valid_principals", "the workbench's role sets its own user")};
        m.note = QStringLiteral("vault-benchmark signs one RSA-4096 client key with a CA that "
                                "is RSA-4096 unless ca.key_type says otherwise; the workbench "
                                "signs a pool of client keys of client_key_type, and without "
                                "ca.key_type uses its own default ca_key_type");
        t << m;
    }
    for (const char *op : {"totp_generate"}) {
        VbTestMapping m;
        m.vbType = QString::fromLatin1(op);
        m.type = m.vbType;
        m.dropped = {drop("key_name", kNamedByRun), drop("issuer", kNamedByRun),
                     drop("account_name", kNamedByRun),
                     drop("generate", "the workbench's key is always generated by Vault")};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("seal_status");
        m.type = QStringLiteral("sys_seal_status");
        t << m;
    }
    return t;
}

} // namespace

const QList<VbTestMapping> &vaultBenchmarkMappings()
{
    static const QList<VbTestMapping> table = buildMappings();
    return table;
}

const VbTestMapping *findVaultBenchmarkMapping(const QString &vbType)
{
    for (const VbTestMapping &m : vaultBenchmarkMappings())
        if (m.vbType == vbType)
            return &m;
    return nullptr;
}

QStringList workbenchOnlyTypes()
{
    return {QStringLiteral("sys_health"), QStringLiteral("transit_hmac"),
            QStringLiteral("pki_revoke"), QStringLiteral("pki_crl_read"),
            QStringLiteral("token_create"), QStringLiteral("token_lookup_self"),
            QStringLiteral("token_renew_self"), QStringLiteral("kv2_metadata_read"),
            QStringLiteral("totp_validate"), QStringLiteral("sys_leader")};
}

} // namespace vw
