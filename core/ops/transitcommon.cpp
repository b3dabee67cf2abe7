#include "ops/transitcommon.h"

#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <random>

namespace vw {

namespace {

const QString kKeyName = QStringLiteral("bench");
constexpr qint64 kMaxPayloadBytes = 1024 * 1024;
constexpr qint64 kDefaultPayloadBytes = 128; // vault-benchmark's transit payload_len
/// OpenBao (>= 2.4.1) refuses JSON with more than 1000 strings by default; a verify item
/// is 4 strings ({"input": .., "signature": ..}), so 200 items stay under it.
constexpr qint64 kMaxBatchSize = 200;
/// Per item beyond its base64 payload: JSON punctuation, field names, a signature (an
/// RSA-4096 one is 700 base64 characters) or the "vault:v1:" prefix and AEAD overhead.
constexpr qint64 kItemOverheadBytes = 1024;
/// Size of an `hmac` key (bytes; Transit requires 32 to 512 for that type).
constexpr int kHmacKeyBytes = 32;
/// Memory bound of the prebuilt bodies of one operation (bytes).
constexpr qint64 kMaxBodiesBytes = 64LL * 1024 * 1024;

QStringList hashAlgorithms()
{
    return {QStringLiteral("sha2-256"), QStringLiteral("sha2-224"), QStringLiteral("sha2-384"),
            QStringLiteral("sha2-512"), QStringLiteral("sha3-224"), QStringLiteral("sha3-256"),
            QStringLiteral("sha3-384"), QStringLiteral("sha3-512")};
}

bool isRsa(const QString &keyType)
{
    return keyType.startsWith(QLatin1String("rsa-"));
}

qint64 base64Length(qint64 bytes)
{
    return (bytes + 2) / 3 * 4;
}

ParamSpec keyTypeParam(const QStringList &types, const QString &what)
{
    return choiceParam(QStringLiteral("key_type"), types, types.first(),
                       QStringLiteral("type of the key `bench` made at setup, %1").arg(what));
}

ParamSpec payloadParam()
{
    return bytesParam(QStringLiteral("payload_bytes"), 1, kMaxPayloadBytes, kDefaultPayloadBytes,
                      QStringLiteral("random bytes per input, sent base64-encoded (Vault >= "
                                     "1.21 refuses a base64 string over 1 MiB)"));
}

ParamSpec hashParam(const QString &what)
{
    const QStringList algorithms = hashAlgorithms();
    return choiceParam(QStringLiteral("hash_algorithm"), algorithms, algorithms.first(), what);
}

ParamSpec batchParam()
{
    return integerParam(QStringLiteral("batch_size"), 1, kMaxBatchSize, 1, QStringLiteral("inputs"),
                        QStringLiteral("1: one input per request; more: that many "
                                       "`batch_input` items, a success only if all succeed"));
}

/// batch_size x the base64 payload must fit in one request body.
void checkBodySize(const OpParams &params, QList<ParamError> *errors)
{
    const qint64 batch = params.integer(QStringLiteral("batch_size"));
    const qint64 payload = params.integer(QStringLiteral("payload_bytes"));
    const qint64 body = batch * (base64Length(payload) + kItemOverheadBytes);
    if (body > kTransitMaxBodyBytes)
        errors->append({QStringLiteral("batch_size"),
                        QStringLiteral("batch_size %1 with payload_bytes %2 makes a request of "
                                       "about %3 MiB, over the %4 MiB this operation sends "
                                       "(servers refuse bodies over 32 MiB by default)")
                            .arg(batch)
                            .arg(payload)
                            .arg(body / (1024 * 1024))
                            .arg(kTransitMaxBodyBytes / (1024 * 1024)),
                        ParamError::At::Value});
}

/// Index of the first character of the value of member `key` in the JSON text `body`, or
/// -1. Skips the text "key" where it is a value, not a member name. A scan, not a parse
/// and no allocation (hot path).
qsizetype memberValueAt(const QByteArray &body, const QByteArray &key)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    for (qsizetype at = body.indexOf(key); at >= 0; at = body.indexOf(key, at + 1)) {
        qsizetype i = at + key.size();
        if (at == 0 || body.at(at - 1) != '"' || i >= body.size() || body.at(i) != '"')
            continue; // part of a longer name or value
        ++i;
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        if (i >= body.size() || body.at(i) != ':')
            continue;
        ++i;
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        return i < body.size() ? i : -1;
    }
    return -1;
}

/// One parsed batch item succeeded: no "error" and its result (a non-empty string, or
/// "valid": true for verify).
bool batchItemOk(const QJsonObject &item, const TransitAction &action)
{
    if (!item.value(QStringLiteral("error")).toString().isEmpty())
        return false;
    const QJsonValue v = item.value(action.resultField);
    if (action.resultIsBool)
        return v.isBool() && v.toBool();
    return v.isString() && !v.toString().isEmpty();
}

} // namespace

