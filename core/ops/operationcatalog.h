// The operation types as documentation, made only from their OperationType data
// (core/ops/operationtype.h): the output of `vault-workbench ops` in its three formats. The
// markdown form is the operations table of docs/profile-format.md (between the
// <!-- ops:begin --> and <!-- ops:end --> comments; tst_operationcatalog compares them).
// Nothing here knows a particular type. Pure functions, any thread.
#pragma once

#include "ops/operationtype.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace vw {

/// For a terminal: per type its name and description, request, setup, and one line per
/// param (name, type, default, allowed values or range, description).
QString operationCatalogText(const QList<OperationType> &types);

/// {"operations": [{"type", "description", "request", "setup", "params": [{"name",
/// "type" (integer|bytes|duration|choice|string|boolean), "unit", "default" (canonical JSON,
/// durations in ms; null when required), "default_text" ("5m"), "required", "allowed"
/// (choices: the list; otherwise the range as text), "min"/"max"/"multiple_of" (numeric
/// kinds, canonical unit), "description"}]}]}
QJsonObject operationCatalogJson(const QList<OperationType> &types);

/// Two GitHub-flavoured markdown tables: the types (type, request, description, setup),
/// then their params (operation, param, type, default, allowed, description). Ends with a
/// newline.
QString operationCatalogMarkdown(const QList<OperationType> &types);

} // namespace vw
