// vault-workbench: one executable. The application type is picked before any widget exists
// (hotspot's createApplication): run, report, compare, ops, cleanup, study, the hidden
// bench-transport, --help, -h and --version are headless (QCoreApplication), as is the error
// for a first argument that is neither a command nor an existing file; export draws charts
// without a window (QApplication, offscreen when there is no display); anything else opens the
// window (QApplication).
#include "cli.h"
#include "exportcommand.h"

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
    if (vw::cli::isHeadless(argc, argv)) {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return vw::cli::runHeadless(QCoreApplication::arguments());
    }
    if (const QString bad = vw::cli::unknownFirstArgument(argc, argv); !bad.isEmpty()) {
        QCoreApplication app(argc, argv);
        vw::cli::printErr(QStringLiteral("error: %1 is neither a command nor an existing file\n\n")
                              .arg(bad)
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
    QCoreApplication app(argc, argv);
    vw::cli::printErr(QStringLiteral("vault-workbench was built without the window "
                                     "(VW_BUILD_GUI=OFF); use run or report\n\n")
                      + vw::cli::usage());
    return vw::cli::ExitUsage;
#endif
}
