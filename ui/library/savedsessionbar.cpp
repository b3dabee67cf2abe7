#include "savedsessionbar.h"

#include "exportfolder.h"

#include "models/sessionset.h"
#include "session/sessionio.h"
#include "sessionfiles.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QUrl>

namespace vw {

SavedSessionBar::SavedSessionBar(SessionSet *set, QWidget *parent)
    : QWidget(parent)
    , m_set(set)
{
    setObjectName(QStringLiteral("savedSessionBar"));
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("savedSessionPath"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_reveal = new QPushButton(tr("Show in Folder"), this);
    m_reveal->setObjectName(QStringLiteral("showInFolderButton"));
    m_reveal->setToolTip(tr("Open the session file's folder in the file manager"));
    m_saveAs = new QPushButton(tr("Save Session As…"), this);
    m_saveAs->setObjectName(QStringLiteral("saveSessionAsButton"));
    m_saveAs->setToolTip(tr("Write a copy of the session file elsewhere (it holds no token)"));
    auto *l = new QHBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_label, 1);
    l->addWidget(m_reveal);
    l->addWidget(m_saveAs);

    connect(m_reveal, &QPushButton::clicked, this, [this] {
        if (!m_path.isEmpty())
            showInFolder(m_path);
    });
    connect(m_saveAs, &QPushButton::clicked, this, &SavedSessionBar::askSaveAs);
    connect(m_set, &SessionSet::entriesChanged, this, &SavedSessionBar::update);
    update();
}

void SavedSessionBar::setRunSavedPath(const QString &path)
{
    m_runPath = path;
    update();
}

void SavedSessionBar::update()
{
    const SessionEntry *main = m_set->mainEntry();
    if (!main || main->live) {
        m_runPath.clear(); // a new run: its file is not written yet
        m_path.clear();
    } else {
        m_path = main->path.isEmpty() ? m_runPath : main->path;
    }
    if (m_path != m_deletedPath)
        m_deletedPath.clear();
    const bool deleted = isFileDeleted();
    m_label->setText((deleted ? tr("Session file deleted: %1 (the results stay on screen)")
                              : tr("Session file: %1"))
                         .arg(QDir::toNativeSeparators(m_path)));
    m_label->setToolTip(QDir::toNativeSeparators(m_path));
    m_reveal->setVisible(!deleted);
    m_saveAs->setVisible(!deleted);
    setVisible(!m_path.isEmpty());
}

void SavedSessionBar::fileDeleted(const QString &path)
{
    if (!isSameFilePath(path, m_path))
        return;
    m_deletedPath = m_path;
    update();
}

void SavedSessionBar::askSaveAs()
{
    if (m_path.isEmpty() || isFileDeleted())
        return;
    const QString start = QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                              .filePath(QFileInfo(m_path).fileName());
    const QString target =
        QFileDialog::getSaveFileName(this, tr("Save session as"), start, tr("Sessions (*.json)"));
    if (!target.isEmpty())
        saveAs(target);
}

void SavedSessionBar::saveAs(const QString &target)
{
    const QString source = m_path;
    m_jobs.start(
        [source, target](const JobContext &) {
            // Read and written by the session code: the copy is a valid session, never holds
            // a token (the writer has no field for one) and replaces `target` atomically.
            QString error;
            if (QFileInfo(source).canonicalFilePath() == QFileInfo(target).canonicalFilePath())
                error = QObject::tr("it is the same file");
            else if (const std::optional<Session> s = readSession(source, &error))
                writeSession(*s, target, &error);
            return error;
        },
        [this, target](const QString &error) { emit savedAs(target, error); });
}

} // namespace vw
