// The study's log and its local-target commands (`vault-workbench study` with `target_up:`,
// docs/profile-format.md, "Studies"): <out-dir>/study.log keeps one line per run and the
// output of `target status|up|down`, which run as children of this same executable.
#pragma once

#include "util/appendfile.h"

#include <QString>
#include <QStringList>

namespace vw::cli {

/// `target up` and `target down` may take this long (a raft cluster and its balancer).
constexpr int kTargetCommandTimeoutMs = 300 * 1000;
/// `target status` and `target env` answer from the state folder.
constexpr int kTargetStatusTimeoutMs = 30 * 1000;

/// Appended to, never rewritten (util/appendfile.h, issue 23): each entry one append with
/// fdatasync(2), so a written entry is on disk and a crash leaves whole entries, in order. A
/// failure (cannot open, ENOSPC, EIO...) is printed once on stderr, "warning: study log:
/// cannot write PATH: <OS text>; the study goes on without it", and the log is left: the
/// study's sessions and report are written and checked apart.
class StudyLog {
public:
    explicit StudyLog(const QString &path);
    /// "<UTC time> <text>" and a line break.
    void write(const QString &text);
    void writeRaw(const QByteArray &bytes);
    QString path() const { return m_file.path(); }

private:
    void warnOnce();

    AppendFile m_file;
    bool m_warned = false;
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
