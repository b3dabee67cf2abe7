#include "commandline.h"

#include "cli.h"

#include <utility>

namespace vw::cli {

QString exitCodesText()
{
    return QStringLiteral(
        "Exit codes:\n"
        "  0    run completed; report printed\n"
        "  1    run failed during the measured window, or was stopped (session written)\n"
        "  2    usage error, invalid profile, no token found, unreadable session file\n"
        "  3    setup failure: server unreachable, sealed, token refused or too short-lived\n"
        "       for the run, open-file limit too low for the VUs, or an operation's setup\n"
        "       failed (nothing was measured, no session written); compare --fail-on:\n"
        "       a verdict was worse\n"
        "  4    cleanup could not remove everything: run (takes precedence over 1 and 3;\n"
        "       the leftovers and the command to sweep them are printed) and cleanup\n"
        "       (something tagged is still on the server, or a list could not be read)\n"
        "  5    run --start-at: not ready by the start barrier (+ --start-tolerance); the shard\n"
        "       did not start (session written, status failed, shard.late_start)\n"
        "  130  aborted by a second SIGINT/SIGTERM\n");
}

QString commandHelpText(const CommandHelp &help)
{
    return QStringLiteral("Usage:\n") + help.synopsis + QLatin1Char('\n') + help.text
           + QLatin1Char('\n') + exitCodesText();
}

CommandLine::CommandLine(CommandHelp help)
    : m_help(std::move(help))
    , m_helpOption({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("this help"))
{
    m_parser.addOption(m_helpOption);
}

void CommandLine::addOption(const QCommandLineOption &option)
{
    m_parser.addOption(option);
}

void CommandLine::addOptions(const QList<QCommandLineOption> &options)
{
    m_parser.addOptions(options);
}

std::optional<int> CommandLine::parse(const QStringList &args, int minPositional, int maxPositional,
                                      const QString &expected)
{
    if (!m_parser.parse(QStringList{QStringLiteral("vault-workbench ") + m_help.name} + args)) {
        printErr(QStringLiteral("vault-workbench %1: %2 (see --help)\n")
                     .arg(m_help.name, m_parser.errorText()));
        return ExitUsage;
    }
    if (m_parser.isSet(m_helpOption)) {
        printHelp();
        return ExitOk;
    }
    const qsizetype n = m_parser.positionalArguments().size();
    if (n < minPositional || (maxPositional >= 0 && n > maxPositional))
        return usageError(maxPositional == 0 ? QStringLiteral("takes no arguments")
                                             : QStringLiteral("expected ") + expected);
    return std::nullopt;
}

int CommandLine::usageError(const QString &problem) const
{
    printErr(QStringLiteral("vault-workbench %1: %2; see --help\n").arg(m_help.name, problem));
    return ExitUsage;
}

void CommandLine::printHelp(bool toStderr) const
{
    (toStderr ? printErr : printOut)(commandHelpText(m_help));
}

} // namespace vw::cli
