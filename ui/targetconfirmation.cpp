#include "targetconfirmation.h"

#include "vault/targetresolver.h"
#include "vault/serveranswer.h"
#include "vault/vaultclient.h"

#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>

#include <algorithm>

namespace vw {

namespace {
const char kConfirmedKey[] = "target/confirmedAddresses";

std::function<bool(const QString &)> &loopbackCheck()
{
    static std::function<bool(const QString &)> check;
    return check;
}
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

bool TargetConfirmation::isLoopback(const QString &address)
{
    return loopbackCheck() ? loopbackCheck()(address) : isLoopbackAddress(address);
}

bool TargetConfirmation::needsConfirmation(const QString &address)
{
    return !isLoopback(address) && !isConfirmed(address);
}

void TargetConfirmation::setLoopbackCheck(std::function<bool(const QString &)> check)
{
    loopbackCheck() = std::move(check);
}

void TargetConfirmation::ask(const Profile &profile, const RunOptions &options)
{
    if (m_asking)
        return;
    m_asking = true;
    m_profile = profile;
    m_options = options;
    // the question from the event loop: ask() returns at once, as the probe's answer will
    QMetaObject::invokeMethod(this, &TargetConfirmation::askContact, Qt::QueuedConnection);
}

void TargetConfirmation::askContact()
{
    const QString address = m_profile.target.address;
    // First question: nothing has been sent to the address yet.
    QMessageBox box(QMessageBox::Warning, tr("Contact %1?").arg(address),
                    tr("%1 is not a loopback address. Nothing has been sent to it yet.\n\n"
                       "Contact it? The workbench first asks it what it is (sys/health, "
                       "without the token, at most %2 s) and shows you the answer before "
                       "the run sends the token there.")
                        .arg(address)
                        .arg(kProbeTimeoutMs / 1000),
                    QMessageBox::Yes | QMessageBox::No, m_parent);
    box.setObjectName(QStringLiteral("targetContactQuestion"));
    box.button(QMessageBox::Yes)->setText(tr("Contact It"));
    box.button(QMessageBox::Yes)->setObjectName(QStringLiteral("contactButton"));
    box.button(QMessageBox::No)->setText(tr("Do Not Contact"));
    box.button(QMessageBox::No)->setObjectName(QStringLiteral("doNotContactButton"));
    box.setDefaultButton(QMessageBox::No);
    if (box.exec() != QMessageBox::Yes) {
        finish(false);
        return;
    }
    probe();
}

void TargetConfirmation::probe()
{
    TargetSpec target = m_profile.target;
    target.requestTimeoutMs = std::min(target.requestTimeoutMs, kProbeTimeoutMs);
    auto *progress = new QProgressDialog(tr("Asking %1 what it is…").arg(target.address),
                                         tr("Cancel"), 0, 0, m_parent); // 0..0: busy spinner
    progress->setObjectName(QStringLiteral("targetProbeProgress"));
    progress->setWindowTitle(tr("Contacting %1").arg(target.address));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(0);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    m_progress = progress;
    // Cancel (the button, Esc, closing the dialog): the probe's thread ends within its
    // timeout, and its answer is dropped
    auto cancel = [this] {
        if (!m_asking || !m_progress)
            return;
        m_probe.cancel();
        m_progress->disconnect(this);
        m_progress->close();
        finish(false);
    };
    connect(progress, &QProgressDialog::canceled, this, cancel);
    connect(progress, &QDialog::rejected, this, cancel);
    progress->show();
    // The probe on its own thread (VaultClient is synchronous); no token is sent.
    m_probe.start(
        [target](const JobContext &) {
            VaultClient probe(target, QByteArray());
            return probe.serverInfo();
        },
        [this](const ServerInfo &info) { onProbed(info); });
}

void TargetConfirmation::onProbed(const ServerInfo &info)
{
    if (m_progress) {
        m_progress->disconnect(this); // closing is not a cancel
        m_progress->close();
    }
    const QString address = m_profile.target.address;
    QString what;
    if (info.reachable)
        what = tr("%1 %2, cluster \"%3\"")
                   .arg(info.product == QLatin1String("openbao") ? QStringLiteral("OpenBao")
                                                                 : QStringLiteral("Vault"),
                        info.version.isEmpty() ? tr("(version unknown)") : info.version,
                        info.clusterName.isEmpty() ? tr("(unnamed)") : info.clusterName);
    else
        what = unreachableWords(info);
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
    finish(yes);
}

void TargetConfirmation::finish(bool yes)
{
    m_asking = false;
    const Profile profile = m_profile;
    const RunOptions options = m_options;
    m_options = RunOptions(); // the token is not kept here
    emit answered(yes, profile, options);
}

} // namespace vw
