// Help > About (name, version from the build, Qt version, the profile reference and the
// README) and Help > Profile Reference / README: the documents compiled in from
// resources/resources.qrc (docs/profile-format.md, README.md) shown as formatted Markdown, so
// they are there wherever the binary is. GUI thread only.
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

/// The compiled-in copies of the documents.
inline constexpr char kProfileReferenceResource[] = ":/docs/profile-format.md";
inline constexpr char kReadmeResource[] = ":/docs/README.md";

/// The About text (rich text): name, VW_VERSION, the Qt version run against and built with,
/// links "docs:profile-format" and "docs:readme" to the documents.
QString aboutText();

/// The modal About box (object name "aboutDialog"); its links open showDocument().
void showAboutDialog(QWidget *parent);

/// A non-modal window showing the Markdown document `resource` (object name
/// "documentWindow"), placed fully on-screen over `parent`. Returns it (deleted on close).
QWidget *showDocument(QWidget *parent, const QString &resource, const QString &title);

} // namespace vw
