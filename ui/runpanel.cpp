#include "runpanel.h"

#include "models/sessionset.h"
#include "profile/profileparser.h"
#include "util/duration.h"
#include "window/elidedlabel.h"
#include "window/runoutcome.h"

#include <QFileInfo>
#include <algorithm>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace vw {

namespace {

QString clock(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2.%3")
        .arg(s / 60)
        .arg(s % 60, 2, 10, QLatin1Char('0'))
        .arg((ms % 1000) / 100);
}

QString phaseStyle(RunPhase p)
{
    switch (p) {
    case RunPhase::Running:
        return QStringLiteral("background:#2e7d32;color:white;");
    case RunPhase::Connecting:
    case RunPhase::SettingUp:
    case RunPhase::CleaningUp:
        return QStringLiteral("background:#f9a825;color:black;");
    default:
        return QStringLiteral("background:#607d8b;color:white;");
    }
}

/// The newest second of the run's series in which requests completed, all operations summed:
/// when most of them could not reach the server (connection, TLS, timeout), the banner's
/// warning; empty otherwise.
QString serverGoneWarning(const RunSnapshot &s)
{
    if (s.phase != RunPhase::Running || s.series.isEmpty())
        return QString();
    double newest = -1;
    for (qsizetype i = s.series.size() - 1; i >= 0 && newest < 0; --i)
        if (s.series.at(i).count > 0)
            newest = s.series.at(i).tS;
    if (newest < 0)
        return QString();
    int64_t count = 0;
    QMap<QString, int64_t> gone;
    for (qsizetype i = s.series.size() - 1; i >= 0 && s.series.at(i).tS >= newest - 1e-9; --i) {
        const SeriesPoint &p = s.series.at(i);
        if (p.tS > newest + 1e-9)
            continue;
        count += p.count;
        for (const char *key : {"connection", "tls", "timeout"})
            gone[QLatin1String(key)] += p.errorClasses.value(QLatin1String(key));
    }
    int64_t failed = 0;
    QString worst;
    for (auto it = gone.cbegin(); it != gone.cend(); ++it) {
        failed += it.value();
        if (worst.isEmpty() || it.value() > gone.value(worst))
            worst = it.key();
    }
    if (count == 0 || failed * 10 < count * 9) // under 90 %: the server is there
        return QString();
    return RunPanel::tr("The server is not answering: %1 of %2 requests in second %3 could not "
                        "reach it (%4). The run ends as failed if this goes on (the profile's "
                        "abort rule).")
        .arg(failed)
        .arg(count)
        .arg(qRound(newest))
        .arg(worst);
}

} // namespace

