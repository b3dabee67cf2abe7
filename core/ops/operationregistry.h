// Operation types by name. The built-in types are listed in builtinoperations.cpp
// (explicitly, not by static initialisers, which a static library would drop).
#pragma once

#include "ops/operationtype.h"

#include <QList>
#include <QStringList>
#include <QVariantMap>
#include <memory>

namespace vw {

class OperationRegistry {
public:
    static const OperationRegistry &instance();

    const OperationType *find(const QString &name) const;
    QStringList names() const;
    /// Every type, in registration order (the order of `ops` and the docs table).
    const QList<OperationType> &types() const { return m_types; }

    /// parseParams() for the type called `name`; an unknown name is one error (At::Block,
    /// param empty) naming the known types.
    ParamParseResult parse(const QString &name, const QVariantMap &raw) const;

    /// The operation of type `name` from params parsed for that type (a default OpParams
    /// is accepted for a type without params). nullptr + *error for an unknown name or
    /// params parsed for another type.
    std::unique_ptr<Operation> create(const QString &name, const OpParams &params,
                                      QString *error = nullptr) const;

private:
    OperationRegistry();
    QList<OperationType> m_types;
};

} // namespace vw
