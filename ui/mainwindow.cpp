#include "mainwindow.h"

namespace vw {
MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {}
MainWindow::~MainWindow() = default;
bool MainWindow::openProfile(const QString &) { return false; }
bool MainWindow::openSession(const QString &) { return false; }
void MainWindow::setTargetAddress(const QString &) {}
} // namespace vw
