#include "cli.h"

#include <iostream>
#include <string>

#include "benchcommand.h"
#include "cleanupcommand.h"
#include "comparecommand.h"
#include "distcommand.h"
#include "importhclcommand.h"
#include "k8scommand.h"
#include "opscommand.h"
#include "reportcommand.h"
#include "runcommand.h"
#include "targetcommand.h"
#include "studycommand.h"
#include "commandline.h"
#include "exportcommand.h"
#include "targetoptions.h"
#include "util/terminaltext.h"

#include <QFileInfo>
#include <QCoreApplication>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace vw::cli {

namespace {

/// One command of the executable: its help and what runs it.
struct Command {
    CommandHelp (*help)();
    int (*run)(const QStringList &args); ///< the words after the command's name
    bool headless; ///< false: export (needs a QApplication, main.cpp)
};

/// Every command, in usage() order.
const QList<Command> &commands()
{
    static const QList<Command> list = {
        {runHelp, runCommand, true},
        {reportHelp, reportCommand, true},
        {compareHelp, compareCommand, true},
        {exportHelp, exportCommand, false},
        {opsHelp, opsCommand, true},
        {importHclHelp, importHclCommand, true},
        {cleanupHelp, cleanupCommand, true},
        {targetHelp, targetCommand, true},
        {studyHelp, studyCommand, true},
        {planHelp, planCommand, true},
        {mergeHelp, mergeCommand, true},
        {distHelp, distCommand, true},
        {k8sHelp, k8sCommand, true},
        {benchTransportHelp, benchTransportCommand, true}, // hidden: bench/run.sh
    };
    return list;
}

const Command *findCommand(const QString &name)
{
    for (const Command &c : commands())
        if (c.help().name == name)
            return &c;
    return nullptr;
}

} // namespace

bool isHeadless(int argc, char **argv)
{
    if (argc < 2)
        return false;
    for (const char *opt : {"--help", "-h", "--version"})
        if (std::strcmp(argv[1], opt) == 0)
            return true;
    const Command *c = findCommand(QString::fromLocal8Bit(argv[1]));
    return c && c->headless;
}

QString unknownFirstArgument(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-' || std::strcmp(argv[1], "export") == 0)
        return QString();
    const QString arg = QString::fromLocal8Bit(argv[1]);
    return QFileInfo::exists(arg) ? QString() : arg;
}

QString usage()
{
    QString synopsis, text;
    for (const Command &c : commands()) {
        const CommandHelp h = c.help();
        if (h.hidden)
            continue;
        synopsis += h.synopsis;
        text += h.text + QLatin1Char('\n');
    }
    return QStringLiteral(
               "vault-workbench %1: benchmarks HashiCorp Vault and OpenBao over their HTTP API.\n"
               "\n"
               "Usage:\n"
               "  vault-workbench [FILE...] [--addr URL]\n")
               .arg(QStringLiteral(VW_VERSION))
           + synopsis
           + QStringLiteral(
               "  vault-workbench --help | -h | --version\n"
               "  vault-workbench COMMAND --help   that command's part of this text\n"
               "\n"
               "Without a command, the workbench window opens.\n"
               "  FILE          a session file (JSON written by a run) opens in the results view;\n"
               "                further session files are overlaid on it for comparison;\n"
               "                any other file opens as a profile (YAML) in the editor\n"
               "  --addr URL    target address, e.g. http://127.0.0.1:8200\n"
               "\n"
               "No command and not the window writes a core file (it would hold the token);\n"
               "VW_ALLOW_CORE_DUMPS=1 in the environment allows them, for debugging a crash.\n"
               "\n")
           + text + exitCodesText();
}

bool askYesNo(const QString &question)
{
    printErr(question + QStringLiteral(" [y/N] "));
    std::string answer;
    if (!std::getline(std::cin, answer))
        return false;
    const QString a = QString::fromStdString(answer).trimmed().toLower();
    return a == QLatin1String("y") || a == QLatin1String("yes");
}

QString shellQuoted(const QString &text)
{
    static const QString safe =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                       "0123456789-_./:=@%+,");
    bool plain = !text.isEmpty();
    for (const QChar c : text)
        plain = plain && safe.contains(c);
    if (plain)
        return text;
    QString out = text;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

namespace {

void write(std::FILE *stream, const QString &text)
{
    const QByteArray b = text.toLocal8Bit();
    std::fwrite(b.constData(), 1, size_t(b.size()), stream);
    std::fflush(stream);
}

} // namespace

void printOut(const QString &text)
{
    static const bool terminal = ::isatty(STDOUT_FILENO) == 1;
    write(stdout, terminal ? terminalSafe(text) : text);
}

bool printOutChunk(const QByteArray &utf8, QString *error)
{
    static const bool terminal = ::isatty(STDOUT_FILENO) == 1;
    const QByteArray b = terminal ? terminalSafe(QString::fromUtf8(utf8)).toUtf8() : utf8;
    errno = 0;
    if (std::fwrite(b.constData(), 1, size_t(b.size()), stdout) == size_t(b.size())
        && std::fflush(stdout) == 0)
        return true;
    *error = QString::fromLocal8Bit(std::strerror(errno != 0 ? errno : EIO));
    return false;
}

void printOutEscaped(const QString &text)
{
    write(stdout, terminalSafe(text));
}

void printErr(const QString &text)
{
    // Diagnostics carry names and server texts: never an escape sequence the terminal obeys.
    write(stderr, terminalSafe(text));
}

int runHeadless(const QStringList &args)
{
    const QString cmd = args.value(1);
    if (cmd == QLatin1String("--help") || cmd == QLatin1String("-h")) {
        printOut(usage());
        return ExitOk;
    }
    if (cmd == QLatin1String("--version")) {
        printOut(QStringLiteral("vault-workbench %1 (Qt %2)\n")
                     .arg(QStringLiteral(VW_VERSION), QString::fromLatin1(qVersion())));
        return ExitOk;
    }
    if (const Command *c = findCommand(cmd); c && c->headless)
        return c->run(args.mid(2));
    printErr(QStringLiteral("vault-workbench: unknown command \"%1\"; see --help\n").arg(cmd));
    return ExitUsage;
}

} // namespace vw::cli
