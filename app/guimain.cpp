#include "guimain.h"

#ifdef VW_HAVE_GUI

#include "appresources.h"
#include "cli.h"
#include "mainwindow.h"
#include "util/coredump.h"

#include <QApplication>
#include <QCommandLineParser>

namespace vw {

int runGui(QApplication &app)
{
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral("sessions (the first opens, the rest are overlaid) "
                                           "or a profile"));
    const QCommandLineOption addr(QStringLiteral("addr"), QStringLiteral("target address"),
                                  QStringLiteral("URL"));
    p.addOption(addr);
    if (!p.parse(app.arguments())) {
        cli::printErr(QStringLiteral("vault-workbench: %1 (see --help)\n").arg(p.errorText()));
        return cli::ExitUsage;
    }
    const QStringList files = p.positionalArguments();
    // The window reads the token (ui/targetpanel.cpp) and keeps it: no core dump from here on.
    if (QString why; !excludeFromCoreDumps(&why))
        cli::printErr(
            QStringLiteral("warning: cannot keep the token out of core dumps: %1\n").arg(why));

    // Every window and dialog; the desktop file name lets Wayland shells find the same icon.
    QApplication::setWindowIcon(applicationIcon());
    QGuiApplication::setDesktopFileName(QStringLiteral("vault-workbench"));
    MainWindow window;
    if (p.isSet(addr))
        window.setTargetAddress(p.value(addr));
    // Sessions (the first opens, later ones are overlaid) and profiles, read off the GUI
    // thread while the window is already up (MainWindow::openFiles()).
    window.openFiles(files);
    window.show();
    return app.exec();
}

} // namespace vw

#endif // VW_HAVE_GUI
