#include "guimain.h"

#ifdef VW_HAVE_GUI

#include "cli.h"
#include "mainwindow.h"
#include "session/sessionio.h"

#include <QApplication>
#include <QCommandLineParser>

namespace vw {

int runGui(QApplication &app)
{
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("session or profile"));
    const QCommandLineOption addr(QStringLiteral("addr"), QStringLiteral("target address"),
                                  QStringLiteral("URL"));
    p.addOption(addr);
    if (!p.parse(app.arguments())) {
        cli::printErr(QStringLiteral("vault-workbench: %1 (see --help)\n").arg(p.errorText()));
        return cli::ExitUsage;
    }
    const QStringList files = p.positionalArguments();
    if (files.size() > 1) {
        cli::printErr(QStringLiteral("vault-workbench: one FILE at most; see --help\n"));
        return cli::ExitUsage;
    }

    MainWindow window;
    if (p.isSet(addr))
        window.setTargetAddress(p.value(addr));
    if (!files.isEmpty()) {
        // A session if it parses as one, else a profile (whose errors the editor shows).
        const QString file = files.first();
        if (readSession(file, nullptr))
            window.openSession(file);
        else
            window.openProfile(file);
    }
    window.show();
    return app.exec();
}

} // namespace vw

#endif // VW_HAVE_GUI
