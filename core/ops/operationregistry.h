// Operation types by name. The built-in types are listed in builtinoperations.cpp
// (explicitly, not by static initialisers, which a static library would drop).
#pragma once

#include "ops/operation.h"

#include <QList>
#include <QStringList>
#include <QVariantMap>
#include <functional>
#include <memory>

namespace vw {

struct ParamError {
    QString param;    ///< key under `params`, e.g. "payload_bytes"; empty for the whole block
    QString message;
};

struct OperationType {
    QString name;                 ///< as in profiles: "kv2_read"
    QString description;          ///< one line, for the GUI and --help
    QStringList params;           ///< accepted keys under `params`; anything else is an error
    /// Checks param values (types, ranges); unknown keys are checked by the registry.
    std::function<QList<ParamError>(const QVariantMap &)> validate;
    /// Builds an operation from validated params.
    std::function<std::unique_ptr<Operation>(const QVariantMap &)> create;
};

class OperationRegistry {
public:
    static const OperationRegistry &instance();

    const OperationType *find(const QString &name) const;
    QStringList names() const;
    /// Unknown keys and the type's own checks. Empty when valid.
    QList<ParamError> validate(const QString &name, const QVariantMap &params) const;
    /// Null for an unknown name.
    std::unique_ptr<Operation> create(const QString &name, const QVariantMap &params) const;

private:
    OperationRegistry();
    QList<OperationType> m_types;
};

} // namespace vw
