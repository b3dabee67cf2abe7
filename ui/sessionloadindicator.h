// The status bar's "Loading file 2 of 5: name.json…" label and busy bar while a SessionLoader
// (ui/sessionloader.h) reads files; hidden when it is idle. Object names "loadingLabel" and
// "loadingProgress". GUI thread only.
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
QT_END_NAMESPACE

namespace vw {

class SessionLoader;

class SessionLoadIndicator : public QWidget {
    Q_OBJECT
public:
    SessionLoadIndicator(SessionLoader *loader, QWidget *parent = nullptr);

private:
    void showProgress(const QString &path, int position, int total);

    QLabel *m_label = nullptr;
    QProgressBar *m_progress = nullptr;
};

} // namespace vw