TransitParams TransitParams::from(const OpParams &params)
{
    TransitParams p;
    p.keyType = params.text(QStringLiteral("key_type"));
    p.payloadBytes = int(params.integer(QStringLiteral("payload_bytes")));
    p.hashAlgorithm = params.text(QStringLiteral("hash_algorithm"));
    p.signatureAlgorithm = params.text(QStringLiteral("signature_algorithm"));
    p.batchSize = params.contains(QStringLiteral("batch_size"))
                      ? int(params.integer(QStringLiteral("batch_size")))
                      : 1;
    return p;
}

QStringList transitSigningKeyTypes()
{
    return {QStringLiteral("rsa-2048"),   QStringLiteral("rsa-3072"),
            QStringLiteral("rsa-4096"),   QStringLiteral("ecdsa-p256"),
            QStringLiteral("ecdsa-p384"), QStringLiteral("ecdsa-p521"),
            QStringLiteral("ed25519")};
}

QStringList transitEncryptionKeyTypes()
{
    return {QStringLiteral("aes256-gcm96"),      QStringLiteral("aes128-gcm96"),
            QStringLiteral("chacha20-poly1305"), QStringLiteral("rsa-2048"),
            QStringLiteral("rsa-3072"),          QStringLiteral("rsa-4096")};
}

QStringList transitHmacKeyTypes()
{
    QStringList out{QStringLiteral("hmac")};
    out << transitEncryptionKeyTypes();
    for (const QString &t : transitSigningKeyTypes())
        if (!out.contains(t))
            out << t;
    return out;
}

QList<ParamSpec> transitSigningParamSpecs()
{
    return {
        keyTypeParam(transitSigningKeyTypes(), QStringLiteral("an asymmetric signing key")),
        payloadParam(), hashParam(QStringLiteral("digest signed (ignored by ed25519 keys)")),
        choiceParam(QStringLiteral("signature_algorithm"),
                    {QStringLiteral("default"), QStringLiteral("pss"), QStringLiteral("pkcs1v15")},
                    QStringLiteral("default"),
                    QStringLiteral("RSA padding; `default` sends none (Vault uses pss); "
                                   "RSA key types only")),
        batchParam()};
}

QList<ParamSpec> transitEncryptionParamSpecs()
{
    return {keyTypeParam(transitEncryptionKeyTypes(),
                         QStringLiteral("an AEAD key or an RSA key (RSA-OAEP)")),
            payloadParam(), batchParam()};
}

QList<ParamSpec> transitHmacParamSpecs()
{
    return {keyTypeParam(transitHmacKeyTypes(),
                         QStringLiteral("any key type (each Transit key has an HMAC key)")),
            payloadParam(), hashParam(QStringLiteral("HMAC digest (`algorithm`)")), batchParam()};
}

QList<ParamError> checkTransitSigningParams(const OpParams &params)
{
    QList<ParamError> errors;
    const QString keyType = params.text(QStringLiteral("key_type"));
    const QString sigAlg = params.text(QStringLiteral("signature_algorithm"));
    if (sigAlg != QLatin1String("default") && !isRsa(keyType))
        errors.append({QStringLiteral("signature_algorithm"),
                       QStringLiteral("signature_algorithm %1 applies to RSA keys only "
                                      "(key_type is %2): leave it out or say \"default\"")
                           .arg(sigAlg, keyType),
                       ParamError::At::Value});
    checkBodySize(params, &errors);
    return errors;
}

