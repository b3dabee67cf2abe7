// One headless command's argument handling, written once for every command (run, report,
// compare, export, ops, import-hcl, cleanup, target, study, bench-transport): its options,
// its own --help (that command's part of usage() and the exit codes, nothing else), the
// count of positional arguments, and the usage-error exit code (cli.h, ExitUsage).
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <optional>

namespace vw::cli {

/// What usage() says about one command. Each command's file defines its own (runHelp(), ...).
struct CommandHelp {
    QString name; ///< the word after vault-workbench: "run", "import-hcl"
    QString synopsis; ///< its lines of usage()'s "Usage:" block, each "  vault-workbench ...\n"
    QString text; ///< its paragraphs of usage(): what it does, arguments, options
    bool hidden = false; ///< not listed in usage() (bench-transport, for bench/run.sh)
};

/// `vault-workbench NAME --help`: "Usage:\n" + synopsis, a blank line, text, a blank line and
/// exitCodesText().
QString commandHelpText(const CommandHelp &help);

/// The "Exit codes:" block of usage() (the codes of cli.h, ExitCode).
QString exitCodesText();

/// A QCommandLineParser with -h/--help, and the checks every command makes after parsing.
/// Not thread-safe; one per command invocation, on the main thread.
class CommandLine {
public:
    explicit CommandLine(CommandHelp help);

    void addOption(const QCommandLineOption &option);
    void addOptions(const QList<QCommandLineOption> &options);
    /// The parser, for option sets added elsewhere (TargetOptions::addTo) and for reading
    /// the values after parse().
    QCommandLineParser &parser() { return m_parser; }
    const QCommandLineParser &parser() const { return m_parser; }

    /// Parses `args` (the words after the command's name). nullopt: go on. Otherwise the
    /// exit code to return at once:
    /// - ExitOk after printing commandHelpText() to stdout, for -h or --help;
    /// - ExitUsage after "vault-workbench NAME: <Qt's parse error> (see --help)" on stderr
    ///   (an unknown option, a missing value), or after usageError("expected " + expected)
    ///   when there are fewer than `minPositional` or more than `maxPositional` positional
    ///   arguments (maxPositional -1: no upper bound). `expected` names them, e.g.
    ///   "one PROFILE file"; for no positional arguments (0, 0) the message is
    ///   "takes no arguments".
    std::optional<int> parse(const QStringList &args, int minPositional, int maxPositional,
                             const QString &expected = QString());

    QStringList positional() const { return m_parser.positionalArguments(); }

    /// Prints "vault-workbench NAME: <problem>; see --help" to stderr; returns ExitUsage.
    int usageError(const QString &problem) const;

    /// This command's help (commandHelpText()) on stdout, or on stderr when `toStderr`.
    void printHelp(bool toStderr = false) const;

    const CommandHelp &help() const { return m_help; }

private:
    CommandHelp m_help;
    QCommandLineParser m_parser;
    QCommandLineOption m_helpOption;
};

} // namespace vw::cli
