// `vault-workbench run PROFILE [--addr URL] [--out SESSION] [--label TEXT]`: one headless run.
#pragma once

#include "engine/benchmarkrun.h"

#include <QObject>
#include "commandline.h"

#include <QStringList>
#include <memory>

namespace vw::cli {

/// `args` are the arguments after "run". Runs the event loop until the run has finished and
/// its session is written. Returns the exit code (cli.h).
int runCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp runHelp();

/// Drives one BenchmarkRun on the main thread and prints its progress. Owned by runCommand().
class RunPrinter : public QObject {
    Q_OBJECT
public:
    RunPrinter(const Profile &profile, const RunOptions &options, const QString &outPath,
               QObject *parent = nullptr);
    ~RunPrinter() override;

    void start();
    void stop(int signalNumber, int count); ///< from StopSignals::received
    int exitCode() const { return m_exitCode; }

signals:
    void done(int exitCode);

private:
    void onPhase(vw::RunPhase phase, const QString &detail);
    void onStageStarted(int index, int vus);
    void onStageFinished(const vw::StageStats &stats);
    void onFinished(const vw::RunRecord &record);
    QString address() const;
    /// Cleanup left something: prints it and the `vault-workbench cleanup` command that
    /// sweeps it (the session when one was written, else --all); returns ExitCleanup.
    int reportLeftovers(const vw::RunRecord &record, bool sessionWritten) const;

    Profile m_profile;
    RunOptions m_options;
    QString m_outPath;
    std::unique_ptr<BenchmarkRun> m_run;
    bool m_headerPrinted = false;
    int m_exitCode = 1;
};

} // namespace vw::cli