QList<ParamError> checkTransitEncryptionParams(const OpParams &params)
{
    QList<ParamError> errors;
    const QString keyType = params.text(QStringLiteral("key_type"));
    if (isRsa(keyType)) {
        // RSA-OAEP with SHA-256: k - 2 * 32 - 2 bytes for a k-byte modulus.
        const qint64 limit = keyType.mid(4).toLongLong() / 8 - 66;
        const qint64 payload = params.integer(QStringLiteral("payload_bytes"));
        if (payload > limit)
            errors.append({QStringLiteral("payload_bytes"),
                           QStringLiteral("payload_bytes %1 is more than a %2 key encrypts "
                                          "(at most %3 bytes with RSA-OAEP SHA-256)")
                               .arg(payload)
                               .arg(keyType)
                               .arg(limit),
                           ParamError::At::Value});
    }
    checkBodySize(params, &errors);
    return errors;
}

QList<ParamError> checkTransitHmacParams(const OpParams &params)
{
    QList<ParamError> errors;
    checkBodySize(params, &errors);
    return errors;
}

TransitOperationBase::TransitOperationBase(const TransitAction &action, const TransitParams &params)
    : m_action(action)
    , m_params(params)
    , m_resultKey(action.resultField.toLatin1())
{
}

QString TransitOperationBase::endpoint(const TransitAction &action) const
{
    return QStringLiteral("%1/%2/%3").arg(m_mount, action.name, kKeyName);
}

