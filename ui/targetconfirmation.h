// The question before the first run to a non-loopback address (issue 9, item 8): what answers
// there (version and cluster name from the unauthenticated health probe, run on its own
// thread so the GUI thread never waits on the network), then "run against it?". A yes is
// remembered per address in QSettings (`target/confirmedAddresses`); the token never is.
#pragma once

#include "engine/benchmarkrun.h"
#include "jobtracker.h"

#include <QObject>

namespace vw {

class TargetConfirmation : public QObject {
    Q_OBJECT
public:
    explicit TargetConfirmation(QWidget *parent);

    /// True when the user already said yes to `address` (scheme://host:port).
    static bool isConfirmed(const QString &address);
    /// Forgets every confirmed address (tests, a settings reset).
    static void forgetAll();

    /// Probes profile.target.address, then asks; answered() follows. Ignored while asking.
    void ask(const Profile &profile, const RunOptions &options);
    bool isAsking() const { return m_asking; }

signals:
    /// `yes`: run `profile` with `options` (as given to ask()).
    void answered(bool yes, const vw::Profile &profile, const vw::RunOptions &options);

private:
    void onProbed(const ServerInfo &info);

    QWidget *m_parent = nullptr;
    bool m_asking = false;
    Profile m_profile;
    RunOptions m_options; ///< holds the token in memory until answered
    /// The probe on a thread of its own: it may wait on the network for the request timeout.
    JobTracker m_probe{this, JobTracker::Policy::Supersede, nullptr};
};

} // namespace vw
