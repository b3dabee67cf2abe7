#include "targetconfirmation.h"

#include "vault/vaultclient.h"

#include <QMessageBox>
#include <QSettings>

namespace vw {

namespace {
const char kConfirmedKey[] = "target/confirmedAddresses";
} // namespace

TargetConfirmation::TargetConfirmation(QWidget *parent)
    : QObject(parent)
    , m_parent(parent)
{
}

bool TargetConfirmation::isConfirmed(const QString &address)
{
    return QSettings().value(QLatin1String(kConfirmedKey)).toStringList().contains(address);
}

void TargetConfirmation::forgetAll()
{
    QSettings().remove(QLatin1String(kConfirmedKey));
}

void TargetConfirmation::ask(const Profile &profile, const RunOptions &options)
{
    if (m_asking)
        return;
    m_asking = true;
    m_profile = profile;
    m_options = options;
    // The probe on its own thread (VaultClient is synchronous); no token is sent.
    const TargetSpec target = profile.target;
    m_probe.start(
        [target](const JobContext &) {
            VaultClient probe(target, QByteArray());
            return probe.serverInfo();
        },
        [this](const ServerInfo &info) { onProbed(info); });
}

void TargetConfirmation::onProbed(const ServerInfo &info)
{
    const QString address = m_profile.target.address;
    QString what;
    if (info.reachable)
        what = tr("%1 %2, cluster \"%3\"")
                   .arg(info.product == QLatin1String("openbao") ? QStringLiteral("OpenBao")
                                                                 : QStringLiteral("Vault"),
                        info.version.isEmpty() ? tr("(version unknown)") : info.version,
                        info.clusterName.isEmpty() ? tr("(unnamed)") : info.clusterName);
    else
        what = tr("not reachable: %1").arg(info.errorText);
    QMessageBox box(QMessageBox::Warning, tr("Run against %1?").arg(address),
                    tr("%1 is not a loopback address.\n\nIt answers as: %2.\n\nThe run sends the "
                       "token there and creates its benchmark mounts on that server. Run "
                       "against it? (Asked once per address.)")
                        .arg(address, what),
                    QMessageBox::Yes | QMessageBox::No, m_parent);
    box.setObjectName(QStringLiteral("targetConfirmation"));
    box.setDefaultButton(QMessageBox::No);
    const bool yes = box.exec() == QMessageBox::Yes;
    if (yes) {
        QSettings settings;
        QStringList confirmed = settings.value(QLatin1String(kConfirmedKey)).toStringList();
        if (!confirmed.contains(address))
            confirmed << address;
        settings.setValue(QLatin1String(kConfirmedKey), confirmed);
    }
    m_asking = false;
    const Profile profile = m_profile;
    const RunOptions options = m_options;
    m_options = RunOptions(); // the token is not kept here
    emit answered(yes, profile, options);
}

} // namespace vw