bool TransitOperationBase::setupKey(VaultClient &client, const SetupContext &ctx, QString *error)
{
    m_mount = QStringLiteral("%1-transit-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    m_path = "/v1/" + endpoint(m_action).toUtf8();
    m_bodies.clear();
    m_payloads.clear();
    if (!m_created.enableMount(client, m_mount, QStringLiteral("transit"), ctx.runPrefix, {},
                               error))
        return false;
    // The key lies inside the mount (a "role" of the tracker), so it goes with the mount.
    const QString key = QStringLiteral("%1/keys/%2").arg(m_mount, kKeyName);
    QJsonObject keyBody{{QStringLiteral("type"), m_params.keyType}};
    if (m_params.keyType == QLatin1String("hmac"))
        keyBody.insert(QStringLiteral("key_size"), kHmacKeyBytes); // required: 32 to 512
    if (!m_created.writeRole(client, key, keyBody, error))
        return false;
    waitUntilServed(client, key); // a standby sees the new key a moment later
    const VaultResponse r =
        client.post(key + QStringLiteral("/config"), {{QStringLiteral("deletion_allowed"), true}});
    if (!r.ok()) {
        if (error)
            *error = QStringLiteral("allow deletion of %1: %2").arg(key, r.describe());
        return false;
    }

    std::mt19937_64 rng{std::random_device{}()};
    for (int i = 0; i < kPayloadPool; ++i) {
        QByteArray raw(m_params.payloadBytes, Qt::Uninitialized);
        for (char &c : raw)
            c = char(rng() & 0xff);
        m_payloads << QString::fromLatin1(raw.toBase64());
    }
    return true;
}

QJsonObject TransitOperationBase::commonFields() const
{
    QJsonObject out;
    switch (m_action.fields) {
    case TransitFields::Signing:
        if (m_params.keyType != QLatin1String("ed25519"))
            out.insert(QStringLiteral("hash_algorithm"), m_params.hashAlgorithm);
        if (isRsa(m_params.keyType) && m_params.signatureAlgorithm != QLatin1String("default"))
            out.insert(QStringLiteral("signature_algorithm"), m_params.signatureAlgorithm);
        break;
    case TransitFields::Hmac:
        out.insert(QStringLiteral("algorithm"), m_params.hashAlgorithm);
        break;
    case TransitFields::None:
        break;
    }
    return out;
}

bool TransitOperationBase::setupKeyAndPayloadBodies(VaultClient &client, const SetupContext &ctx,
                                                    const QString &field, QString *error)
{
    if (!setupKey(client, ctx, error))
        return false;
    QList<QJsonObject> items;
    for (const QString &payload : m_payloads)
        items << QJsonObject{{field, payload}};
    buildBodies(items);
    return true;
}

void TransitOperationBase::buildBodies(const QList<QJsonObject> &items)
{
    m_bodies.clear();
    if (items.isEmpty())
        return;
    const QJsonObject common = commonFields();
    if (m_params.batchSize <= 1) {
        for (const QJsonObject &item : items) {
            QJsonObject body = common;
            for (auto it = item.begin(); it != item.end(); ++it)
                body.insert(it.key(), it.value());
            m_bodies << QJsonDocument(body).toJson(QJsonDocument::Compact);
        }
        return;
    }
    // Batch k holds items k, k+1, ... (cycling through the pool); as many distinct bodies
    // as the memory bound allows, at least one.
    const qint64 itemBytes = QJsonDocument(items.first()).toJson(QJsonDocument::Compact).size();
    const qint64 bodyBytes = qMax<qint64>(1, itemBytes * m_params.batchSize);
    const int count = int(qBound<qint64>(1, kMaxBodiesBytes / bodyBytes, items.size()));
    for (int k = 0; k < count; ++k) {
        QJsonArray batch;
        for (int j = 0; j < m_params.batchSize; ++j)
            batch.append(items.at((k + j) % items.size()));
        QJsonObject body = common;
        body.insert(QStringLiteral("batch_input"), batch);
        m_bodies << QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
}

QStringList TransitOperationBase::setupResults(VaultClient &client, const TransitAction &action,
                                               const std::function<QJsonObject(int)> &item,
                                               const QString &field, QString *error)
{
    QStringList out;
    const QString path = endpoint(action);
    const QJsonObject common = commonFields();
    for (int i = 0; i < m_payloads.size(); ++i) {
        QJsonObject body = common;
        const QJsonObject in = item(i);
        for (auto it = in.begin(); it != in.end(); ++it)
            body.insert(it.key(), it.value());
        const VaultResponse r = client.post(path, body);
        const QString value =
            r.json.value(QStringLiteral("data")).toObject().value(field).toString();
        if (!r.ok() || value.isEmpty()) {
            if (error)
                *error = QStringLiteral("%1 for %2 at setup: %3")
                             .arg(action.name, typeName(),
                                  r.ok() ? QStringLiteral("no \"%1\" in the answer").arg(field)
                                         : r.describe());
            return {};
        }
        out << value;
    }
    return out;
}

HttpRequest TransitOperationBase::nextRequest(VuState &vu) const
{
    // setup() succeeded, so there is a body; the guard keeps a misuse from crashing.
    const QByteArray body =
        m_bodies.isEmpty() ? QByteArray() : m_bodies.at(int(vu.rng() % quint64(m_bodies.size())));
    return {QByteArrayLiteral("POST"), m_path, body};
}

ErrorClass TransitOperationBase::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus; // a batch with a failed item is 400 by default
    if (m_params.batchSize <= 1) {
        const qsizetype at = memberValueAt(result.body, m_resultKey);
        if (at < 0)
            return ErrorClass::InvalidResponse;
        if (m_action.resultIsBool)
            return result.body.mid(at, 4) == "true" ? ErrorClass::None
                                                    : ErrorClass::InvalidResponse;
        return at + 1 < result.body.size() && result.body.at(at) == '"'
                       && result.body.at(at + 1) != '"'
                   ? ErrorClass::None
                   : ErrorClass::InvalidResponse;
    }
    const QJsonArray items = QJsonDocument::fromJson(result.body)
                                 .object()
                                 .value(QStringLiteral("data"))
                                 .toObject()
                                 .value(QStringLiteral("batch_results"))
                                 .toArray();
    if (items.size() != m_params.batchSize)
        return ErrorClass::InvalidResponse;
    for (const QJsonValue &item : items)
        if (!batchItemOk(item.toObject(), m_action))
            return ErrorClass::InvalidResponse;
    return ErrorClass::None;
}

QString TransitOperationBase::aclRules() const
{
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"update\"]\n}\n")
        .arg(endpoint(m_action));
}

OperationType transitType(const TransitAction &action, const QString &description,
                          const QString &setupText)
{
    OperationType t;
    t.name = QStringLiteral("transit_") + action.name;
    t.group = OperationGroup::Transit;
    t.description = description;
    t.request = QStringLiteral("POST /v1/<mount>/%1/bench").arg(action.name);
    t.setup = setupText;
    t.params = action.params();
    t.check = action.check;
    return t;
}

} // namespace vw
