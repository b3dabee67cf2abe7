#include "operationssection.h"

#include "ops/operationregistry.h"
#include "paramcontrols.h"
#include "editing/profileedit.h"
#include "util/duration.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <climits>

namespace vw {

OperationsSection::OperationsSection(YamlEditSink sink, QWidget *parent)
    : QWidget(parent)
    , m_sink(std::move(sink))
{
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("formOperations"));
    m_list->setMaximumHeight(120);
    auto *add = new QPushButton(tr("Add operation"), this);
    auto *remove = new QPushButton(tr("Remove"), this);
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("formOpType"));
    for (const OperationType &t : OperationRegistry::instance().types()) {
        m_type->addItem(t.name);
        m_type->setItemData(m_type->count() - 1, t.description, Qt::ToolTipRole);
    }
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("formOpName"));
    m_name->setPlaceholderText(tr("label (default: the type)"));
    m_weight = new QSpinBox(this);
    m_weight->setObjectName(QStringLiteral("formOpWeight"));
    m_weight->setRange(1, INT_MAX);
    m_weight->setKeyboardTracking(false);
    m_params = new ParamControls(this);
    m_params->setObjectName(QStringLiteral("formOpParams"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    auto *details = new QFormLayout;
    details->addRow(tr("Type"), m_type);
    details->addRow(tr("Name"), m_name);
    details->addRow(tr("Weight"), m_weight);
    auto *paramBox = new QGroupBox(tr("Params"), this);
    auto *pl = new QVBoxLayout(paramBox);
    pl->addWidget(m_params);
    auto *lay = new QVBoxLayout(this);
    lay->addWidget(m_list);
    lay->addLayout(buttons);
    lay->addLayout(details);
    lay->addWidget(paramBox);

    connect(m_list, &QListWidget::currentRowChanged, this, &OperationsSection::showRow);
    connect(add, &QPushButton::clicked, this, [this] { addOperation(m_type->currentText()); });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int r = m_list->currentRow();
        if (r < 0 || m_rows.size() <= 1)
            return; // a profile needs an operation
        m_rows.removeAt(r);
        refreshList();
        write();
    });
    connect(m_type, &QComboBox::activated, this, [this] {
        const int r = m_list->currentRow();
        if (r < 0 || m_rows[r].type == m_type->currentText())
            return;
        m_rows[r].type = m_type->currentText();
        m_rows[r].values.clear(); // params belong to a type
        showRow(r);
        refreshList();
        write();
    });
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        const int r = m_list->currentRow();
        if (r < 0 || m_rows[r].name == m_name->text().trimmed())
            return;
        m_rows[r].name = m_name->text().trimmed();
        refreshList();
        write();
    });
    connect(m_weight, &QSpinBox::valueChanged, this, [this](int w) {
        const int r = m_list->currentRow();
        if (m_loading || r < 0 || m_rows[r].weight == w)
            return;
        m_rows[r].weight = w;
        refreshList();
        write();
    });
    connect(m_params, &ParamControls::paramChanged, this,
            [this](const QString &name, const QVariant &value) {
                const int r = m_list->currentRow();
                if (m_loading || r < 0)
                    return;
                const OperationType *t = OperationRegistry::instance().find(m_rows[r].type);
                const ParamSpec *spec = t ? t->param(name) : nullptr;
                if (!spec)
                    return;
                if (spec->defaultValue.isValid() && spec->defaultValue == value)
                    m_rows[r].values.remove(name);
                else
                    m_rows[r].values.insert(name, value);
                write();
            });
}

void OperationsSection::load(const Profile &p)
{
    QList<Row> rows;
    for (const OperationSpec &op : p.operations) {
        Row row{op.type, op.name, op.weight, {}};
        if (const OperationType *t = OperationRegistry::instance().find(op.type))
            for (const ParamSpec &s : t->params) {
                const QVariant v = op.params.value(s.name);
                if (v.isValid() && !(s.defaultValue.isValid() && s.defaultValue == v))
                    row.values.insert(s.name, v);
            }
        rows << row;
    }
    const bool same =
        rows.size() == m_rows.size()
        && std::equal(rows.begin(), rows.end(), m_rows.begin(), [](const Row &a, const Row &b) {
               return a.type == b.type && a.name == b.name && a.weight == b.weight
                      && a.values == b.values;
           });
    if (same)
        return; // keep the controls (and the focus) as they are
    m_rows = rows;
    const int keep = m_list->currentRow();
    refreshList();
    m_list->setCurrentRow(std::clamp(keep, 0, int(m_rows.size()) - 1));
    showRow(m_list->currentRow());
}

void OperationsSection::refreshList()
{
    const int keep = m_list->currentRow();
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const Row &r : std::as_const(m_rows))
        m_list->addItem((r.name.isEmpty() ? r.type : QStringLiteral("%1  (%2)").arg(r.name, r.type))
                        + tr("  weight %1").arg(r.weight));
    m_list->setCurrentRow(std::clamp(keep, 0, int(m_rows.size()) - 1));
}

void OperationsSection::showRow(int row)
{
    m_loading = true;
    const bool valid = row >= 0 && row < m_rows.size();
    m_type->setEnabled(valid);
    m_name->setEnabled(valid);
    m_weight->setEnabled(valid);
    if (valid) {
        const Row &r = m_rows.at(row);
        m_type->setCurrentText(r.type);
        m_name->setText(r.name);
        m_weight->setValue(r.weight);
        m_params->show(OperationRegistry::instance().find(r.type), r.values);
    } else {
        m_params->show(nullptr, {});
    }
    m_loading = false;
}

void OperationsSection::addOperation(const QString &type)
{
    if (!OperationRegistry::instance().find(type))
        return;
    m_rows << Row{type, QString(), 100, {}};
    refreshList();
    m_list->setCurrentRow(int(m_rows.size()) - 1);
    showRow(int(m_rows.size()) - 1);
    write();
}

void OperationsSection::writeAll()
{
    write();
}

void OperationsSection::write()
{
    YAML::Node seq(YAML::NodeType::Sequence);
    for (const Row &r : std::as_const(m_rows)) {
        YAML::Node op(YAML::NodeType::Map);
        op["type"] = r.type.toStdString();
        if (!r.name.isEmpty())
            op["name"] = r.name.toStdString();
        op["weight"] = r.weight;
        const OperationType *t = OperationRegistry::instance().find(r.type);
        if (t && !r.values.isEmpty()) {
            YAML::Node params(YAML::NodeType::Map);
            for (const ParamSpec &s : t->params) {
                if (!r.values.contains(s.name))
                    continue;
                const QVariant v = r.values.value(s.name);
                params[s.name.toStdString()] = s.kind == ParamKind::Duration
                                                   ? yamlScalar(formatDurationMs(v.toLongLong()))
                                                   : yamlScalar(v);
            }
            params.SetStyle(YAML::EmitterStyle::Flow);
            op["params"] = params;
        }
        seq.push_back(op);
    }
    m_sink([seq](const QString &y, QString *e) {
        return setYamlValue(y, {QStringLiteral("operations")}, seq, e);
    });
}

} // namespace vw
