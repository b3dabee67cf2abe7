// Shared by the five Transit operations (transit_sign, transit_verify, transit_encrypt,
// transit_decrypt, transit_hmac; one file each): their params (declared once here), the
// mount "<runPrefix>-transit-<opIndex>" with its key "bench", the pool of random payloads,
// the prebuilt request bodies (single input or `batch_input`), the response check and the
// ACL rule. Each type's row in docs/profile-format.md's operations table is made from its
// OperationType. Batch semantics (Vault and OpenBao): a batch with a failed item is answered
// 400 by default and each failed item carries "error"; a verify item whose signature does not
// match is 200 with "valid": false. A request counts as a success only when every item
// succeeded.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operation.h"
#include "ops/operationtype.h"
#include "ops/opsupport.h"

#include <QJsonObject>
#include <QList>
#include <functional>

namespace vw {

struct TransitParams;

/// The fields every request body of an action carries besides its inputs.
enum class TransitFields {
    None, ///< encrypt, decrypt
    Signing, ///< hash_algorithm (not for ed25519), signature_algorithm (RSA, not "default")
    Hmac, ///< algorithm = hash_algorithm
};

/// What a Transit operation's requests do, described in the operation's own file
/// (transitSignAction() in transitsign.cpp, ...): the endpoint, the result of each item, the
/// fields sent with it, and the params the type declares.
struct TransitAction {
    QString name; ///< in paths and type names: "sign" -> <mount>/sign/bench, transit_sign
    QString resultField; ///< the member of each answered item: "signature", "valid"...
    bool resultIsBool = false; ///< verify: the result is "valid": true, not a non-empty string
    TransitFields fields = TransitFields::None;
    QList<ParamSpec> (*params)() = nullptr; ///< the type's params
    QList<ParamError> (*check)(const OpParams &params) = nullptr; ///< OperationType::check
};

/// The typed params of the Transit operations. A type that does not declare a param gets
/// its neutral value (empty text, batch 1).
struct TransitParams {
    QString keyType; ///< the Transit key type, as Vault names it ("rsa-2048")
    int payloadBytes = 0; ///< random bytes per input (before base64), >= 1
    QString hashAlgorithm; ///< sign/verify/hmac: "sha2-256"...; "" when not declared
    /// sign/verify: "pss" or "pkcs1v15" (RSA keys only), or "default" (Vault's default, not
    /// sent); "" when not declared.
    QString signatureAlgorithm;
    int batchSize = 1; ///< 1: one input per request; > 1: `batch_input` items
    /// From params parsed for a Transit type (core/ops/opparams.h).
    static TransitParams from(const OpParams &params);
};

/// Key types of transit_sign and transit_verify (first is the default).
QStringList transitSigningKeyTypes();
/// Key types of transit_encrypt and transit_decrypt (first is the default).
QStringList transitEncryptionKeyTypes();
/// Key types of transit_hmac: any key type Transit makes (first is the default).
QStringList transitHmacKeyTypes();

/// Params of transit_sign / transit_verify: key_type, payload_bytes, hash_algorithm,
/// signature_algorithm, batch_size.
QList<ParamSpec> transitSigningParamSpecs();
/// Params of transit_encrypt / transit_decrypt: key_type, payload_bytes, batch_size.
QList<ParamSpec> transitEncryptionParamSpecs();
/// Params of transit_hmac: key_type, payload_bytes, hash_algorithm, batch_size.
QList<ParamSpec> transitHmacParamSpecs();

/// Cross-param checks (OperationType::check). Signing: signature_algorithm other than
/// "default" needs an RSA key_type. Encryption: an RSA key encrypts at most
/// bits/8 - 66 bytes (RSA-OAEP with SHA-256). All: batch_size x base64(payload_bytes) must
/// stay under kTransitMaxBodyBytes.
QList<ParamError> checkTransitSigningParams(const OpParams &params);
QList<ParamError> checkTransitEncryptionParams(const OpParams &params);
QList<ParamError> checkTransitHmacParams(const OpParams &params);

/// Largest request body the params may make: 30 MiB, under the servers' default
/// max_request_size of 32 MiB (bytes).
constexpr qint64 kTransitMaxBodyBytes = 30LL * 1024 * 1024;

/// Base of the Transit operations: owns the mount, the key "bench" and the request bodies.
class TransitOperationBase : public CreatingOperation {
public:
    static constexpr int kPayloadPool = 8; ///< distinct payloads made at setup

    /// POST /v1/<mount>/<action>/bench with one of the prebuilt bodies, picked at random.
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 and every item has its result ("signature", "valid": true, "ciphertext",
    /// "plaintext", "hmac") and no "error"; 200 without that is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on "<mount>/<action>/bench" (the one path the requests use).
    QString aclRules() const override;

protected:
    TransitOperationBase(const TransitAction &action, const TransitParams &params);
    /// Enables the mount, creates the key "bench" of key_type (allowing its deletion, so
    /// that the key alone can also be removed) and makes the payload pool.
    bool setupKey(VaultClient &client, const SetupContext &ctx, QString *error);
    /// Fields every request body carries besides its inputs (hash_algorithm...).
    QJsonObject commonFields() const;
    /// Builds the request bodies from one input item per pooled payload (e.g.
    /// {"input": <b64>}): a single body per item, or bodies of batch_size items.
    void buildBodies(const QList<QJsonObject> &items);
    /// setupKey(), then the bodies of one item per pooled payload, {"<field>": <payload>}
    /// (sign and hmac: "input", encrypt: "plaintext"). False + *error as setupKey().
    bool setupKeyAndPayloadBodies(VaultClient &client, const SetupContext &ctx,
                                  const QString &field, QString *error);
    /// Sends one (single) request of `action` for each pooled payload during setup, with
    /// `item(i)` as its input and the common fields, and returns the response field
    /// `field` of each ("signature", "ciphertext"). Empty + *error on failure.
    QStringList setupResults(VaultClient &client, const TransitAction &action,
                             const std::function<QJsonObject(int)> &item, const QString &field,
                             QString *error);

    /// "<mount>/<action>/bench", without "/v1/".
    QString endpoint(const TransitAction &action) const;

    TransitAction m_action;
    TransitParams m_params;
    QString m_mount;
    QStringList m_payloads; ///< base64 of kPayloadPool random payloads
    QList<QByteArray> m_bodies;
    QByteArray m_path; ///< "/v1/" + endpoint(m_action)
    QByteArray m_resultKey; ///< the member classify() looks for: "signature", "valid"...
};

/// Operation type fields shared by the five types, from the action: name, group, request,
/// params and check; the description and setup text are the type's.
OperationType transitType(const TransitAction &action, const QString &description,
                          const QString &setupText);

} // namespace vw
