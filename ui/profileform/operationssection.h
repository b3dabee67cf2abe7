// The `operations:` part of the profile form: the list of operations (label, type, weight)
// and, for the selected one, its type (from the catalogue of core/ops/operationregistry.h, the
// one behind `vault-workbench ops`), its `name:` label, its weight and its params as typed
// controls (paramcontrols.h). Each change writes the whole `operations` list: per operation
// type, name (when set), weight, and params that differ from their defaults as a flow map.
// GUI thread only.
#pragma once

#include "formedit.h"
#include "profile/profile.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
class QListWidget;
class QSpinBox;
QT_END_NAMESPACE

namespace vw {

class ParamControls;

class OperationsSection : public QWidget {
    Q_OBJECT
public:
    explicit OperationsSection(YamlEditSink sink, QWidget *parent = nullptr);

    void load(const Profile &p);
    void writeAll();

    /// Appends an operation of `type` with default params and selects it (one edit).
    void addOperation(const QString &type);
    QListWidget *list() const { return m_list; }
    ParamControls *params() const { return m_params; }
    QSpinBox *weightSpin() const { return m_weight; }

private:
    struct Row {
        QString type;
        QString name;
        int weight = 100;
        QVariantMap values; ///< canonical values that differ from the defaults
    };
    void showRow(int row);
    void refreshList();
    void write();

    YamlEditSink m_sink;
    bool m_loading = false;
    QList<Row> m_rows;
    QListWidget *m_list = nullptr;
    QComboBox *m_type = nullptr;
    QLineEdit *m_name = nullptr;
    QSpinBox *m_weight = nullptr;
    ParamControls *m_params = nullptr;
};

} // namespace vw
