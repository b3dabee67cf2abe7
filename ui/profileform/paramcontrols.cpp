#include "paramcontrols.h"

#include "util/duration.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <climits>

namespace vw {

ParamControls::ParamControls(QWidget *parent)
    : QWidget(parent)
{
    m_form = new QFormLayout(this);
    m_form->setContentsMargins(0, 0, 0, 0);
}

void ParamControls::show(const OperationType *type, const QVariantMap &values)
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    if (!type)
        return;
    if (type->params.isEmpty()) {
        m_form->addRow(new QLabel(tr("(this type has no params)"), this));
        return;
    }
    for (const ParamSpec &spec : type->params) {
        const QVariant v = values.contains(spec.name) ? values.value(spec.name) : spec.defaultValue;
        auto *row = new QWidget(this);
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        QWidget *control = makeControl(spec, v);
        control->setObjectName(QStringLiteral("param_") + spec.name);
        const QString tip =
            spec.description + QStringLiteral("\n") + tr("allowed: %1").arg(allowedText(spec));
        control->setToolTip(tip);
        h->addWidget(control, 1);
        auto *def = new QLabel(
            spec.required() ? tr("required")
                            : tr("default %1").arg(formatParamValue(spec, spec.defaultValue)),
            row);
        def->setObjectName(QStringLiteral("paramDefault_") + spec.name);
        def->setEnabled(false);
        h->addWidget(def);
        // a duration is typed with its unit ("5m"): its canonical unit (ms) is not shown
        const bool showUnit = !spec.unit.isEmpty() && spec.kind != ParamKind::Duration;
        m_form->addRow(spec.name + (!showUnit ? QString() : QStringLiteral(" (%1)").arg(spec.unit)),
                       row);
    }
}

QWidget *ParamControls::makeControl(const ParamSpec &spec, const QVariant &value)
{
    const QString name = spec.name;
    switch (spec.kind) {
    case ParamKind::Integer:
    case ParamKind::Bytes: {
        auto *spin = new QSpinBox(this);
        spin->setRange(int(std::clamp<qint64>(spec.min, INT_MIN, INT_MAX)),
                       int(std::clamp<qint64>(spec.max, INT_MIN, INT_MAX)));
        spin->setSingleStep(int(std::max<qint64>(1, spec.multipleOf)));
        spin->setKeyboardTracking(false); // one change when the typing ends
        spin->setValue(int(value.toLongLong()));
        connect(spin, &QSpinBox::valueChanged, this,
                [this, name](int v) { emit paramChanged(name, QVariant(qint64(v))); });
        return spin;
    }
    case ParamKind::Choice: {
        auto *combo = new QComboBox(this);
        combo->addItems(spec.allowed);
        combo->setCurrentText(value.toString());
        connect(combo, &QComboBox::activated, this,
                [this, name, combo](int) { emit paramChanged(name, combo->currentText()); });
        return combo;
    }
    case ParamKind::Boolean: {
        auto *check = new QCheckBox(this);
        check->setChecked(value.toBool());
        connect(check, &QCheckBox::toggled, this,
                [this, name](bool on) { emit paramChanged(name, on); });
        return check;
    }
    case ParamKind::Duration: {
        auto *edit =
            new QLineEdit(value.isValid() ? formatDurationMs(value.toLongLong()) : QString(), this);
        edit->setPlaceholderText(QStringLiteral("5m"));
        connect(edit, &QLineEdit::editingFinished, this, [this, name, edit] {
            const std::optional<qint64> ms = parseDurationMs(edit->text().trimmed());
            edit->setStyleSheet(ms ? QString() : QStringLiteral("background: #fde2e1;"));
            if (ms)
                emit paramChanged(name, QVariant(*ms));
        });
        return edit;
    }
    case ParamKind::String: {
        auto *edit = new QLineEdit(value.toString(), this);
        connect(edit, &QLineEdit::editingFinished, this,
                [this, name, edit] { emit paramChanged(name, edit->text()); });
        return edit;
    }
    }
    return new QWidget(this);
}

} // namespace vw
