// "Open Recent": the last profiles and sessions opened, kept in QSettings ("recentFiles").
// GUI thread only.
#pragma once

#include <QMenu>

namespace vw {

class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 10;

    explicit RecentFilesMenu(QWidget *parent = nullptr);

    void add(const QString &path);
    QStringList files() const;

signals:
    void fileTriggered(const QString &path);

private:
    void rebuild();
};

} // namespace vw
