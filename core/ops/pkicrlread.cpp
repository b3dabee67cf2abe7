#include "ops/pkicrlread.h"

#include "vault/vaultclient.h"

namespace vw {

bool PkiCrlReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupPkiCa(m_created, client, ctx, m_caKind, &m_ca, error))
        return false;
    if (!writePkiRole(m_created, client, m_ca.issueMount, PkiKeyType::Ec256, 3600 * 1000, false,
                      error))
        return false;
    m_path = "/v1/" + m_ca.issueMount.toUtf8() + "/crl";
    for (int i = 0; i < m_revoked; ++i) {
        const VaultResponse issued =
            client.post(m_ca.issueMount + QStringLiteral("/issue/bench"),
                        {{QStringLiteral("common_name"), QStringLiteral("crl.bench.local")}});
        const QString serial = issued.json.value(QStringLiteral("data"))
                                   .toObject()
                                   .value(QStringLiteral("serial_number"))
                                   .toString();
        if (!issued.ok() || serial.isEmpty()) {
            if (error)
                *error = QStringLiteral("issue a certificate for the CRL on %1: %2")
                             .arg(m_ca.issueMount, issued.describe());
            return false;
        }
        const VaultResponse revoked = client.post(m_ca.issueMount + QStringLiteral("/revoke"),
                                                  {{QStringLiteral("serial_number"), serial}});
        if (!revoked.ok()) {
            if (error)
                *error = QStringLiteral("revoke %1 on %2: %3")
                             .arg(serial, m_ca.issueMount, revoked.describe());
            return false;
        }
    }
    return true;
}

HttpRequest PkiCrlReadOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    return {QByteArrayLiteral("GET"), m_path, QByteArray()};
}

ErrorClass PkiCrlReadOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.isEmpty() ? ErrorClass::InvalidResponse : ErrorClass::None;
}

QString PkiCrlReadOperation::aclRules() const
{
    return QStringLiteral("path \"%1/crl\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(m_ca.issueMount);
}

OperationType pkiCrlReadType()
{
    OperationType t;
    t.name = QStringLiteral("pki_crl_read");
    t.group = OperationGroup::Pki;
    t.description = QStringLiteral("PKI: read the issuing CA's certificate revocation list (DER)");
    t.request = QStringLiteral("GET /v1/<mount>/crl");
    t.setup = QStringLiteral("the CA of pki_issue (`ca`), `revoked_certs` certificates issued "
                             "and revoked so that the list is not empty");
    t.params = {pkiCaParamSpec(),
                integerParam(QStringLiteral("revoked_certs"), 0, 1000, 10,
                             QStringLiteral("certificates"),
                             QStringLiteral("certificates issued and revoked at setup: the "
                                            "entries of the list"))};
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<PkiCaKind> ca = pkiCaKind(params.text(QStringLiteral("ca")));
        if (!ca)
            return nullptr;
        return std::make_unique<PkiCrlReadOperation>(
            *ca, int(params.integer(QStringLiteral("revoked_certs"))));
    };
    return t;
}

} // namespace vw
