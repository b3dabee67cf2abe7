#include "window/unsavedchanges.h"

#include <QMessageBox>
#include <QPushButton>

namespace vw {

UnsavedChoice askAboutUnsavedProfile(QWidget *parent, const QString &profileName,
                                     const QString &action)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Unsaved profile"),
                    QObject::tr("The profile \"%1\" has unsaved changes.").arg(profileName),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setInformativeText(QObject::tr("Save them before you %1?").arg(action));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save: return UnsavedChoice::Save;
    case QMessageBox::Discard: return UnsavedChoice::Discard;
    default: return UnsavedChoice::Cancel;
    }
}

RunningCloseChoice askAboutRunningClose(QWidget *parent)
{
    QMessageBox box(QMessageBox::Question, QObject::tr("Run in progress"),
                    QObject::tr("A run is in progress: stop it and clean up, or keep running?"),
                    QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("runningCloseBox"));
    box.setInformativeText(QObject::tr("Stopping ends the current stage and removes what the run "
                                       "created on the server; the window closes after that."));
    QPushButton *stop = box.addButton(QObject::tr("Stop, Clean Up and Close"),
                                      QMessageBox::AcceptRole);
    stop->setObjectName(QStringLiteral("stopAndCloseButton"));
    QPushButton *keep = box.addButton(QObject::tr("Keep Running"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepRunningButton"));
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    return box.clickedButton() == stop ? RunningCloseChoice::StopAndClose
                                       : RunningCloseChoice::KeepRunning;
}

} // namespace vw
