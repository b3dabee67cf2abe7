// What the profile editor's operation palette inserts (ui/editor/operationpalette.h): a YAML
// list item for an operation type with every param it declares at its default, made from the
// type's data (core/ops/operationtype.h), and where in a profile it goes. Pure, any thread.
#pragma once

#include "ops/operationtype.h"

#include <QString>

namespace vw {

/// An `operations:` item for `type`, each line indented by `indent` spaces, ending with a
/// newline:
///   - type: transit_sign
///     params:
///       key_type: ed25519        # the param's description
/// Every declared param with its default as profiles write it (durations "5m", text quoted);
/// a required param (no default) gets an empty string and a "required" comment. No `params`
/// block when the type has none.
QString operationSnippet(const OperationType &type, int indent);

/// Where to put a snippet into `profile` and what to insert there.
struct SnippetInsertion {
    int position = 0; ///< a character offset in `profile`, at the start of a line
    QString text; ///< the snippet, preceded by a newline or `operations:` when needed
};

/// Inserting `type` into `profile` with the cursor at character offset `cursor`: after the
/// operation item that holds the cursor when it is in the block-style `operations:` list,
/// otherwise at the end of that list; the items' indentation is kept. Without an
/// `operations:` key, a new list is appended at the end of the text. A flow-style list
/// (`operations: [...]`) is not edited: the item is appended as a new block list, which the
/// parser then reports as a duplicate key.
SnippetInsertion operationInsertion(const QString &profile, int cursor, const OperationType &type);

} // namespace vw
