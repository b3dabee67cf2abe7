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

ParamParseResult OperationRegistry::parse(const QString &name, const QVariantMap &raw) const
{
    const OperationType *t = find(name);
    if (!t) {
        ParamParseResult r;
        r.errors.append({QString(),
                         QStringLiteral("unknown operation type \"%1\" (known: %2)")
                             .arg(name, names().join(QStringLiteral(", "))),
                         ParamError::At::Block});
        return r;
    }
    return parseParams(*t, raw);
}

std::unique_ptr<Operation> OperationRegistry::create(const QString &name, const OpParams &params,
                                                     QString *error) const
{
    const OperationType *t = find(name);
    if (!t) {
        if (error)
            *error = QStringLiteral("unknown operation type \"%1\"").arg(name);
        return nullptr;
    }
    const bool parsedForIt =
        params.typeName() == name
        || (params.typeName().isEmpty() && params.isEmpty() && t->params.isEmpty());
    std::unique_ptr<Operation> op = parsedForIt ? t->create(params) : nullptr;
    if (op)
        op->setTypeName(t->name);
    if (!op && error)
        *error = QStringLiteral("the params of operation %1 were not parsed for it (parsed for "
                                "\"%2\")")
                     .arg(name, params.typeName());
    return op;
}

} // namespace vw
