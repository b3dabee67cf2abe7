#include "import/vaultbenchmarkmapping.h"

namespace vw {

namespace {

VbField copy(const char *path, const char *param)
{
    return {QString::fromLatin1(path), QString::fromLatin1(param), VbConvert::Copy, {}};
}

VbField integer(const char *path, const char *param)
{
    return {QString::fromLatin1(path), QString::fromLatin1(param), VbConvert::Integer, {}};
}

VbField boolean(const char *path, const char *param)
{
    return {QString::fromLatin1(path), QString::fromLatin1(param), VbConvert::Boolean, {}};
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

/// The fields `names` (space-separated) under `prefix` ("role." or ""), left out for one
/// reason.
QList<VbDropped> leaveOut(const QString &prefix, const char *names, const char *why)
{
    QList<VbDropped> out;
    for (const QString &n : QString::fromLatin1(names).split(QLatin1Char(' '), Qt::SkipEmptyParts))
        out.append({prefix + n, QString::fromLatin1(why)});
    return out;
}

QList<VbDropped> leaveOut(const char *prefix, const char *names, const char *why)
{
    return leaveOut(QString::fromLatin1(prefix), names, why);
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
    m.fields = {integer("numkvs", "keys"), integer("kvsize", "payload_bytes")};
    m.vbDefaults = {{QStringLiteral("keys"), 1000}, {QStringLiteral("payload_bytes"), 1}};
    if (QByteArray(vbType).endsWith("_read"))
        m.note = QStringLiteral("vault-benchmark ignores kvsize on reads (it reads its tiny "
                                "seeded values); the workbench seeds and reads values of "
                                "payload_bytes");
    return m;
}

/// The role and token fields shared by the login types (vault-benchmark's docs/tests/auth-*.md).
void addTokenFields(VbTestMapping *m, const char *prefix)
{
    const QString p = QString::fromLatin1(prefix);
    // Ours are `ttl` and `type` (the login types' params, sent to Vault as token_ttl and
    // token_type): a profile key naming a token is refused as a possible secret.
    m->fields += {{p + QStringLiteral("token_ttl"), QStringLiteral("ttl"), VbConvert::Duration, {}},
                  {p + QStringLiteral("token_type"), QStringLiteral("type"), VbConvert::Copy, {}}};
    m->dropped += leaveOut(p,
                           "token_max_ttl token_explicit_max_ttl token_period token_num_uses "
                           "token_policies policies token_bound_cidrs token_no_default_policy",
                           "the workbench's role leaves the tokens' limits, policies and CIDRs "
                           "at Vault's defaults (the run measures the login and does not use "
                           "the token it gets)");
}

const char kTransitInputs[] =
    "the workbench sends its own input (random bytes of payload_bytes) to the key's latest "
    "version, batch_size items per request";

/// Transit: the key made in setup (`keys` block) and the request's block (`sign`, ...).
/// vault-benchmark's transit tests share one config: each reads `keys` and its own block.
VbTestMapping transit(const char *vbType, const char *block, bool signing)
{
    VbTestMapping m;
    m.vbType = QString::fromLatin1(vbType);
    m.type = m.vbType;
    const QString b = QString::fromLatin1(block);
    m.fields = {copy("keys.type", "key_type")};
    m.dropped = {drop("keys.name", kNamedByRun),
                 {b + QStringLiteral(".name"), QString::fromLatin1(kNamedByRun)}};
    m.dropped += leaveOut("keys.", "convergent_encryption derived",
                          "the workbench's key is neither derived nor convergent: its requests "
                          "carry no context");
    m.dropped += leaveOut("keys.", "exportable allow_plaintext_backup auto_rotate_period",
                          "the workbench's key is not exportable and not rotated during a run");
    m.dropped += leaveOut("keys.", "key_size", "the workbench's key has its type's size");
    m.dropped += leaveOut("keys.",
                          "managed_key_name managed_key_id parameter_set hybrid_key_type_ec "
                          "hybrid_key_type_pqc",
                          "the workbench makes a key of key_type itself (no managed, "
                          "post-quantum or hybrid keys)");
    // vault-benchmark makes an rsa-2048 key for every transit test when keys.type is absent
    m.vbDefaults = {{QStringLiteral("key_type"), QStringLiteral("rsa-2048")}};
    static const QMap<QString, const char *> requestFields = {
        {QStringLiteral("sign"), "key_version input reference batch_input context prehashed "
                                 "marshaling_algorithm salt_length"},
        {QStringLiteral("verify"), "input signature hmac reference batch_input context "
                                   "prehashed marshaling_algorithm salt_length"},
        {QStringLiteral("encrypt"), "plaintext associated_data context key_version nonce "
                                    "reference batch_input type convergent_encryption "
                                    "partial_failure_response_code"},
        {QStringLiteral("decrypt"), "ciphertext associated_data context nonce reference "
                                    "batch_input partial_failure_response_code"}};
    static const QMap<QString, const char *> algorithms = {
        {QStringLiteral("sign"), "hash_algorithm signature_algorithm"},
        {QStringLiteral("verify"), "hash_algorithm signature_algorithm"}};
    for (auto it = requestFields.cbegin(); it != requestFields.cend(); ++it) {
        const QString prefix = it.key() + QLatin1Char('.');
        if (it.key() == b) {
            m.dropped += leaveOut(prefix, it.value(), kTransitInputs);
            continue;
        }
        const QByteArray why = QStringLiteral("vault-benchmark's %1 does not read the %2 block")
                                   .arg(m.vbType, it.key())
                                   .toUtf8();
        m.dropped += leaveOut(prefix, it.value(), why.constData());
        m.dropped += leaveOut(prefix, "name", why.constData());
        if (algorithms.contains(it.key()))
            m.dropped += leaveOut(prefix, algorithms.value(it.key()), why.constData());
    }
    if (signing) {
        m.fields +=
            {copy(qPrintable(b + QStringLiteral(".hash_algorithm")), "hash_algorithm"),
             copy(qPrintable(b + QStringLiteral(".signature_algorithm")), "signature_algorithm")};
        m.dropped += drop("payload_len", "vault-benchmark signs the empty input whatever "
                                         "payload_len says; the workbench signs payload_bytes");
        m.dropped += drop("context_len", "only used by derived keys for encryption");
        m.note = QStringLiteral("vault-benchmark signs the empty input; the workbench signs "
                                "random bytes of payload_bytes (its default unless set)");
    } else {
        m.fields += integer("payload_len", "payload_bytes");
        m.vbDefaults.insert(QStringLiteral("payload_bytes"), 128);
        m.dropped += drop("context_len", "only used by derived keys, which the import does "
                                         "not make");
    }
    return m;
}

const char kPkiChain[] = "the workbench makes its own CA chain in setup";

/// The fields of a CA block of vault-benchmark's PKI tests (`root_ca`, `intermediate_csr`,
/// `intermediate_ca`): its code's and its docs' names (the docs call root_ca `root`).
QList<VbDropped> pkiChainFields()
{
    const char subject[] = "common_name alt_names ip_sans uri_sans other_sans format ou "
                           "organization country countrty locality province street_address "
                           "postal_code serial_number exclude_cn_from_sans ";
    QList<VbDropped> out;
    for (const char *root : {"root_ca.", "root."})
        out += leaveOut(root,
                        (QByteArray(subject)
                         + "type issuer_name key_name key_ref ttl private_key_format key_type "
                           "key_bits max_path_length permitted_dns_domains not_before_duration "
                           "not_after managed_key_name managed_key_id")
                            .constData(),
                        kPkiChain);
    out += leaveOut("intermediate_csr.",
                    (QByteArray(subject)
                     + "type private_key_format key_type key_bits key_name key_ref "
                       "signature_bits add_basic_constraints managed_key_name managed_key_id")
                        .constData(),
                    kPkiChain);
    out += leaveOut("intermediate_ca.",
                    (QByteArray(subject)
                     + "csr ttl max_path_length use_csr_values permitted_dns_domains "
                       "not_before_duration not_after signature_bits skid use_pss")
                        .constData(),
                    kPkiChain);
    return out;
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
    m.fields += boolean("role.no_store", "no_store");
    m.dropped = {drop("role.key_bits", kKeyBits), drop("role.name", kNamedByRun),
                 drop("setup_delay", "the workbench waits for new mounts itself")};
    m.dropped += leaveOut("role.",
                          "allow_any_name allow_subdomains allow_localhost allowed_domains "
                          "allowed_domain_template allowed_domains_template allow_bare_domains "
                          "allow_glob_domains allow_wildcard_certificates enforce_hostnames "
                          "allow_ip_sans allowed_uri_sans allowed_uri_sans_template "
                          "allowed_other_sans allowed_serial_numbers allowed_user_ids "
                          "cn_validations require_cn",
                          "the workbench's role allows its request names");
    m.dropped += leaveOut("role.",
                          "issuer_ref max_ttl server_flag client_flag code_signing_flag "
                          "email_protection_flag signature_bits use_pss key_usage ext_key_usage "
                          "ext_key_usage_oids use_csr_common_name use_csr_sans ou organization "
                          "country countrty locality province street_address postal_code "
                          "policy_identifiers basic_constraints_valid_for_non_ca "
                          "not_before_duration not_after",
                          "the workbench's role leaves the certificates' flags, usages and "
                          "subject at Vault's defaults");
    m.dropped += drop("role.generate_lease",
                      "the workbench's role has generate_lease false: Vault writes no lease "
                      "per certificate (with true it also stores one, which costs more)");
    m.dropped += pkiChainFields();
    const QString req = QString::fromLatin1(issue ? "issue." : "sign.");
    m.dropped += {{req + QStringLiteral("name"), QString::fromLatin1(kNamedByRun)},
                  {req + QStringLiteral("common_name"),
                   QStringLiteral("the workbench picks the certificates' names")}};
    m.dropped += leaveOut(req,
                          "alt_names ip_sans uri_sans other_sans ttl format exclude_cn_from_sans "
                          "not_after user_ids",
                          "the workbench's requests ask for one name and the role's TTL");
    if (issue)
        m.dropped +=
            leaveOut(req, "private_key_format", "the workbench takes Vault's default key format");
    else {
        m.dropped += leaveOut(req, "remove_roots_from_chain remove_root_from_chain",
                              "the workbench takes Vault's default chain");
        m.dropped += drop("sign.csr", "the workbench signs CSRs of key_type it makes in setup "
                                      "(vault-benchmark makes one RSA-2048 CSR unless csr is "
                                      "given)");
    }
    // Vault's default for a role without key_type is RSA-2048, and vault-benchmark's role TTL 5m
    m.vbDefaults = {{QStringLiteral("key_type"), QStringLiteral("rsa-2048")},
                    {QStringLiteral("ttl"), QStringLiteral("5m")}};
    return m;
}

/// The SSH role and CA fields of vault-benchmark's ssh_issue and ssh_sign.
QList<VbDropped> sshRoleFields()
{
    QList<VbDropped> out = {drop("role.name", kNamedByRun)};
    out += leaveOut("role.",
                    "default_user allowed_users default_user_template allowed_users_template "
                    "allowed_domains allowed_domains_template allow_bare_domains "
                    "allow_subdomains cidr_list exclude_cidr_list port admin_user "
                    "install_script key_option_specs key",
                    "the workbench's role sets its own user");
    out += leaveOut("role.",
                    "key_type allow_user_certificates allow_host_certificates "
                    "allow_user_key_ids key_id_format allowed_user_key_lengths "
                    "algorithm_signer key_bits",
                    "the workbench's role is a CA role (key_type ca) that signs user "
                    "certificates (allow_user_certificates true), Vault's defaults otherwise");
    out += leaveOut("role.",
                    "ttl max_ttl not_before_duration allowed_critical_options allowed_extensions "
                    "default_critical_options default_extensions",
                    "the workbench's role takes the certificates' ttl from the operation and "
                    "Vault's defaults otherwise");
    out += leaveOut("ca.", "private_key public_key",
                    "the workbench's CA key is generated by Vault in setup");
    out += drop("ca.generate_signing_key", "the workbench's CA is always generated");
    out += drop("ca.key_bits", kKeyBits);
    return out;
}

QMap<QString, VbKeyValue> sshCaKeyTypes()
{
    // vault-benchmark: the CA is RSA with Vault's 4096 bits unless key_bits says otherwise
    return {{QStringLiteral("rsa"), {QStringLiteral("rsa-%1"), 4096}},
            {QStringLiteral("ssh-rsa"), {QStringLiteral("rsa-%1"), 4096}},
            {QStringLiteral("ed25519"), {QStringLiteral("ed25519"), 0}},
            {QStringLiteral("ssh-ed25519"), {QStringLiteral("ed25519"), 0}}};
}

const char kSshCertFields[] = "valid_principals cert_type key_id critical_options extensions";

QList<VbTestMapping> buildMappings()
{
    QList<VbTestMapping> t;
    t << kv("kvv1_read", "kv1_read") << kv("kvv1_write", "kv1_write") << kv("kvv2_read", "kv2_read")
      << kv("kvv2_write", "kv2_write");
    {
        VbTestMapping m; // OpenBao's fork: LIST of the seeded keys
        m.vbType = QStringLiteral("kvv2_list");
        m.type = QStringLiteral("kv2_list");
        m.fields = {integer("numkvs", "keys")};
        m.dropped = {drop("kvsize", "a LIST returns key names, not values")};
        m.vbDefaults = {{QStringLiteral("keys"), 1000}};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("approle_auth");
        m.type = QStringLiteral("approle_login");
        addTokenFields(&m, "role.");
        m.fields += duration("role.secret_id_ttl", "secret_id_ttl");
        m.dropped += drop("role.role_name", kNamedByRun);
        m.dropped += drop("role.bind_secret_id",
                          "the workbench's logins always send a role_id and a secret_id "
                          "(bind_secret_id true, vault-benchmark's default)");
        m.dropped += leaveOut("role.", "secret_id_bound_cidrs secret_id_num_uses local_secret_ids",
                              "the workbench's role leaves the secret IDs' CIDRs, use limit "
                              "and locality at Vault's defaults");
        m.dropped += leaveOut("secret_id.", "metadata cidr_list num_uses token_bound_cidrs ttl",
                              "the workbench makes its secret IDs itself: no metadata, CIDRs "
                              "or use limit, and the role's secret_id_ttl");
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("userpass_auth");
        m.type = QStringLiteral("userpass_login");
        addTokenFields(&m, "");
        m.dropped += {drop("username", kNamedByRun),
                      drop("password", "the workbench makes a random password in setup (the "
                                       "config's is not copied)")};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("ldap_auth");
        m.type = QStringLiteral("ldap_login");
        addTokenFields(&m, "auth.");
        const char *dir = "the directory is the profile's `connection` param: \"slapd\" (the "
                          "local target's, `target up --with slapd`) or ldap://HOST:PORT/BASEDN "
                          "with bind_dn, password_file and users_file; a password never sits in "
                          "a profile";
        m.dropped += leaveOut("auth.", "url binddn bindpass userdn groupdn", dir);
        m.dropped += leaveOut("auth.",
                              "userattr groupattr groupfilter userfilter upndomain discoverdn "
                              "deny_null_bind anonymous_group_search case_sensitive_names "
                              "username_as_alias max_page_size request_timeout",
                              "the workbench's method searches uid under ou=users and groups "
                              "(memberUid, member, uniqueMember) under ou=groups, with Vault's "
                              "other defaults (docs/profile-format.md \"LDAP\")");
        m.dropped += leaveOut("auth.",
                              "starttls tls_min_version tls_max_version insecure_tls certificate "
                              "client_tls_cert client_tls_key",
                              "the workbench's directory is plain ldap:// on loopback (no TLS)");
        m.dropped += leaveOut("test_user.", "username password",
                              "each VU logs in as its own user of the directory (VU v: user v "
                              "mod N), not one configured user");
        m.dropped += leaveOut("role.", "username password",
                              "each VU logs in as its own user of the directory (VU v: user v "
                              "mod N), not one configured user");
        m.note = QStringLiteral("connection: slapd (the local target's directory, `target up dev "
                                "--with slapd`); vault-benchmark logs every request in as one "
                                "user, the workbench's VUs each as their own. OpenBao 2.7's "
                                "binary has no ldap auth method (openbao-plugins has it)");
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("cert_auth");
        m.type = QStringLiteral("cert_login");
        addTokenFields(&m, "");
        m.dropped += drop("name", kNamedByRun);
        m.dropped += drop("certificate", "the workbench's role trusts the target's client "
                                         "certificate (target.client_cert)");
        m.dropped += leaveOut("",
                              "allowed_names allowed_common_names allowed_dns_sans "
                              "allowed_email_sans allowed_uri_sans allowed_organizational_units "
                              "required_extensions allowed_metadata_extensions display_name",
                              "the workbench's certificate role constrains nothing beyond its "
                              "own CA");
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
                    duration("issued_cert.ttl", "ttl"),
                    keyType("ca.key_type", "ca_key_type", sshCaKeyTypes())};
        m.dropped = {drop("issued_cert.key_bits", kKeyBits), drop("issued_cert.name", kNamedByRun)};
        m.dropped += leaveOut("issued_cert.", kSshCertFields,
                              "the workbench's requests take the role's user and Vault's "
                              "defaults");
        m.dropped += sshRoleFields();
        m.vbDefaults = {{QStringLiteral("key_type"), QStringLiteral("rsa-2048")}};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("ssh_sign");
        m.type = QStringLiteral("ssh_sign");
        m.fields = {keyType("ca.key_type", "ca_key_type", sshCaKeyTypes()),
                    duration("key_signing.ttl", "ttl")};
        m.dropped = sshRoleFields();
        m.dropped += leaveOut("key_signing.", kSshCertFields,
                              "the workbench's requests take the role's user and Vault's "
                              "defaults");
        m.dropped += drop("key_signing.public_key",
                          "the workbench signs a pool of client keys of client_key_type");
        m.note = QStringLiteral("vault-benchmark signs one RSA-4096 client key with a CA that "
                                "is RSA-4096 unless ca.key_type says otherwise; the workbench "
                                "signs a pool of client keys of client_key_type, and without "
                                "ca.key_type uses its own default ca_key_type");
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("totp_generate");
        m.type = m.vbType;
        m.fields = {copy("algorithm", "algorithm"), integer("digits", "digits")};
        m.dropped = {drop("key_name", kNamedByRun), drop("issuer", kNamedByRun),
                     drop("account_name", kNamedByRun),
                     drop("generate", "the workbench's key is always generated by Vault"),
                     drop("period", "the workbench's key has Vault's default period, 30 s "
                                    "(also vault-benchmark's default)")};
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("postgresql_secret");
        m.type = QStringLiteral("db_postgres_creds");
        m.fields = {duration("role.default_ttl", "ttl"),
                    integer("db_connection.max_open_connections", "max_open_connections")};
        const char *conn = "the connection is the profile's `connection` param: \"postgres\" "
                           "(the local target's, `target up --with postgres`) or a URL with "
                           "password_file; a password never sits in a profile";
        m.dropped = {drop("db_connection.connection_url", conn),
                     drop("db_connection.username", conn),
                     drop("db_connection.password", conn),
                     drop("db_connection.name", kNamedByRun),
                     drop("role.name", kNamedByRun),
                     drop("role.db_name", kNamedByRun),
                     drop("db_connection.allowed_roles", kNamedByRun)};
        m.dropped += leaveOut("db_connection.",
                              "plugin_name plugin_version verify_connection "
                              "root_rotation_statements password_policy max_idle_connections "
                              "max_connection_lifetime username_template disable_escaping",
                              "the workbench's connection uses postgresql-database-plugin with "
                              "OpenBao's defaults and verify_connection on");
        m.dropped += leaveOut("role.",
                              "creation_statements revocation_statements rollback_statements "
                              "renew_statements rotation_statements",
                              "the workbench's role runs CREATE ROLE ... LOGIN PASSWORD ... "
                              "VALID UNTIL and DROP ROLE (docs/profile-format.md, \"Database "
                              "secrets\")");
        m.dropped += drop("role.max_ttl", "the workbench's ttl is both default_ttl and max_ttl");
        m.note = QStringLiteral("connection: postgres (the local target's PostgreSQL, `target up "
                                "dev --with postgres`); for your own server set connection: "
                                "postgresql://USER@HOST:PORT/DB and password_file. Leases are "
                                "not revoked per request unless revoke: true (vault-benchmark "
                                "leaves them to expire)");
        t << m;
    }
    for (const char *vbType : {"ldap_dynamic_secret", "ldap_static_secret"}) {
        const bool dynamic = QLatin1String(vbType) == QLatin1String("ldap_dynamic_secret");
        VbTestMapping m;
        m.vbType = QString::fromLatin1(vbType);
        m.type =
            dynamic ? QStringLiteral("ldap_dynamic_creds") : QStringLiteral("ldap_static_read");
        m.dropped += leaveOut("secret.", "url binddn bindpass",
                              "the directory is the profile's `connection` param: \"slapd\" (the "
                              "local target's, `target up --with slapd`) or "
                              "ldap://HOST:PORT/BASEDN with bind_dn and password_file; a "
                              "password never sits in a profile");
        m.dropped += leaveOut("secret.",
                              "password_policy schema userdn userattr upndomain "
                              "connection_timeout request_timeout",
                              "the workbench's engine uses schema openldap with Vault's default "
                              "password policy and timeouts (docs/profile-format.md \"LDAP\")");
        m.dropped +=
            leaveOut("secret.", "starttls insecure_tls certificate client_tls_cert client_tls_key",
                     "the workbench's directory is plain ldap:// on loopback (no TLS)");
        if (dynamic) {
            m.fields = {duration("role.default_ttl", "ttl")};
            m.dropped += drop("role.role_name", kNamedByRun);
            m.dropped +=
                leaveOut("role.", "creation_ldif deletion_ldif rollback_ldif username_template",
                         "the workbench's role adds uid=<name>,ou=dynamic,<base> "
                         "(inetOrgPerson) and deletes it at revocation "
                         "(docs/profile-format.md \"LDAP\")");
            m.dropped +=
                drop("role.max_ttl", "the workbench's ttl is both default_ttl and max_ttl");
            m.note = QStringLiteral("connection: slapd (the local target's directory, `target up "
                                    "dev --with slapd`). Leases are not revoked per request "
                                    "unless revoke: true (vault-benchmark leaves them to "
                                    "expire). OpenBao 2.7's binary has no LDAP secrets engine "
                                    "(OpenBao 2.6 and openbao-plugins have it)");
        } else {
            m.dropped += leaveOut("role.", "username dn rotation_period",
                                  "the workbench's static role is on a seeded account, "
                                  "uid=svc<i>,ou=services,<base>, rotated every 24h");
            m.note = QStringLiteral("connection: slapd (the local target's directory, `target up "
                                    "dev --with slapd`). OpenBao 2.7's binary has no LDAP "
                                    "secrets engine (OpenBao 2.6 and openbao-plugins have it)");
        }
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("mysql_secret");
        m.type = QStringLiteral("db_mysql_creds");
        m.fields = {duration("role.default_ttl", "ttl"),
                    integer("db_connection.max_open_connections", "max_open_connections")};
        const char *conn = "the connection is the profile's `connection` param: \"mariadb\" "
                           "(the local target's, `target up --with mariadb`) or a URL with "
                           "password_file; a password never sits in a profile";
        m.dropped = {drop("db_connection.connection_url", conn),
                     drop("db_connection.username", conn),
                     drop("db_connection.password", conn),
                     drop("db_connection.name", kNamedByRun),
                     drop("role.name", kNamedByRun),
                     drop("role.db_name", kNamedByRun),
                     drop("db_connection.allowed_roles", kNamedByRun)};
        m.dropped += leaveOut("db_connection.",
                              "plugin_name plugin_version verify_connection "
                              "root_rotation_statements password_policy max_idle_connections "
                              "max_connection_lifetime username_template disable_escaping "
                              "tls_certificate_key tls_ca tls_server_name tls_skip_verify",
                              "the workbench's connection uses mysql-database-plugin without TLS, "
                              "with OpenBao's defaults and verify_connection on");
        m.dropped += leaveOut("role.", "creation_statements revocation_statements",
                              "the workbench's role runs CREATE USER ... IDENTIFIED BY, GRANT "
                              "SELECT and DROP USER (docs/profile-format.md, \"Database "
                              "secrets\")");
        m.dropped += drop("role.max_ttl", "the workbench's ttl is both default_ttl and max_ttl");
        m.note = QStringLiteral("connection: mariadb (the local target's MariaDB, `target up "
                                "dev --with mariadb`); for your own server set connection: "
                                "mysql://USER@HOST:PORT and password_file. Leases are not "
                                "revoked per request unless revoke: true (vault-benchmark "
                                "leaves them to expire)");
        t << m;
    }
    // Redis (redis-database-plugin): the connection fields both Redis tests read.
    const auto redisConnectionDropped = [](const char *docsOnly) {
        const char *conn = "the connection is the profile's `connection` param: \"redis\" "
                           "(the local target's, `target up --with redis`) or a URL with "
                           "password_file; a password never sits in a profile";
        QList<VbDropped> d = {drop("db_connection.host", conn),
                              drop("db_connection.port", conn),
                              drop("db_connection.username", conn),
                              drop("db_connection.password", conn),
                              drop("db_connection.name", kNamedByRun),
                              drop("db_connection.allowed_roles", kNamedByRun),
                              drop("role.name", kNamedByRun),
                              drop("role.db_name", kNamedByRun)};
        d += leaveOut("db_connection.",
                      "plugin_name plugin_version verify_connection password_policy tls "
                      "insecure_tls ca_cert",
                      "the workbench's connection uses redis-database-plugin without TLS, with "
                      "OpenBao's defaults and verify_connection on");
        if (docsOnly)
            d += leaveOut("", docsOnly,
                          "only vault-benchmark's docs example has it; its code reads no such "
                          "field");
        return d;
    };
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("redis_dynamic_secret");
        m.type = QStringLiteral("db_redis_creds");
        m.fields = {duration("role.default_ttl", "ttl")};
        m.dropped = redisConnectionDropped("db_connection.db_name role.role_name");
        m.dropped +=
            drop("role.creation_statements", "the workbench's role gives ACL rules ~vwb:* +@read "
                                             "(docs/profile-format.md, \"Database secrets\")");
        m.dropped += drop("role.max_ttl", "the workbench's ttl is both default_ttl and max_ttl");
        m.note = QStringLiteral("connection: redis (the local target's Redis, `target up dev "
                                "--with redis`); for your own server set connection: "
                                "redis://USER@HOST:PORT and password_file. Leases are not "
                                "revoked per request unless revoke: true (vault-benchmark "
                                "leaves them to expire)");
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("redis_static_secret");
        m.type = QStringLiteral("db_redis_static_read");
        m.dropped = redisConnectionDropped(nullptr);
        m.dropped += {drop("role.username", "the workbench's static role manages an ACL user "
                                            "it creates at setup (<prefix>-static-<i>)"),
                      drop("role.rotation_period", "the workbench's static role rotates every "
                                                   "24 h (reads do not depend on it)"),
                      drop("role.insecure_tls", "the workbench's connection uses no TLS")};
        m.note = QStringLiteral("connection: redis (the local target's Redis, `target up dev "
                                "--with redis`); for your own server set connection: "
                                "redis://USER@HOST:PORT and password_file");
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("seal_status");
        m.type = QStringLiteral("sys_seal_status");
        t << m;
    }
    {
        VbTestMapping m;
        m.vbType = QStringLiteral("jwt_auth");
        m.type = QStringLiteral("jwt_login");
        addTokenFields(&m, "role.");
        m.dropped += leaveOut("auth.",
                              "oidc_discovery_url oidc_discovery_ca_pem oidc_client_id "
                              "oidc_client_secret oidc_response_mode oidc_response_types "
                              "jwks_url jwks_ca_pem jwt_validation_pubkeys bound_issuer "
                              "jwt_supported_algs default_role provider_config "
                              "namespace_in_state",
                              "the workbench signs its own JWTs with a key made at setup and "
                              "configures jwt_validation_pubkeys with it: no identity "
                              "provider, JWKS or OIDC discovery is used");
        m.dropped += drop("role.name", kNamedByRun);
        m.dropped += leaveOut("role.",
                              "role_type bound_audiences user_claim user_claim_json_pointer "
                              "clock_skew_leeway expiration_leeway not_before_leeway "
                              "bound_subject bound_claims bound_claims_type groups_claim "
                              "claim_mappings oidc_scopes allowed_redirect_uris "
                              "verbose_oidc_logging max_age",
                              "the workbench's role is a jwt role bound to its own audience "
                              "and issuer, user_claim sub (one subject per VU), Vault's "
                              "default leeways");
        m.note = QStringLiteral("vault-benchmark signs one ES256 JWT at setup for every "
                                "login; the workbench's VUs each sign their own (algorithm "
                                "ES256, one per VU; fresh_jwt: true signs one per request)");
        t << m;
    }
    for (const char *vbType : {"cubbyhole_read", "cubbyhole_write"}) {
        VbTestMapping m;
        m.vbType = QString::fromLatin1(vbType);
        m.type = m.vbType;
        m.dropped += drop("path", "the workbench writes key-0 .. key-(keys-1) in the cubbyhole "
                                  "of a token it makes at setup");
        m.vbDefaults = {{QStringLiteral("keys"), 1}, {QStringLiteral("payload_bytes"), 3}};
        m.note = QStringLiteral("vault-benchmark uses the cubbyhole of its own token; the "
                                "workbench uses that of a token made at setup, revoked (and "
                                "its cubbyhole with it) at cleanup");
        t << m;
    }
    {
        // vault-benchmark's identity test: its `workload` picks the operation type.
        const char kAliases[] = "the workbench makes entities without aliases";
        const char kPolicies[] = "the workbench attaches no policies to its entities and groups";
        auto identity = [&](const char *type, QStringList workloads, bool byDefault) {
            VbTestMapping m;
            m.vbType = QStringLiteral("identity");
            m.type = QString::fromLatin1(type);
            m.selectField = QStringLiteral("workload");
            m.selectValues = std::move(workloads);
            m.selectDefault = byDefault;
            m.fields = {integer("entity_count", "entities")};
            m.vbDefaults = {{QStringLiteral("entities"), 1000}};
            m.dropped += drop("workload", "picks the operation type");
            m.dropped += leaveOut("", "alias_count login_users", kAliases);
            m.dropped += leaveOut("aliases.", "preset count size", kAliases);
            m.dropped += drop("policy_count", kPolicies);
            m.dropped += leaveOut("policies.", "preset count size", kPolicies);
            return m;
        };
        VbTestMapping groups =
            identity("identity_group_lookup", {QStringLiteral("group_read")}, false);
        groups.fields += integer("group_count", "groups");
        groups.dropped += leaveOut("groups.", "preset count size",
                                   "the workbench spreads the entities evenly over the groups "
                                   "(vault-benchmark's balanced preset)");
        t << groups;
        VbTestMapping entities = identity(
            "identity_entity_lookup", {QStringLiteral("populate"), QStringLiteral("login")}, true);
        entities.dropped += drop("group_count", "an entity lookup makes no groups");
        entities.dropped +=
            leaveOut("groups.", "preset count size", "an entity lookup makes no groups");
        entities.note = QStringLiteral(
            "vault-benchmark's populate workload only seeds (its timed request is sys/health) and "
            "its login workload logs in as userpass users whose aliases resolve to the seeded "
            "entities; the workbench reads the seeded entities (userpass_login measures a login)");
        t << entities;
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

const VbTestMapping *findVaultBenchmarkMapping(const QString &vbType, const QString &selectValue)
{
    for (const VbTestMapping &m : vaultBenchmarkMappings())
        if (m.vbType == vbType
            && (selectValue.isNull() ? m.selectDefault : m.selectValues.contains(selectValue)))
            return &m;
    return nullptr;
}

QStringList workbenchOnlyTypes()
{
    return {QStringLiteral("sys_health"),
            QStringLiteral("transit_hmac"),
            QStringLiteral("pki_revoke"),
            QStringLiteral("pki_crl_read"),
            QStringLiteral("token_create"),
            QStringLiteral("token_lookup_self"),
            QStringLiteral("token_renew_self"),
            QStringLiteral("kv2_metadata_read"),
            QStringLiteral("totp_validate"),
            QStringLiteral("sys_leader"),
            QStringLiteral("identity_entity_create"),
            QStringLiteral("identity_group_create"),
            QStringLiteral("wrap"),
            QStringLiteral("unwrap")};
}

} // namespace vw
