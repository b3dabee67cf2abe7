// vault-workbench: one executable. The application type is picked before any widget exists
// (hotspot's createApplication): run, report, compare, ops, cleanup, study, the hidden
// bench-transport, --help, -h and --version are headless (QCoreApplication), as is the error
// for a first argument that is neither a command nor an existing file; export draws charts
// without a window (QApplication, offscreen when there is no display); anything else opens the
// window (QApplication). Before any of that, core dumps are turned off (core/util/coredump.h).
// Built twice (app/CMakeLists.txt): `vault-workbench`, headless, execs `vault-workbench-gui`
// (guilauncher.h) for the window and export; `vault-workbench-gui` has them itself.
#include "cli.h"
#include "exportcommand.h"
#include "guilauncher.h"
#include "util/coredump.h"

#include <QCoreApplication>

#ifdef VW_HAVE_GUI
#include "guimain.h"

#include <QApplication>
#endif

namespace {

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench"));
    QCoreApplication::setApplicationName(QStringLiteral("vault-workbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VW_VERSION));
}

} // namespace

int main(int argc, char **argv)
{
    // Every command and the GUI may hold a secret (VAULT_TOKEN in the environment at least):
    // no core file from here on, unless VW_ALLOW_CORE_DUMPS=1 (docs/architecture.md).
    if (const QString warning = vw::excludeFromCoreDumpsAtStart(); !warning.isEmpty())
        vw::cli::printErr(QStringLiteral("warning: %1\n").arg(warning));
    if (qEnvironmentVariableIsSet("VW_PRINT_DUMPABLE")) // hidden: tst_cli, coreDumpsOff
        vw::cli::printErr(QStringLiteral("dumpable=%1 core_limit=%2\n")
                              .arg(vw::coreDumpsExcluded() ? 0 : 1)
                              .arg(vw::coreFileLimitBytes()));
    if (vw::cli::isHeadless(argc, argv)) {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return vw::cli::runHeadless(QCoreApplication::arguments());
    }
    if (const QString bad = vw::cli::unknownFirstArgument(argc, argv); !bad.isEmpty()) {
        QCoreApplication app(argc, argv);
        vw::cli::printErr(
            QStringLiteral("error: %1 is neither a command nor an existing file\n\n").arg(bad)
            + vw::cli::usage());
        return vw::cli::ExitUsage;
    }
#ifdef VW_HAVE_GUI
    if (vw::cli::isExportCommand(argc, argv)) { // charts need a QApplication (offscreen)
        vw::cli::prepareExportPlatform();
        QApplication app(argc, argv);
        setApplicationNames();
        return vw::cli::exportCommand(QCoreApplication::arguments().mid(2));
    }
    QApplication app(argc, argv);
    setApplicationNames();
    return vw::runGui(app);
#else
#ifdef VW_GUI_EXECUTABLE
    const QString why = vw::execGuiExecutable(argv); // returns only when it failed
    QCoreApplication app(argc, argv);
    vw::cli::printErr(QStringLiteral("error: cannot open the window: %1\n").arg(why));
    return vw::cli::ExitUsage;
#else
    QCoreApplication app(argc, argv);
    vw::cli::printErr(QStringLiteral("vault-workbench was built without the window "
                                     "(VW_BUILD_GUI=OFF); use run or report\n\n")
                      + vw::cli::usage());
    return vw::cli::ExitUsage;
#endif
#endif
}
