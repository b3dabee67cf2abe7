// Completion in the profile editor (ui/editor/codeeditor.h): what the cursor is typing in a
// profile (a key, or the value of a key) and where (the path of enclosing keys), and the
// words that fit there, all taken from the sources the parser uses: the key lists of
// core/profile/profileparser.h (top level, target, operation items),
// core/profile/analysisspecparser.h (slo, analysis, abort), core/profile/authspecparser.h
// (auth) and core/profile/loadmodels/rampparser.h, the operation types
// and their params (core/ops/operationtype.h). Block-style YAML only: inside a flow map
// (`{ vus: 1 }`) nothing is offered. Pure, any thread.
#pragma once

#include "ops/operationtype.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace vw {

struct YamlCompletionContext {
    enum class Kind { None, Key, Value };
    Kind kind = Kind::None;
    /// The enclosing keys, outermost first, a list item as "-": the cursor in a param of an
    /// operation gives {"operations", "-", "params"}.
    QStringList path;
    QString key; ///< Kind::Value: the key whose value is typed ("type")
    QString prefix; ///< the part of the word before the cursor
    int prefixStart = 0; ///< character offset of the prefix in the text
    /// The `type:` of the operation item holding the cursor, empty if none.
    QString operationType;
};

/// The context at character offset `position` of `text`.
YamlCompletionContext yamlCompletionContext(const QString &text, int position);

/// The words that fit `context`, in their documented order, those starting with its prefix:
/// top-level, `target:`, `ramp:`, stage, operation, `slo:`, `analysis:`, `abort:` and `auth:`
/// keys; the params of the operation's type; as values: operation type names for `type:`,
/// executors for `executor:`, transports for `transport:`, `target.spread`, `auth.method`,
/// `auth.per`, "least" for `auth.policy`, a choice param's allowed values, true/false for a
/// boolean param, `target.tls_skip_verify` and `abort.enabled`.
QStringList yamlCompletions(const YamlCompletionContext &context,
                            const QList<OperationType> &types);

} // namespace vw
