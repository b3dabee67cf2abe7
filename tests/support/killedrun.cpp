#include "killedrun.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTest>

#include <csignal>

namespace vw::test {

bool runUntilKilled(const QString &address, const QString &type, const QString &connection,
                    const QProcessEnvironment &env, const QString &dir,
                    const std::function<bool()> &started, QString *error)
{
    const QString path = QDir(dir).filePath(QStringLiteral("killed.yaml"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("cannot write ") + path;
        return false;
    }
    f.write(QStringLiteral("name: %1-killed\n"
                           "target: { address: %2 }\n"
                           "ramp:\n  warmup: 0s\n  stages:\n    - { vus: 2, duration: 60s }\n"
                           "operations:\n  - type: %1\n"
                           "    params: { connection: %3 }\n")
                .arg(type, address, connection)
                .toUtf8());
    f.close();
    QProcess p;
    if (!startApp(p, appRun({QStringLiteral("run"), path, QStringLiteral("--out"),
                             QDir(dir).filePath(QStringLiteral("killed.json"))},
                            dir, env))) {
        *error = QStringLiteral("run did not start");
        return false;
    }
    QElapsedTimer t;
    t.start();
    while (!started() && p.state() == QProcess::Running && t.elapsed() < 60000)
        QTest::qWait(50);
    if (p.state() != QProcess::Running) {
        *error =
            QStringLiteral("run ended before the kill: ") + QString::fromLocal8Bit(p.readAll());
        return false;
    }
    ::kill(pid_t(p.processId()), SIGKILL);
    if (!p.waitForFinished(10000)) {
        *error = QStringLiteral("run did not end within 10 s of SIGKILL");
        return false;
    }
    return true;
}

AppResult sweepAll(const QString &address, const QProcessEnvironment &env, const QString &dir)
{
    return runApp(appRun({QStringLiteral("cleanup"), QStringLiteral("--addr"), address,
                          QStringLiteral("--all"), QStringLiteral("--yes")},
                         dir, env, 120000));
}

QString checkSweptService(const QStringList &seed, const QStringList &now,
                          const QRegularExpression &vaultName)
{
    QStringList problems;
    for (const QString &s : seed)
        if (!now.contains(s))
            problems << QStringLiteral("the seed's %1 is gone").arg(s);
    QStringList extra = now;
    for (const QString &s : seed)
        extra.removeAll(s);
    qInfo("left without a lease: %s", qPrintable(extra.join(QLatin1Char(' '))));
    if (extra.size() > kKilledRunVus)
        problems << QStringLiteral("%1 left, more than one per VU: %2")
                        .arg(extra.size())
                        .arg(extra.join(QLatin1Char(' ')));
    for (const QString &e : std::as_const(extra))
        if (!vaultName.match(e).hasMatch())
            problems << QStringLiteral("%1 is not a name of Vault's").arg(e);
    return problems.join(QStringLiteral("; "));
}

} // namespace vw::test
