#include "window/unsavedchanges.h"

#include "util/duration.h"

#include <QMessageBox>
#include <QPushButton>

namespace vw {

namespace {

/// Save / Discard / Cancel (Save the default, Esc cancels) on `box`; `saveText` renames Save.
UnsavedChoice askSaveDiscardCancel(QMessageBox &box, const QString &saveText = QString())
{
    if (!saveText.isEmpty())
        box.button(QMessageBox::Save)->setText(saveText);
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save:
        return UnsavedChoice::Save;
    case QMessageBox::Discard:
        return UnsavedChoice::Discard;
    default:
        return UnsavedChoice::Cancel;
    }
}

} // namespace

UnsavedChoice askAboutUnsavedProfile(QWidget *parent, const QString &profileName,
                                     const QString &action)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Unsaved profile"),
                    QObject::tr("The profile \"%1\" has unsaved changes.").arg(profileName),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setInformativeText(QObject::tr("Save them before you %1?").arg(action));
    return askSaveDiscardCancel(box);
}

UnsavedChoice askAboutUnsavedRun(QWidget *parent, const QString &why, const QString &action)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Results not saved"),
                    QObject::tr("The run's results are not saved."),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("unsavedRunBox"));
    box.setInformativeText(
        QObject::tr("Its session could not be written (%1); it is only on screen. Save it as a "
                    "session file before you %2?")
            .arg(why, action));
    return askSaveDiscardCancel(box, QObject::tr("Save As…"));
}

RunningCloseChoice askAboutRunningClose(QWidget *parent)
{
    QMessageBox box(QMessageBox::Question, QObject::tr("Run in progress"),
                    QObject::tr("A run is in progress: stop it and clean up, or keep running?"),
                    QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("runningCloseBox"));
    box.setInformativeText(QObject::tr("Stopping ends the current stage and removes what the run "
                                       "created on the server; the window closes after that."));
    QPushButton *stop =
        box.addButton(QObject::tr("Stop, Clean Up and Close"), QMessageBox::AcceptRole);
    stop->setObjectName(QStringLiteral("stopAndCloseButton"));
    QPushButton *keep = box.addButton(QObject::tr("Keep Running"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepRunningButton"));
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    return box.clickedButton() == stop ? RunningCloseChoice::StopAndClose
                                       : RunningCloseChoice::KeepRunning;
}

bool confirmStopRun(QWidget *parent, qint64 elapsedMs)
{
    QMessageBox box(
        QMessageBox::Question, QObject::tr("Stop the run?"),
        QObject::tr("The run has been going for %1. Stop it?").arg(formatDurationMs(elapsedMs)),
        QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("stopRunBox"));
    box.setInformativeText(QObject::tr("Stopping ends the current stage and cleans up; the "
                                       "stages finished so far are kept in the session."));
    QPushButton *stop = box.addButton(QObject::tr("Stop the Run"), QMessageBox::AcceptRole);
    stop->setObjectName(QStringLiteral("stopRunButton"));
    QPushButton *keep = box.addButton(QObject::tr("Keep Running"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepRunningButton"));
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    return box.clickedButton() == stop;
}

LocalTargetQuitChoice askAboutLocalTargetOnQuit(QWidget *parent, const QString &what)
{
    QMessageBox box(
        QMessageBox::Question, QObject::tr("Local target running"),
        QObject::tr("The local target this window started (%1) is still running.").arg(what),
        QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("localTargetQuitBox"));
    box.setInformativeText(QObject::tr("Stop it now, or keep it running for the next window "
                                       "or the CLI (vault-workbench target down stops it "
                                       "later)?"));
    QPushButton *stop = box.addButton(QObject::tr("Stop It"), QMessageBox::AcceptRole);
    stop->setObjectName(QStringLiteral("stopTargetButton"));
    QPushButton *keep = box.addButton(QObject::tr("Keep It Running"), QMessageBox::DestructiveRole);
    keep->setObjectName(QStringLiteral("keepTargetButton"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    cancel->setObjectName(QStringLiteral("cancelQuitButton"));
    box.setDefaultButton(stop);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() == stop)
        return LocalTargetQuitChoice::Stop;
    if (box.clickedButton() == keep)
        return LocalTargetQuitChoice::KeepRunning;
    return LocalTargetQuitChoice::Cancel;
}

} // namespace vw
