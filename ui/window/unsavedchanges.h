// The questions asked before work is lost or left behind: unsaved profile edits (before
// Open, Open Recent, New, closing the window, quitting), a run's results that are only on
// screen (its session could not be written anywhere) when the window closes or a new run
// starts (askSaveDiscardCancel() in unsavedchanges.cpp, one for both), a run still
// going when the window closes, stopping a long run, and a local target this window started
// still running when it closes. Modal message boxes with object names tests can find
// ("unsavedChangesBox", "unsavedRunBox", "runningCloseBox", "stopRunBox",
// "localTargetQuitBox"). GUI thread only.
#pragma once

#include <QString>
#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

enum class UnsavedChoice { Save, Discard, Cancel };

/// "The profile <name> has unsaved changes" with Save / Discard / Cancel (Escape cancels).
UnsavedChoice askAboutUnsavedProfile(QWidget *parent, const QString &profileName,
                                     const QString &action);

/// "The run's results are not saved" with Save As… / Discard / Cancel (Escape cancels), in
/// the style of askAboutUnsavedProfile(); `why` says where writing the session failed and
/// `action` completes "Save them as a session file before you ...".
UnsavedChoice askAboutUnsavedRun(QWidget *parent, const QString &why, const QString &action);

enum class RunningCloseChoice { StopAndClose, KeepRunning };

/// "A run is in progress: stop it and clean up, or keep running?" (Escape keeps running).
RunningCloseChoice askAboutRunningClose(QWidget *parent);

/// "Stop the run? It has been running for <elapsedMs, as 1 min 12 s>": Stop / Keep Running
/// (Escape and the default keep it running). True to stop.
bool confirmStopRun(QWidget *parent, qint64 elapsedMs);

enum class LocalTargetQuitChoice { Stop, KeepRunning, Cancel };

/// "The local target <what> that this window started is still running": Stop It / Keep It
/// Running / Cancel (Escape cancels the close).
LocalTargetQuitChoice askAboutLocalTargetOnQuit(QWidget *parent, const QString &what);

} // namespace vw