RunPanel::RunPanel(QWidget *parent)
    : QWidget(parent)
{
    m_phase = new QLabel(tr("Idle"), this);
    m_phase->setObjectName(QStringLiteral("phaseLabel"));
    m_phase->setAlignment(Qt::AlignCenter);
    m_phase->setMinimumWidth(110);
    m_phase->setStyleSheet(QStringLiteral("QLabel{%1 border-radius:3px; padding:2px 8px;"
                                          " font-weight:bold;}")
                               .arg(phaseStyle(RunPhase::Idle)));
    m_stage = new ElidedLabel(tr("No run yet: Ctrl+R runs the profile"), this);
    m_stage->setObjectName(QStringLiteral("stageLabel"));
    // These two labels change with every live update (<= 10 Hz). Their widths must not follow
    // the text: a changed size hint lays the whole window out again and resizes the charts.
    // A long line (a failure's reason) is elided before the Repeat control, whole in the tool
    // tip (and in the banner below).
    m_stage->setMinimumWidth(120);
    m_elapsed = new QLabel(this);
    m_elapsed->setObjectName(QStringLiteral("elapsedLabel"));
    m_elapsed->setFont(QFont(QStringLiteral("monospace")));
    m_elapsed->setFixedWidth(
        QFontMetrics(m_elapsed->font()).horizontalAdvance(QStringLiteral("00:00:00 / 00:00:00 ")));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("runProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(10);

    m_banner = new QWidget(this);
    m_banner->setObjectName(QStringLiteral("errorBanner"));
    m_banner->setAttribute(Qt::WA_StyledBackground);
    m_banner->setStyleSheet(QStringLiteral(
        "#errorBanner{background:#fdecea; border:1px solid #e57373; border-radius:3px;}"
        "QLabel{color:#b71c1c;}"));
    m_bannerText = new QLabel(m_banner);
    m_bannerText->setObjectName(QStringLiteral("errorText"));
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *close = new QToolButton(m_banner);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    connect(close, &QToolButton::clicked, this, &RunPanel::clearError);
    auto *bl = new QHBoxLayout(m_banner);
    bl->setContentsMargins(8, 4, 4, 4);
    bl->addWidget(m_bannerText, 1);
    bl->addWidget(close, 0, Qt::AlignTop);
    m_banner->hide();

    m_repeat = new QSpinBox(this);
    m_repeat->setObjectName(QStringLiteral("repeatSpin"));
    m_repeat->setRange(0, int(kMaxRepeat));
    m_repeat->setValue(0);
    m_repeat->setPrefix(tr("Repeat ×"));
    m_repeat->setSpecialValueText(tr("Repeat: profile"));
    m_repeat->setToolTip(tr("Runs the ramp this many times back to back, as one session of "
                            "replicates: intervals and verdicts then rest on the runs' spread "
                            "(3 or more recommended). \"profile\": the profile's repeat:."));

    // Cleanup retrying (a sealed or rate-limited server): the countdown and a way out.
    m_cleanup = new QWidget(this);
    m_cleanup->setObjectName(QStringLiteral("cleanupRetry"));
    m_cleanupText = new QLabel(m_cleanup);
    m_cleanupText->setObjectName(QStringLiteral("cleanupRetryText"));
    m_cleanupText->setWordWrap(true);
    m_cleanupText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *leave = new QPushButton(tr("Leave it, sweep later"), m_cleanup);
    leave->setObjectName(QStringLiteral("leaveCleanupButton"));
    leave->setToolTip(tr("Stop retrying: what is not removed yet is recorded in the session, "
                         "and `vault-workbench cleanup SESSION` sweeps it later"));
    connect(leave, &QPushButton::clicked, this, [this, leave] {
        leave->setEnabled(false);
        m_cleanupTick->stop();
        m_cleanupText->setText(tr("Leaving the rest for later…"));
        emit leaveCleanupRequested();
    });
    auto *cl = new QHBoxLayout(m_cleanup);
    cl->setContentsMargins(0, 0, 0, 0);
    cl->addWidget(m_cleanupText, 1);
    cl->addWidget(leave);
    m_cleanup->hide();
    m_cleanupTick = new QTimer(this);
    m_cleanupTick->setInterval(1000);
    connect(m_cleanupTick, &QTimer::timeout, this, &RunPanel::updateCleanupText);

    auto *row = new QHBoxLayout;
    row->addWidget(m_phase);
    row->addWidget(m_stage, 1);
    row->addWidget(m_repeat);
    row->addWidget(m_elapsed);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(3);
    lay->addLayout(row);
    lay->addWidget(m_progress);
    lay->addWidget(m_cleanup);
    lay->addWidget(m_banner);
}

void RunPanel::showCleanupRetry(const QString &what, const QString &answer, qint64 nextInMs,
                                qint64 budgetLeftMs)
{
    m_cleanupWhat = tr("%1: %2").arg(what, answer);
    m_cleanupNextMs = nextInMs;
    m_cleanupLeftMs = nextInMs + budgetLeftMs;
    m_cleanupClock.start();
    if (auto *leave = m_cleanup->findChild<QPushButton *>(QStringLiteral("leaveCleanupButton")))
        leave->setEnabled(true);
    updateCleanupText();
    m_cleanup->show();
    m_cleanupTick->start();
}

void RunPanel::updateCleanupText()
{
    const qint64 passed = m_cleanupClock.isValid() ? m_cleanupClock.elapsed() : 0;
    const auto seconds = [](qint64 ms) { return (std::max<qint64>(0, ms) + 999) / 1000; };
    m_cleanupText->setText(tr("Cleanup is retrying %1 · next try in %2 s · gives up in %3 s")
                               .arg(m_cleanupWhat)
                               .arg(seconds(m_cleanupNextMs - passed))
                               .arg(seconds(m_cleanupLeftMs - passed)));
}

QString RunPanel::cleanupText() const
{
    return m_cleanup->isHidden() ? QString() : m_cleanupText->text();
}

void RunPanel::runStarted(const Profile &profile)
{
    clearError();
    m_cleanupTick->stop();
    m_cleanup->hide();
    m_totalMs = profile.totalDurationMs();
    m_rampStages = int(profile.ramp.stages.size());
    m_runs = std::max(1, profile.repeat);
    m_progress->setValue(0);
    m_stage->setText(tr("%1: %2 stage(s)%3, %4")
                         .arg(profile.name)
                         .arg(profile.ramp.stages.size())
                         .arg(m_runs > 1 ? tr(" x %1 runs").arg(m_runs) : QString())
                         .arg(formatDurationMs(m_totalMs)));
    m_elapsed->setText(clock(0) + QStringLiteral(" / ") + clock(m_totalMs));
    setPhase(RunPhase::Connecting, QString());
}

void RunPanel::setPhase(RunPhase phase, const QString &detail)
{
    m_phase->setText(runPhaseName(phase));
    m_phase->setStyleSheet(QStringLiteral("QLabel{%1 border-radius:3px; padding:2px 8px;"
                                          " font-weight:bold;}")
                               .arg(phaseStyle(phase)));
    m_phase->setToolTip(detail);
    // Finished carries the raw status key as detail; runFinished() writes the outcome.
    if (phase != RunPhase::Running && phase != RunPhase::Finished && !detail.isEmpty())
        m_stage->setText(detail);
}

void RunPanel::showSnapshot(const RunSnapshot &s)
{
    if (s.phase == RunPhase::Running && s.stageIndex >= 0) {
        // With repeats the engine counts every replicate's stages: name the run and its stage.
        const bool repeated = m_runs > 1 && m_rampStages > 0;
        QString text = repeated
                           ? tr("Run %1 of %2 · ").arg(s.stageIndex / m_rampStages + 1).arg(m_runs)
                           : QString();
        text += tr("Stage %1 of %2 · %3 VUs · %4 in flight · %5 / %6")
                    .arg(stageNumber(repeated ? s.stageIndex % m_rampStages : s.stageIndex))
                    .arg(repeated ? m_rampStages : s.stageCount)
                    .arg(s.vus)
                    .arg(s.inFlight)
                    .arg(formatDurationMs(s.stageElapsedMs / 100 * 100),
                         formatDurationMs(s.stageDurationMs));
        if (s.inWarmup)
            text += tr(" (warm-up)");
        m_stage->setText(text);
    }
    // A server gone during the run: said at once, not only when the run ends (the warning
    // goes when the server answers again).
    const QString gone = serverGoneWarning(s);
    if (!gone.isEmpty()) {
        showError(gone);
        m_serverWarning = true; // after showError(), which clears it
    } else if (m_serverWarning) {
        clearError();
    }
    m_elapsed->setText(clock(s.elapsedMs) + QStringLiteral(" / ") + clock(m_totalMs));
    if (m_totalMs > 0)
        m_progress->setValue(int(std::min<qint64>(1000, s.elapsedMs * 1000 / m_totalMs)));
}

void RunPanel::runFinished(const Session &session)
{
    m_cleanupTick->stop();
    m_cleanup->hide();
    setPhase(RunPhase::Finished, QString());
    // The badge names the outcome (ui/window/runoutcome.h): a failed run never reads
    // "finished", and each failure has its own text and colour.
    const RunOutcome outcome = runOutcome(session);
    const RunOutcomeLook look = runOutcomeLook(outcome);
    m_phase->setText(look.badge);
    m_phase->setStyleSheet(QStringLiteral("QLabel{background:%1;color:%2; border-radius:3px;"
                                          " padding:2px 8px; font-weight:bold;}")
                               .arg(look.background, look.foreground));
    m_phase->setToolTip(runOutcomeMessage(session));
    m_stage->setText(runOutcomeMessage(session));
    const bool measured = !session.stages.isEmpty();
    switch (session.status) {
    case RunStatus::Completed:
        m_progress->setValue(1000);
        break;
    case RunStatus::Stopped:
        break;
    case RunStatus::Failed:
    case RunStatus::Incomplete: // not the status of a finished run
        showError(tr("Run failed: %1").arg(session.error));
        break;
    case RunStatus::SetupFailed:
        showError((outcome == RunOutcome::Unreachable ? tr("Target unreachable: %1")
                                                      : tr("Setup failed: %1"))
                      .arg(session.error.isEmpty() ? tr("unknown error") : session.error));
        break;
    }
    if (!measured && session.status != RunStatus::Completed)
        showError(errorText() + (errorText().isEmpty() ? QString() : QStringLiteral("\n"))
                  + tr("Nothing was measured; results on screen are from before this run."));
    if (!session.cleanupError.isEmpty())
        showError(errorText().isEmpty()
                      ? tr("Cleanup incomplete: %1").arg(session.cleanupError)
                      : errorText() + QLatin1Char('\n')
                            + tr("Cleanup incomplete: %1").arg(session.cleanupError));
}

void RunPanel::sessionSaved(const Session &session, const QString &path)
{
    if (session.cleanupError.isEmpty() && session.leftovers.isEmpty())
        return;
    QString quoted = QFileInfo(path).absoluteFilePath();
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    const QString hint = tr("Sweep what is left with: vault-workbench cleanup '%1'").arg(quoted);
    showError(errorText().isEmpty() ? hint : errorText() + QLatin1Char('\n') + hint);
}

void RunPanel::observe(SessionSet *set)
{
    connect(set, &SessionSet::mainChanged, this, [this, set] {
        const SessionEntry *e = set->mainEntry();
        if (e && !e->live && !e->path.isEmpty())
            showSession(e->session);
    });
}

void RunPanel::showSession(const Session &session)
{
    clearError();
    m_phase->setText(tr("Session"));
    m_phase->setStyleSheet(QStringLiteral("QLabel{%1 border-radius:3px; padding:2px 8px;"
                                          " font-weight:bold;}")
                               .arg(phaseStyle(RunPhase::Idle)));
    m_stage->setText(tr("%1 · %2 · %3 · %4 stage(s) · %5")
                         .arg(session.label, session.targetAddress,
                              session.startedAt.toLocalTime().toString(Qt::ISODate))
                         .arg(session.stages.size())
                         .arg(runStatusText(session.status)));
    m_elapsed->clear();
    m_progress->setValue(session.status == RunStatus::Completed ? 1000 : 0);
    if (session.status == RunStatus::Incomplete)
        showError(tr("This run did not finish (the program ended before the run did); its "
                     "%1 finished stage(s) were saved after each stage.")
                      .arg(session.stages.size()));
    else if (!session.error.isEmpty())
        showError(tr("This run ended with: %1").arg(session.error));
}

void RunPanel::showError(const QString &text)
{
    m_serverWarning = false;
    m_bannerText->setText(text);
    m_banner->setVisible(!text.isEmpty());
}

void RunPanel::clearError()
{
    m_serverWarning = false;
    m_bannerText->clear();
    m_banner->hide();
}

QString RunPanel::errorText() const
{
    return m_bannerText->text();
}

int RunPanel::repeat() const
{
    return m_repeat->value();
}

void RunPanel::setRepeat(int n)
{
    m_repeat->setValue(n);
}

} // namespace vw
