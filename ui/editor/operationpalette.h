// The profile editor's operation palette: every operation type of the catalogue
// (builtinOperationTypes(), the list behind `vault-workbench ops`) grouped by
// OperationType::group (core/ops/operationtype.h), the selected type's description,
// request and params below. Double-click or Enter on a type emits insertRequested(). GUI
// thread only.
#pragma once

#include "ops/operationtype.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace vw {

class OperationPalette : public QWidget {
    Q_OBJECT
public:
    explicit OperationPalette(const QList<OperationType> &types, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    /// The type named `name`, or nullptr.
    const OperationType *type(const QString &name) const;

signals:
    /// The user asked to insert an item of this type (by its name).
    void insertRequested(const QString &typeName);

private:
    void showDetails(QTreeWidgetItem *item);
    void activate(QTreeWidgetItem *item);

    QList<OperationType> m_types;
    QTreeWidget *m_tree = nullptr;
    QLabel *m_details = nullptr;
};

} // namespace vw
