// The one table of how vault-benchmark's test types and their `config` fields become the
// workbench's operation types and params (`vault-workbench import-hcl`,
// vaultbenchmarkimport.h; docs/profile-format.md, "Importing vault-benchmark configs").
// vault-benchmark's types and fields are those of docs/profile-format.md's import section.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace vw {

/// How a vault-benchmark config value becomes a param value.
enum class VbConvert {
    Copy, ///< as written: a string stays text, a number a number, a bool a bool
    Integer, ///< a whole number, also given as a string of digits ("100"), as
    ///< vault-benchmark's HCL decoder converts it
    Boolean, ///< true or false, also given as the string "true" or "false"
    Duration, ///< a duration: text as written ("2m"), a number of seconds becomes "<n>s"
    KeyType ///< a key type, through the mapping's `values` (e.g. "rsa" -> "rsa-2048");
    ///< a sibling `key_bits` (0 = the mapping's default bits; a number or a
    ///< string of digits, "256") picks the size
};

/// A key type of vault-benchmark as the workbench names it (VbConvert::KeyType).
struct VbKeyValue {
    QString pattern; ///< e.g. "rsa-%1" (%1 = bits) or "ed25519"
    int defaultBits = 0; ///< the bits Vault uses when key_bits is absent or 0
};

/// One config field of a vault-benchmark test and the param it becomes.
struct VbField {
    QString path; ///< dotted path inside `config`, e.g. "role.token_ttl"
    QString param; ///< the workbench param, e.g. "token_ttl"
    VbConvert convert = VbConvert::Copy;
    /// KeyType: vault-benchmark's value -> ours; "%1" in ours is replaced by the bits
    /// ("rsa" -> "rsa-%1"), those of a sibling `key_bits`, or `defaultBits` when it is absent
    /// or 0.
    QMap<QString, VbKeyValue> values;
};

/// A field vault-benchmark reads or documents that the import leaves out, and why (printed
/// as a note). Every field of tests/data/vault-benchmark-examples/documented-fields.txt (its
/// docs/tests/*.md and the fields its code reads) is either a VbField or a VbDropped.
struct VbDropped {
    QString path; ///< dotted path inside `config`
    QString why;
};

/// One vault-benchmark test type.
struct VbTestMapping {
    QString vbType; ///< e.g. "approle_auth"
    QString type; ///< the workbench operation type, e.g. "approle_login"
    QList<VbField> fields;
    QList<VbDropped> dropped;
    /// Params written when their vault-benchmark field is absent, because vault-benchmark's
    /// default differs from the workbench's (e.g. numkvs 1000, kvsize 1).
    QMap<QString, QVariant> vbDefaults;
    QString note; ///< printed once per imported test of this type; may be empty
    /// When not empty, one of several mappings of vbType, picked by the value of this config
    /// field (e.g. "workload" of `identity`): the one whose selectValues hold it, or, when the
    /// field is absent, the one with selectDefault (findVaultBenchmarkMapping(vbType, value)).
    QString selectField{};
    QStringList selectValues{};
    bool selectDefault = false;
};

/// Every vault-benchmark test type the import knows, in table order.
const QList<VbTestMapping> &vaultBenchmarkMappings();

/// The mapping of `vbType`, or null (the first one of a type with several, see selectField).
const VbTestMapping *findVaultBenchmarkMapping(const QString &vbType);
/// The mapping of `vbType` whose selectValues hold `selectValue` (absent: null), or when
/// `selectValue` is null the one with selectDefault; null when none fits.
const VbTestMapping *findVaultBenchmarkMapping(const QString &vbType, const QString &selectValue);

/// The workbench operation types with no vault-benchmark test to import from (they exist
/// only here): shown by the docs and the unknown-type error.
QStringList workbenchOnlyTypes();

} // namespace vw
