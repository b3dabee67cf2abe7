// The questions asked before work is lost: unsaved profile edits (before Open, Open Recent,
// New, closing the window, quitting) and a run still going when the window closes. Modal
// message boxes with object names tests can find ("unsavedChangesBox", "runningCloseBox").
// GUI thread only.
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

enum class UnsavedChoice { Save, Discard, Cancel };

/// "The profile <name> has unsaved changes" with Save / Discard / Cancel (Escape cancels).
UnsavedChoice askAboutUnsavedProfile(QWidget *parent, const QString &profileName,
                                     const QString &action);

enum class RunningCloseChoice { StopAndClose, KeepRunning };

/// "A run is in progress: stop it and clean up, or keep running?" (Escape keeps running).
RunningCloseChoice askAboutRunningClose(QWidget *parent);

} // namespace vw
