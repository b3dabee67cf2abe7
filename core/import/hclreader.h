// A reader of the subset of HCL (HashiCorp Configuration Language, native syntax) that
// vault-benchmark configs use, for `vault-workbench import-hcl` (vaultbenchmarkimport.h).
// Debian has no C++ HCL library; this reads only what those configs need:
//   - attributes `key = value`, one per line (a block's last one may share the line of its
//     closing brace: `test "a" "b" { weight = 50 }`);
//   - values: strings "..." (escapes \" \\ \n \r \t \uXXXX; no ${...} templates), numbers
//     (12, -3, 1.5, 2e3), true, false, null, lists [a, b,] (newlines and a trailing comma
//     allowed) and objects { k = v, k2: v2 } (newlines or commas between items);
//   - blocks `type "label" label2 { ... }` with 0 or more labels (quoted or bare identifiers),
//     nested to at most kMaxHclDepth;
//   - comments `# ...`, `// ...` and `/* ... */`.
// Not read: heredocs, expressions, functions, templates, splats (the documented
// vault-benchmark configs use none). The first problem stops the read and is reported with
// its 1-based line and column (columns count characters).
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace vw {

/// The deepest nesting of blocks, lists and objects read (deeper is an error).
constexpr int kMaxHclDepth = 32;

/// A place in the HCL text: 1-based line and column.
struct HclPos {
    int line = 0;
    int column = 0;
};

struct HclAttribute;

/// A value as written.
struct HclValue {
    enum class Kind { String, Number, Bool, Null, List, Object };
    Kind kind = Kind::Null;
    QString text; ///< String: the decoded text; Number: as written ("1.5")
    double number = 0; ///< Number
    bool boolean = false; ///< Bool
    QList<HclValue> items; ///< List
    QList<HclAttribute> members; ///< Object, in order
    HclPos pos; ///< where the value starts

    /// "string", "number", "bool", "null", "list", "object" (for error messages).
    QString kindName() const;
    /// A Number that is a whole number in -2^53..2^53.
    bool isWholeNumber() const;
};

/// `name = value` (in a body or an object).
struct HclAttribute {
    QString name;
    HclPos pos; ///< of the name
    HclValue value;
};

struct HclBlock;

/// The attributes and blocks of a file or of a block, each in order of appearance.
struct HclBody {
    QList<HclAttribute> attributes;
    QList<HclBlock> blocks;

    /// The attribute called `name`, or null.
    const HclAttribute *attribute(const QString &name) const;
};

/// `type "label" ... { body }`.
struct HclBlock {
    QString type;
    HclPos pos; ///< of the type word
    QStringList labels;
    QList<HclPos> labelPos; ///< same order as labels
    HclBody body;
};

struct HclError {
    int line = 0; ///< 1-based
    int column = 0; ///< 1-based
    QString message; ///< human sentence, no trailing period

    /// "line 3, column 9: expected '=' or a block after \"vault_addr\""
    QString toString() const;
};

struct HclParseResult {
    std::optional<HclBody> body; ///< set when there is no error
    std::optional<HclError> error;
};

/// Reads HCL text (UTF-8). An attribute set twice in one body is an error, as in HCL.
HclParseResult parseHcl(const QByteArray &text);

} // namespace vw
