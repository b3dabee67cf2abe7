#include "ops/operationregistry.h"

#include "ops/builtinoperations.h"

namespace vw {

const OperationRegistry &OperationRegistry::instance()
{
    static const OperationRegistry registry;
    return registry;
}

OperationRegistry::OperationRegistry()
    : m_types(builtinOperationTypes())
{
}

const OperationType *OperationRegistry::find(const QString &name) const
{
    for (const OperationType &t : m_types)
        if (t.name == name)
            return &t;
    return nullptr;
}

QStringList OperationRegistry::names() const
{
    QStringList out;
    for (const OperationType &t : m_types)
        out << t.name;
    return out;
}

QList<ParamError> OperationRegistry::validate(const QString &name, const QVariantMap &params) const
{
    const OperationType *t = find(name);
    if (!t)
        return {{QString(), QStringLiteral("unknown operation type \"%1\" (known: %2)")
                                .arg(name, names().join(QStringLiteral(", ")))}};
    QList<ParamError> errors;
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        if (!t->params.contains(it.key()))
            errors.append({it.key(), QStringLiteral("unknown parameter for %1 (known: %2)")
                                         .arg(name, t->params.isEmpty()
                                                        ? QStringLiteral("none")
                                                        : t->params.join(QStringLiteral(", ")))});
    }
    if (t->validate)
        errors += t->validate(params);
    return errors;
}

std::unique_ptr<Operation> OperationRegistry::create(const QString &name,
                                                     const QVariantMap &params) const
{
    const OperationType *t = find(name);
    return t ? t->create(params) : nullptr;
}

} // namespace vw
