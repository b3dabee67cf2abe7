#include "sessionloadindicator.h"

#include "sessionloader.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

namespace vw {

SessionLoadIndicator::SessionLoadIndicator(SessionLoader *loader, QWidget *parent)
    : QWidget(parent)
{
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("loadingLabel"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("loadingProgress"));
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_label);
    row->addWidget(m_progress);
    m_label->hide();
    m_progress->hide();
    connect(loader, &SessionLoader::progress, this, &SessionLoadIndicator::showProgress);
    connect(loader, &SessionLoader::idle, this, [this] {
        m_label->hide();
        m_progress->hide();
    });
}

void SessionLoadIndicator::showProgress(const QString &path, int position, int total)
{
    m_label->setText(total > 1 ? tr("Loading file %1 of %2: %3…")
                                     .arg(position)
                                     .arg(total)
                                     .arg(QFileInfo(path).fileName())
                               : tr("Loading %1…").arg(QFileInfo(path).fileName()));
    m_progress->setRange(0, 0); // busy: one file is read in one piece
    m_label->show();
    m_progress->show();
}

} // namespace vw
