// Typed controls for the params of one operation type, made from its ParamSpecs
// (core/ops/opparams.h): integer and bytes -> spin box, choice -> combo box, boolean -> check
// box, duration and string -> line edit. Each shows its default next to it and the allowed
// values and description as a tooltip. Object names: "param_<name>". GUI thread only.
#pragma once

#include "ops/operationtype.h"

#include <QVariantMap>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QFormLayout;
QT_END_NAMESPACE

namespace vw {

class ParamControls : public QWidget {
    Q_OBJECT
public:
    explicit ParamControls(QWidget *parent = nullptr);

    /// Rebuilds the controls for `type` (nullptr: none) showing `values` (canonical values of
    /// opparams.h by param name); a param absent from `values` shows its default.
    void show(const OperationType *type, const QVariantMap &values);

signals:
    /// The user set param `name` to the canonical value `value`.
    void paramChanged(const QString &name, const QVariant &value);

private:
    QWidget *makeControl(const ParamSpec &spec, const QVariant &value);

    QFormLayout *m_form = nullptr;
};

} // namespace vw
