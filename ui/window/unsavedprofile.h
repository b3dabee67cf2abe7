// The unsaved-profile flow before work replaces or closes the editor's document (Open, Open
// Recent, New, a session's profile, closing the window): asks askAboutUnsavedProfile()
// (ui/window/unsavedchanges.h) when the editor has unsaved edits, and on Save writes the
// profile (Save As asks for a name first) before going on. GUI thread only: the write runs on
// a pool thread (ProfileEditorPage::saveTo()), the flow goes on when saved() reports it.
#pragma once

#include <QString>
#include <functional>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

class ProfileEditorPage;

enum class SettleOutcome {
    Proceeded, ///< no edits, or Discard: `proceed` ran before the call returned
    Saving, ///< Save: `proceed` runs once the file is written (never if it fails)
    Cancelled, ///< Cancel (or Escape) in the question: nothing runs, the edits stay
    SaveAsCancelled, ///< Save of an untitled profile, then no file name: nothing runs
};

/// Runs `proceed` unless the editor's unsaved edits are kept; `action` completes "Save them
/// before you ..."; dialogs are parented to `dialogParent`.
SettleOutcome settleProfileEdits(ProfileEditorPage *editor, QWidget *dialogParent,
                                 const QString &action, std::function<void()> proceed);

} // namespace vw
