#include "ops/pkisign.h"

#include "ops/pkicsr.h"
#include "vault/vaultclient.h"

#include <QJsonDocument>

namespace vw {

bool PkiSignOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_bodies.clear();
    if (!setupPkiCa(m_created, client, ctx, m_params.ca, &m_ca, error))
        return false;
    if (!writePkiRole(m_created, client, m_ca.issueMount, m_params.keyType, m_params.ttlMs,
                      m_params.noStore, error))
        return false;
    m_path = "/v1/" + m_ca.issueMount.toUtf8() + "/sign/bench";
    for (int i = 0; i < kCsrPool; ++i) {
        QString why;
        const QByteArray csr =
            generatePkiCsr(m_params.keyType, QByteArrayLiteral("sign.bench.local"), &why);
        if (csr.isEmpty()) {
            if (error)
                *error = QStringLiteral("CSR for pki_sign: %1").arg(why);
            m_bodies.clear();
            return false;
        }
        const QJsonObject body{{QStringLiteral("csr"), QString::fromLatin1(csr)},
                               {QStringLiteral("common_name"), QStringLiteral("sign.bench.local")},
                               {QStringLiteral("ttl"), pkiSeconds(m_params.ttlMs)}};
        m_bodies.append(QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    return true;
}

HttpRequest PkiSignOperation::nextRequest(VuState &vu) const
{
    // setup() succeeded, so the pool is full; the guard keeps a misuse from crashing.
    const QByteArray body =
        m_bodies.isEmpty() ? QByteArray() : m_bodies.at(int(vu.rng() % quint64(m_bodies.size())));
    return {QByteArrayLiteral("POST"), m_path, body};
}

ErrorClass PkiSignOperation::classify(const HttpResult &result) const
{
    return classifyCertificateResponse(result);
}

QString PkiSignOperation::aclRules() const
{
    return QStringLiteral("path \"%1/sign/bench\" {\n  capabilities = [\"update\"]\n}\n")
        .arg(m_ca.issueMount);
}

OperationType pkiSignType()
{
    OperationType t;
    t.name = QStringLiteral("pki_sign");
    t.group = OperationGroup::Pki;
    t.description = QStringLiteral("PKI: sign a CSR made locally with OpenSSL");
    t.request = QStringLiteral("POST /v1/<mount>/sign/bench");
    t.setup = QStringLiteral("the CA and role of pki_issue, a pool of 8 CSRs with `key_type` "
                             "keys generated locally with OpenSSL");
    t.params = pkiCertParamSpecs();
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<PkiCertParams> p = PkiCertParams::from(params);
        return p ? std::make_unique<PkiSignOperation>(*p) : nullptr;
    };
    return t;
}

} // namespace vw
