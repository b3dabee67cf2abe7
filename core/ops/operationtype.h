// An operation type as data: its name, what it does, its params (core/ops/opparams.h) and
// how to make the operation from parsed params. One per file in core/ops/ (e.g.
// kv2ReadType() in kv2read.cpp), listed once in builtinoperations.cpp. The command
// `vault-workbench ops` and the operations table of docs/profile-format.md are made from
// these fields (core/ops/operationcatalog.h), so they cannot disagree with the code.
#pragma once

#include "ops/operation.h"
#include "ops/opparams.h"

#include <QList>
#include <QString>
#include <functional>
#include <memory>

namespace vw {

/// The group of the profile editor's operation palette (ui/editor/operationpalette.h).
enum class OperationGroup {
    Sys,
    Kv,
    Ssh,
    Pki,
    Transit,
    Totp,
    Auth,
    Identity,
    Cubbyhole,
    Database,
    Ldap
};

/// "sys", "kv", "ssh", "pki", "transit", "totp", "auth", "identity", "cubbyhole", "db",
/// "ldap" (the LDAP secrets engine; ldap_login is in "auth"): the
/// palette's group names, in order (cubbyhole also holds wrap and unwrap: a wrapped response
/// lives in the wrapping token's cubbyhole).
QString operationGroupName(OperationGroup group);

struct OperationType {
    QString name; ///< as in profiles: "kv2_read"
    OperationGroup group = OperationGroup::Sys; ///< its palette group
    QString description; ///< one line: what a request does
    QString request; ///< the request sent, e.g. "GET /v1/<mount>/data/key-<i>"
    QString setup; ///< what setup() makes on the server before the measured window
    QList<ParamSpec> params; ///< every accepted key under `params`, in the order shown
    /// Optional check across params, after each param passed its own checks.
    std::function<QList<ParamError>(const OpParams &)> check;
    /// The operation for params made by parseParams()/paramsFromJson() for this type;
    /// nullptr only if the params do not fit the type (OperationRegistry::create reports it).
    std::function<std::unique_ptr<Operation>(const OpParams &)> create;

    /// The spec of `name`, or nullptr.
    const ParamSpec *param(const QString &name) const
    {
        for (const ParamSpec &p : params)
            if (p.name == name)
                return &p;
        return nullptr;
    }
    QStringList paramNames() const
    {
        QStringList out;
        for (const ParamSpec &p : params)
            out << p.name;
        return out;
    }
};

} // namespace vw
