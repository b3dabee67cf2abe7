#include "ops/sshissue.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

namespace {

/// The key pairs a profile may ask the server to generate: profile name -> API fields.
struct IssueKeyType {
    const char *name;
    const char *apiType;
    int bits;
};
constexpr IssueKeyType kIssueKeyTypes[] = {{"ed25519", "ed25519", 0}, {"rsa-2048", "rsa", 2048},
                                           {"rsa-3072", "rsa", 3072}, {"rsa-4096", "rsa", 4096},
                                           {"ecdsa-p256", "ec", 256}, {"ecdsa-p384", "ec", 384},
                                           {"ecdsa-p521", "ec", 521}};

QStringList issueKeyTypeNames()
{
    QStringList out;
    for (const IssueKeyType &k : kIssueKeyTypes)
        out << QString::fromLatin1(k.name);
    return out;
}

} // namespace

std::optional<SshIssueParams> SshIssueParams::from(const OpParams &params)
{
    const std::optional<SshKeyType> ca = sshKeyType(params.text(QStringLiteral("ca_key_type")));
    if (!ca)
        return std::nullopt;
    const QString name = params.text(QStringLiteral("key_type"));
    for (const IssueKeyType &k : kIssueKeyTypes) {
        if (name == QLatin1String(k.name)) {
            SshIssueParams p;
            p.caKeyType = *ca;
            p.keyType = QString::fromLatin1(k.apiType);
            p.keyBits = k.bits;
            p.ttlMs = params.durationMs(QStringLiteral("ttl"));
            return p;
        }
    }
    return std::nullopt;
}

bool SshIssueOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount =
        setupSshCa(m_created, client, ctx, m_params.caKeyType, m_params.ttlMs, error);
    if (mount.isEmpty())
        return false;
    m_path = "/v1/" + mount.toUtf8() + "/issue/bench";
    QJsonObject body{{QStringLiteral("key_type"), m_params.keyType},
                     {QStringLiteral("valid_principals"), QStringLiteral("bench")},
                     {QStringLiteral("ttl"), sshSeconds(m_params.ttlMs)}};
    if (m_params.keyBits > 0)
        body.insert(QStringLiteral("key_bits"), m_params.keyBits);
    m_body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return true;
}

HttpRequest SshIssueOperation::nextRequest(VuState &) const
{
    return {QByteArrayLiteral("POST"), m_path, m_body};
}

ErrorClass SshIssueOperation::classify(const HttpResult &result) const
{
    return classifySshCertificate(result);
}

QString SshIssueOperation::aclRules() const
{
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"update\"]\n}\n")
        .arg(QString::fromUtf8(m_path.mid(4))); // without "/v1/"
}

OperationType sshIssueType()
{
    OperationType t;
    t.name = QStringLiteral("ssh_issue");
    t.group = OperationGroup::Ssh;
    t.description = QStringLiteral("SSH CA: the server generates a key pair of `key_type` and "
                                   "signs it (private key returned)");
    t.request = QStringLiteral("POST /v1/<mount>/issue/bench");
    t.setup = QStringLiteral("an SSH mount, its CA key of `ca_key_type` (`config/ca`), a role "
                             "`bench`");
    const QStringList keyTypes = issueKeyTypeNames();
    t.params = {
        sshCaKeyTypeParam(),
        choiceParam(QStringLiteral("key_type"), keyTypes, keyTypes.first(),
                    QStringLiteral("the key pair the server generates for each request")),
        sshTtlParam(),
    };
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<SshIssueParams> p = SshIssueParams::from(params);
        return p ? std::make_unique<SshIssueOperation>(*p) : nullptr;
    };
    return t;
}

} // namespace vw
