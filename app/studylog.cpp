#include "studylog.h"

#include "cli.h"
#include "study/studytarget.h"
#include "util/childenvironment.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QProcess>

namespace vw::cli {

StudyLog::StudyLog(const QString &path)
    : m_file(path)
{
    warnOnce();
}

void StudyLog::warnOnce()
{
    if (m_warned || m_file.error().isEmpty())
        return;
    m_warned = true;
    printErr(QStringLiteral("warning: study log: %1; the study goes on without it\n")
                 .arg(m_file.error()));
}

void StudyLog::write(const QString &text)
{
    writeRaw(QStringLiteral("%1 %2\n")
                 .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate), text)
                 .toUtf8());
}

void StudyLog::writeRaw(const QByteArray &bytes)
{
    if (m_file.isOpen() && !bytes.isEmpty() && !m_file.append(bytes))
        warnOnce();
}

namespace {

/// Runs this executable; its exit code, or -1 with *error when it did not start or finish.
int runSelf(const QStringList &arguments, int timeoutMs, QByteArray *output, QString *error)
{
    QProcess p;
    p.setProgram(QCoreApplication::applicationFilePath());
    p.setArguments(arguments);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setStandardInputFile(QProcess::nullDevice());
    p.setProcessEnvironment(childEnvironment()); // `target ...` needs no token (VAULT_*/BAO_*)
    p.start();
    if (!p.waitForStarted(10000)) {
        *error = p.errorString();
        return -1;
    }
    const bool done = p.waitForFinished(timeoutMs);
    if (!done) {
        p.kill();
        p.waitForFinished(5000);
    }
    *output = p.readAll();
    if (!done) {
        *error = QStringLiteral("no answer within %1 s").arg(timeoutMs / 1000);
        return -1;
    }
    if (p.exitStatus() != QProcess::NormalExit) {
        *error = QStringLiteral("it crashed");
        return -1;
    }
    return p.exitCode();
}

} // namespace

bool runTargetCommand(const QStringList &arguments, int timeoutMs, StudyLog *log, QString *error)
{
    const QString line = arguments.join(QLatin1Char(' '));
    log->write(QStringLiteral("$ vault-workbench %1").arg(line));
    printOut(QStringLiteral("study: vault-workbench %1\n").arg(line));
    QByteArray output;
    const int code = runSelf(arguments, timeoutMs, &output, error);
    log->writeRaw(output);
    if (code == 0)
        return true;
    if (code > 0)
        *error = QStringLiteral("exit code %1 (it needs the target command; its output is in %2)")
                     .arg(code)
                     .arg(log->path());
    log->write(QStringLiteral("vault-workbench %1: %2").arg(line, *error));
    return false;
}

QByteArray targetEnvToken(QString *error)
{
    QByteArray output;
    const int code = runSelf(targetEnvArguments(), kTargetStatusTimeoutMs, &output, error);
    if (code > 0)
        *error = QStringLiteral("exit code %1").arg(code);
    if (code != 0)
        return QByteArray();
    const QByteArray token = tokenFromTargetEnv(output);
    if (token.isEmpty())
        *error = QStringLiteral("its output has no VAULT_TOKEN");
    return token;
}

} // namespace vw::cli
