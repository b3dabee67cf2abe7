#include "recentfilesmenu.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace vw {

namespace {
const char kKey[] = "recentFiles";
}

RecentFilesMenu::RecentFilesMenu(QWidget *parent)
    : QMenu(tr("Open &Recent"), parent)
{
    rebuild();
}

QStringList RecentFilesMenu::files() const
{
    return QSettings().value(QLatin1String(kKey)).toStringList();
}

void RecentFilesMenu::add(const QString &path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxEntries)
        list.removeLast();
    QSettings().setValue(QLatin1String(kKey), list);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString path = list.at(i);
        QAction *a = addAction(QStringLiteral("&%1  %2")
                                   .arg((i + 1) % 10)
                                   .arg(QDir::toNativeSeparators(QFileInfo(path).fileName())));
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] { emit fileTriggered(path); });
    }
    if (list.isEmpty()) {
        addAction(tr("(none)"))->setEnabled(false);
    } else {
        addSeparator();
        connect(addAction(tr("Clear list")), &QAction::triggered, this, [this] {
            QSettings().remove(QLatin1String(kKey));
            rebuild();
        });
    }
}

} // namespace vw
