// The question before the first run to a non-loopback address (issue 9, item 8; issue 22,
// item 7). Nothing contacts the address before the user agrees: first "contact it?", with no
// request sent; after a yes, the unauthenticated health probe (VaultClient::serverInfo(): no
// token) names what answers there, at most kProbeTimeoutMs, on a thread of its own (the GUI
// thread never waits on the network) behind a busy indicator with Cancel; then "run against
// it?" with the version and cluster name. Only that second yes is remembered per address in
// QSettings (`target/confirmedAddresses`); the token never is. What counts as loopback is
// isLoopbackAddress() (core/vault/targetresolver.h) unless a test sets its own check
// (setLoopbackCheck()), so that a loopback listener can stand in for a remote address.
#pragma once

#include "engine/benchmarkrun.h"
#include "jobtracker.h"

#include <QObject>
#include <QPointer>
#include <functional>

QT_BEGIN_NAMESPACE
class QProgressDialog;
QT_END_NAMESPACE

namespace vw {

class TargetConfirmation : public QObject {
    Q_OBJECT
public:
    /// The version probe's request timeout (ms): an unroutable address costs at most this.
    static constexpr qint64 kProbeTimeoutMs = 3000;

    explicit TargetConfirmation(QWidget *parent);

    /// True when the user already said yes to `address` (scheme://host:port).
    static bool isConfirmed(const QString &address);
    /// Forgets every confirmed address (tests, a settings reset).
    static void forgetAll();

    /// True when `address` needs no question (its host is loopback).
    static bool isLoopback(const QString &address);
    /// Not loopback and not confirmed before: a run there asks first.
    static bool needsConfirmation(const QString &address);
    /// Replaces the loopback test (tests only; an empty function restores isLoopbackAddress()).
    static void setLoopbackCheck(std::function<bool(const QString &address)> check);

    /// Asks whether to contact profile.target.address; after a yes probes it, then asks
    /// whether to run; answered() follows (yes only after both). Ignored while asking.
    void ask(const Profile &profile, const RunOptions &options);
    bool isAsking() const { return m_asking; }

signals:
    /// `yes`: run `profile` with `options` (as given to ask()). `yes` false: declined at
    /// either question or cancelled during the probe.
    void answered(bool yes, const vw::Profile &profile, const vw::RunOptions &options);

private:
    void askContact();
    void probe();
    void onProbed(const ServerInfo &info);
    void finish(bool yes);

    QWidget *m_parent = nullptr;
    bool m_asking = false;
    Profile m_profile;
    RunOptions m_options; ///< holds the token in memory until answered
    QPointer<QProgressDialog> m_progress; ///< the busy indicator while the probe runs
    /// The probe on a thread of its own: it may wait on the network for the probe timeout.
    JobTracker m_probe{this, JobTracker::Policy::Supersede, nullptr};
};

} // namespace vw
