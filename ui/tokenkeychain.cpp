#include "tokenkeychain.h"

#ifdef VW_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace vw {

namespace {
const char kService[] = "vault-workbench";
const char kKey[] = "vault-token";
} // namespace

TokenKeychain::TokenKeychain(QObject *parent)
    : QObject(parent)
{
}

bool TokenKeychain::isAvailable()
{
#ifdef VW_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

void TokenKeychain::read()
{
#ifdef VW_HAVE_KEYCHAIN
    auto *job = new QKeychain::ReadPasswordJob(QString::fromLatin1(kService), this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(QString::fromLatin1(kKey));
    connect(job, &QKeychain::Job::finished, this, [this](QKeychain::Job *j) {
        auto *rj = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (rj->error() == QKeychain::NoError)
            emit tokenRead(rj->binaryData());
        else if (rj->error() != QKeychain::EntryNotFound)
            emit failed(tr("Keychain: %1").arg(rj->errorString()));
    });
    job->start();
#else
    emit failed(tr("This build has no keychain support"));
#endif
}

void TokenKeychain::write(const QByteArray &token)
{
#ifdef VW_HAVE_KEYCHAIN
    auto *job = new QKeychain::WritePasswordJob(QString::fromLatin1(kService), this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(QString::fromLatin1(kKey));
    job->setBinaryData(token);
    connect(job, &QKeychain::Job::finished, this, [this](QKeychain::Job *j) {
        if (j->error() == QKeychain::NoError)
            emit written();
        else
            emit failed(tr("Keychain: %1").arg(j->errorString()));
    });
    job->start();
#else
    Q_UNUSED(token);
    emit failed(tr("This build has no keychain support"));
#endif
}

void TokenKeychain::remove()
{
#ifdef VW_HAVE_KEYCHAIN
    auto *job = new QKeychain::DeletePasswordJob(QString::fromLatin1(kService), this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(QString::fromLatin1(kKey));
    connect(job, &QKeychain::Job::finished, this, [this](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError && j->error() != QKeychain::EntryNotFound)
            emit failed(tr("Keychain: %1").arg(j->errorString()));
    });
    job->start();
#endif
}

} // namespace vw
