#include "operationpalette.h"

#include "editing/operationsnippet.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace vw {

OperationPalette::OperationPalette(const QList<OperationType> &types, QWidget *parent)
    : QWidget(parent)
    , m_types(types)
{
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("operationPalette"));
    m_tree->setAccessibleName(tr("Operation palette"));
    m_tree->setHeaderLabels({tr("Operation"), tr("What it does")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->setIndentation(12);
    m_tree->setToolTip(tr("Double-click or Enter inserts the operation with its params at their "
                          "defaults"));
    QMap<QString, QTreeWidgetItem *> groups;
    // The groups in OperationGroup's order; each type declares its own (core/ops/operationtype.h).
    for (const OperationGroup og :
         {OperationGroup::Sys, OperationGroup::Kv, OperationGroup::Ssh, OperationGroup::Pki,
          OperationGroup::Transit, OperationGroup::Totp, OperationGroup::Auth,
          OperationGroup::Identity, OperationGroup::Cubbyhole, OperationGroup::Database,
          OperationGroup::Ldap}) {
        const QString g = operationGroupName(og);
        auto *item = new QTreeWidgetItem(m_tree, {g});
        item->setFlags(Qt::ItemIsEnabled);
        QFont f = item->font(0);
        f.setBold(true);
        item->setFont(0, f);
        groups.insert(g, item);
    }
    for (const OperationType &t : std::as_const(m_types)) {
        QTreeWidgetItem *group = groups.value(operationGroupName(t.group));
        auto *item = new QTreeWidgetItem(group, {t.name, t.description});
        item->setData(0, Qt::UserRole, t.name);
        item->setToolTip(0, t.description);
        item->setToolTip(1, t.description);
    }
    for (QTreeWidgetItem *g : std::as_const(groups))
        if (g->childCount() == 0)
            delete g;
    m_tree->expandAll();

    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("operationDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMargin(4);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_details);
    scroll->setWidgetResizable(true);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_tree);
    split->addWidget(scroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(split);

    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { showDetails(item); });
    connect(m_tree, &QTreeWidget::itemActivated, this, &OperationPalette::activate);
}

const OperationType *OperationPalette::type(const QString &name) const
{
    for (const OperationType &t : m_types)
        if (t.name == name)
            return &t;
    return nullptr;
}

void OperationPalette::showDetails(QTreeWidgetItem *item)
{
    const OperationType *t = item ? type(item->data(0, Qt::UserRole).toString()) : nullptr;
    if (!t) {
        m_details->setText(tr("Select an operation type."));
        return;
    }
    QString html = QStringLiteral("<b>%1</b>: %2<br><tt>%3</tt>")
                       .arg(t->name.toHtmlEscaped(), t->description.toHtmlEscaped(),
                            t->request.toHtmlEscaped());
    if (!t->setup.isEmpty())
        html += QStringLiteral("<br><i>%1</i> %2").arg(tr("Setup:"), t->setup.toHtmlEscaped());
    if (!t->params.isEmpty()) {
        html += QStringLiteral("<ul style='margin-left:-20px'>");
        for (const ParamSpec &p : t->params)
            html += QStringLiteral("<li><tt>%1</tt> (%2; %3): %4</li>")
                        .arg(p.name.toHtmlEscaped(),
                             p.required() ? tr("required")
                                          : tr("default %1")
                                                .arg(formatParamValue(p, p.defaultValue))
                                                .toHtmlEscaped(),
                             allowedText(p).toHtmlEscaped(), p.description.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    m_details->setText(html);
}

void OperationPalette::activate(QTreeWidgetItem *item)
{
    if (item && type(item->data(0, Qt::UserRole).toString()))
        emit insertRequested(item->data(0, Qt::UserRole).toString());
}

} // namespace vw
