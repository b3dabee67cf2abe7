#include "window/unsavedprofile.h"

#include "profileeditorpage.h"
#include "window/unsavedchanges.h"

#include <QDir>
#include <QFileDialog>
#include <memory>

namespace vw {

SettleOutcome settleProfileEdits(ProfileEditorPage *editor, QWidget *dialogParent,
                                 const QString &action, std::function<void()> proceed)
{
    if (!editor->isModified()) {
        proceed();
        return SettleOutcome::Proceeded;
    }
    switch (askAboutUnsavedProfile(dialogParent, editor->documentName(), action)) {
    case UnsavedChoice::Discard:
        proceed();
        return SettleOutcome::Proceeded;
    case UnsavedChoice::Cancel:
        return SettleOutcome::Cancelled;
    case UnsavedChoice::Save:
        break;
    }
    QString path = editor->filePath();
    if (path.isEmpty()) {
        const QString suggested = QDir::home().filePath(
            (editor->profile() ? editor->profile()->name : QStringLiteral("profile"))
            + QStringLiteral(".yaml"));
        path = QFileDialog::getSaveFileName(dialogParent, QObject::tr("Save profile"), suggested,
                                            QObject::tr("Profiles (*.yaml *.yml)"));
        if (path.isEmpty())
            return SettleOutcome::SaveAsCancelled;
    }
    // Written on a pool thread (ProfileEditorPage::saveTo()): go on once it is on disk.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = QObject::connect(editor, &ProfileEditorPage::saved, editor,
                                   [path, connection, proceed = std::move(proceed)](
                                       const QString &written, const QString &error) {
                                       if (written != path)
                                           return;
                                       QObject::disconnect(*connection);
                                       if (error.isEmpty())
                                           proceed();
                                   });
    editor->saveTo(path);
    return SettleOutcome::Saving;
}

} // namespace vw
