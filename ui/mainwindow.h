// The workbench window: wires the pages together, owns nothing but widgets.
#pragma once

#include <QMainWindow>

namespace vw {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Loads a profile YAML into the editor (errors are shown inline, nothing runs).
    bool openProfile(const QString &path);
    /// Opens a saved session (docs/session-format.md) into the results view.
    bool openSession(const QString &path);
    /// Overrides the target address field (e.g. the dev server the quickstart started).
    void setTargetAddress(const QString &address);
};

} // namespace vw
