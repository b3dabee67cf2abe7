// The study's log and its local-target commands (`vault-workbench study` with `target_up:`,
// docs/profile-format.md, "Studies"): <out-dir>/study.log keeps one line per run and the
// output of `target status|up|down`, which run as children of this same executable.
#pragma once

#include <QFile>
#include <QStringList>

namespace vw::cli {

/// `target up` and `target down` may take this long (a raft cluster and its balancer).
constexpr int kTargetCommandTimeoutMs = 300 * 1000;
/// `target status` and `target env` answer from the state folder.
constexpr int kTargetStatusTimeoutMs = 30 * 1000;

class StudyLog {
public:
    explicit StudyLog(const QString &path);
    /// "<UTC time> <text>" and a line break.
    void write(const QString &text);
    void writeRaw(const QByteArray &bytes);
    QString path() const { return m_file.fileName(); }

private:
    QFile m_file;
};

/// Runs this executable (QCoreApplication::applicationFilePath()) with `arguments`, e.g.
/// {"target", "up", "cluster", "--nodes", "3"}, for at most `timeoutMs` (then killed), its
/// merged output to `log`. True when it exited 0; else *error says why.
bool runTargetCommand(const QStringList &arguments, int timeoutMs, StudyLog *log, QString *error);

/// The token of the local target: `vault-workbench target env`'s VAULT_TOKEN
/// (core/study/studytarget.h). Its output is not logged (it holds the token). Empty + *error
/// when the command fails or prints no token.
QByteArray targetEnvToken(QString *error);

} // namespace vw::cli
