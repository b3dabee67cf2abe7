#include "exportnotice.h"

#include "exportfolder.h"
#include "exportwriter.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace vw {

ExportNotice::ExportNotice(ExportWriter *writer, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("exportNotice"));
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("exportNoticeLabel"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reveal = new QToolButton(this);
    m_reveal->setObjectName(QStringLiteral("exportShowInFolderButton"));
    m_reveal->setText(tr("Show in Folder"));
    m_reveal->setToolTip(tr("Open the folder of the exported file"));
    m_reveal->setAutoRaise(true);
    auto *lay = new QHBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_label);
    lay->addWidget(m_reveal);
    connect(m_reveal, &QToolButton::clicked, this, [this] {
        if (!m_path.isEmpty())
            showInFolder(m_path);
    });
    connect(writer, &ExportWriter::finished, this, &ExportNotice::onFinished);
    hide();
}

void ExportNotice::onFinished(const QString &path, const QString &error)
{
    m_path = error.isEmpty() ? path : QString();
    m_label->setText(error.isEmpty() ? tr("Exported to %1").arg(QDir::toNativeSeparators(path))
                                     : tr("Export failed: %1").arg(error));
    m_label->setToolTip(m_label->text());
    m_reveal->setVisible(error.isEmpty());
    show();
}

} // namespace vw
