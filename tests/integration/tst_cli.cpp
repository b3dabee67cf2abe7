// The headless `vault-workbench` binary against a real `bao server -dev`: run, report,
// exit codes, SIGINT, and that the token never reaches the session file.
#include "apprun.h"
#include "baoserver.h"
#include "session/sessionio.h"
#include "tlstestca.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <pty.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace vw;
using vw::test::TlsTestCa;

namespace {

using vw::test::AppResult;

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

    test::BaoServer m_bao;
    QTemporaryDir m_emptyHome; // HOME of the app: no ~/.vault-token of the machine's user

    /// The app's environment: no token from the caller's environment, HOME empty;
    /// VAULT_TOKEN = the dev server's random token when `withToken`.
    QProcessEnvironment env(bool withToken) const
    {
        return test::appEnvironment(m_emptyHome.path(),
                                    withToken ? m_bao.rootToken() : QByteArray());
    }

    /// Output with the token redacted, so that a leak fails the test without printing it.
    QString redacted(const QByteArray &bytes) const
    {
        QString s = QString::fromLocal8Bit(bytes);
        if (!m_bao.rootToken().isEmpty())
            s.replace(QString::fromLatin1(m_bao.rootToken()), QStringLiteral("<TOKEN-LEAKED>"));
        return s;
    }

    AppResult runApp(const QStringList &args, const QString &workDir, bool withToken = true,
                     int timeoutMs = 45000)
    {
        test::AppRun run = test::appRun(args, workDir, env(withToken), timeoutMs);
        run.redact = m_bao.rootToken();
        return test::runApp(run);
    }

    QString writeProfile(const QString &dir, const QString &name, const QString &stages,
                         const QString &ops)
    {
        const QString path = QDir(dir).filePath(name + QStringLiteral(".yaml"));
        const QString yaml = QStringLiteral("name: %1\n"
                                            "target:\n"
                                            "  address: %2\n"
                                            "ramp:\n"
                                            "  executor: closed\n"
                                            "  stages:\n%3"
                                            "operations:\n%4")
                                 .arg(name, m_bao.address(), stages, ops);
        return writeFile(path, yaml.toUtf8()) ? path : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo(QStringLiteral(VW_APP_BINARY)).isExecutable());
        QVERIFY(m_emptyHome.isValid());
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void helpAndVersion()
    {
        QTemporaryDir dir;
        const AppResult help = runApp({QStringLiteral("--help")}, dir.path(), false);
        QCOMPARE(help.exitCode, 0);
        for (const char *word :
             {"run PROFILE", "report SESSION", "ops [--format", "--addr", "--out", "--label",
              "--format", "VAULT_TOKEN", "BAO_TOKEN", "~/.vault-token", "Exit codes", "  3 "})
            QVERIFY2(help.out.contains(QString::fromLatin1(word)), word);
        // COMMAND --help is that command's part only (app/commandline.h): its synopsis, its
        // text and the exit codes; not the window's part nor another command's synopsis.
        const QStringList commands = {
            QStringLiteral("run"),     QStringLiteral("report"), QStringLiteral("compare"),
            QStringLiteral("export"),  QStringLiteral("ops"),    QStringLiteral("import-hcl"),
            QStringLiteral("cleanup"), QStringLiteral("target"), QStringLiteral("study")};
        for (const QString &cmd : commands) {
            for (const QString &flag : {QStringLiteral("--help"), QStringLiteral("-h")}) {
                const AppResult h = runApp({cmd, flag}, dir.path(), false);
                QVERIFY2(h.exitCode == 0, qPrintable(cmd + QLatin1Char(' ') + h.err));
                QVERIFY2(h.out.startsWith(QStringLiteral("Usage:\n  vault-workbench ") + cmd
                                          + QLatin1Char(' ')),
                         qPrintable(cmd + QStringLiteral(": ") + h.out.left(200)));
                QVERIFY2(h.out.contains(QStringLiteral("\n") + cmd + QLatin1Char(':')),
                         qPrintable(cmd));
                QVERIFY2(h.out.contains(QStringLiteral("Exit codes:")), qPrintable(cmd));
                QVERIFY2(!h.out.contains(QStringLiteral("Without a command")), qPrintable(cmd));
                for (const QString &other : commands)
                    if (other != cmd)
                        QVERIFY2(!h.out.contains(QStringLiteral("\n  vault-workbench ") + other
                                                 + QLatin1Char(' ')),
                                 qPrintable(cmd + QStringLiteral(" --help names ") + other));
                QVERIFY2(help.out.contains(h.out.mid(7, h.out.indexOf(QLatin1Char('\n'), 7) - 7)),
                         qPrintable(cmd + QStringLiteral(": its synopsis is not in --help")));
            }
        }
        QVERIFY(runApp({QStringLiteral("run"), QStringLiteral("--help")}, dir.path(), false)
                    .out.contains(QStringLiteral("--addr URL          VAULT_ADDR")));
        // Argument counts and unknown options: exit 2, the command's name and "see --help".
        const QList<QPair<QStringList, QString>> bad = {
            {{QStringLiteral("report")},
             QStringLiteral("vault-workbench report: expected one SESSION file; see --help")},
            {{QStringLiteral("report"), QStringLiteral("a"), QStringLiteral("b")},
             QStringLiteral("vault-workbench report: expected one SESSION file; see --help")},
            {{QStringLiteral("compare"), QStringLiteral("a")},
             QStringLiteral(
                 "vault-workbench compare: expected two or more SESSION files; see --help")},
            {{QStringLiteral("ops"), QStringLiteral("x")},
             QStringLiteral("vault-workbench ops: takes no arguments; see --help")},
            {{QStringLiteral("run"), QStringLiteral("--frobnicate")},
             QStringLiteral("vault-workbench run: Unknown option 'frobnicate'. (see --help)")},
            {{QStringLiteral("cleanup"), QStringLiteral("a"), QStringLiteral("b")},
             QStringLiteral("vault-workbench cleanup: expected one SESSION file, or --all, or "
                            "--prefix PREFIX; see --help")},
        };
        for (const auto &[args, message] : bad) {
            const AppResult r = runApp(args, dir.path(), false);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' ')) + r.err));
            QVERIFY2(r.err.contains(message), qPrintable(r.err));
            QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        }
        const AppResult version = runApp({QStringLiteral("--version")}, dir.path(), false);
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(version.out.contains(QStringLiteral(VW_VERSION)), qPrintable(version.out));
    }

    // Issue 23.5: every command and the GUI turn core dumps off first thing in main()
    // (core/util/coredump.h): not dumpable, RLIMIT_CORE 0. VW_PRINT_DUMPABLE (hidden) prints
    // both as main() sees them after the call; VW_ALLOW_CORE_DUMPS=1 leaves them alone.
    void coreDumpsOff()
    {
        QTemporaryDir dir;
        auto start = [&](QProcess &p, const QStringList &args, bool allow) {
            QProcessEnvironment e = env(true);
            e.insert(QStringLiteral("VW_PRINT_DUMPABLE"), QStringLiteral("1"));
            e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            e.insert(QStringLiteral("VW_TARGET_DIR"), dir.filePath(QStringLiteral("none")));
            if (allow)
                e.insert(QStringLiteral("VW_ALLOW_CORE_DUMPS"), QStringLiteral("1"));
            // A core limit of 1 MB, so that the 0 seen is the app's (the hard limit permitting).
            test::startApp(p, {args, dir.path(), e, 0, {}, {}, [] {
                                   rlimit l{};
                                   getrlimit(RLIMIT_CORE, &l);
                                   l.rlim_cur = l.rlim_max == RLIM_INFINITY || l.rlim_max >= 1048576
                                                    ? 1048576
                                                    : l.rlim_max;
                                   setrlimit(RLIMIT_CORE, &l);
                               }});
        };
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        const QList<QStringList> invocations = {
            {QStringLiteral("run"), dir.filePath(QStringLiteral("missing.yaml"))},
            {QStringLiteral("report"), missing},
            {QStringLiteral("compare"), missing, missing},
            {QStringLiteral("export"), missing, QStringLiteral("--out"),
             dir.filePath(QStringLiteral("x.png"))},
            {QStringLiteral("ops")},
            {QStringLiteral("import-hcl"), dir.filePath(QStringLiteral("missing.hcl"))},
            {QStringLiteral("cleanup"), missing},
            {QStringLiteral("target"), QStringLiteral("env")},
            {QStringLiteral("study"), dir.filePath(QStringLiteral("missing.yaml"))},
            {QStringLiteral("bench-transport")},
            {QStringLiteral("--help")},
            {QStringLiteral("--version")},
            {QStringLiteral("frobnicate")},
        };
        for (const QStringList &args : invocations) {
            QProcess p;
            start(p, args, false);
            QVERIFY2(p.waitForFinished(30000), qPrintable(args.join(QLatin1Char(' '))));
            const QString err = redacted(p.readAllStandardError());
            QVERIFY2(err.startsWith(QStringLiteral("dumpable=0 core_limit=0\n")),
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + err));
        }
        // The window: the same line before it opens; then it is stopped (our child, by PID).
        {
            QProcess gui;
            start(gui, {}, false);
            QVERIFY(gui.waitForStarted(10000));
            QElapsedTimer t;
            t.start();
            QByteArray err;
            while (!err.contains('\n') && t.elapsed() < 20000 && gui.state() == QProcess::Running) {
                gui.waitForReadyRead(500);
                err += gui.readAllStandardError();
            }
            gui.kill();
            gui.waitForFinished(5000);
            QVERIFY2(err.startsWith("dumpable=0 core_limit=0\n"), err.constData());
        }
        // The documented debug variable: core dumps stay on, with a warning.
        QProcess p;
        start(p, {QStringLiteral("ops")}, true);
        QVERIFY(p.waitForFinished(30000));
        const QString err = redacted(p.readAllStandardError());
        QVERIFY2(
            err.contains(QStringLiteral("warning: core dumps allowed (VW_ALLOW_CORE_DUMPS=1)")),
            qPrintable(err));
        rlimit hard{};
        getrlimit(RLIMIT_CORE, &hard);
        if (hard.rlim_max == RLIM_INFINITY || hard.rlim_max >= 1048576)
            QVERIFY2(err.contains(QStringLiteral("dumpable=1 core_limit=1048576\n")),
                     qPrintable(err));
        else
            QVERIFY2(err.contains(QStringLiteral("dumpable=1 core_limit=")), qPrintable(err));
    }

    // Issue 23.7: a session label from a file reaches stdout as visible text: report's table
    // and vault-benchmark table and compare always escape it (core/util/terminaltext.h);
    // the CSV keeps the data, quoted, when piped, and escapes it on a terminal.
    void terminalEscapesInStdout()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("escapes"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const QString label = QString::fromUtf8("\x1b[2J\x1b[31mRED\u202e");
        const QString shown = QStringLiteral("\\x1b[2J\\x1b[31mRED\\u202e");
        const QString a = dir.filePath(QStringLiteral("a.json"));
        const AppResult run = runApp({QStringLiteral("run"), profile, QStringLiteral("--label"),
                                      label, QStringLiteral("--out"), a},
                                     dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        const QString b = dir.filePath(QStringLiteral("b.json"));
        QVERIFY(QFile::copy(a, b));
        auto raw = [](const QString &text) {
            return text.contains(QChar(0x1b)) || text.contains(QChar(0x202e));
        };
        const QList<QStringList> escaped = {
            {QStringLiteral("report"), a},
            {QStringLiteral("report"), a, QStringLiteral("--format"),
             QStringLiteral("vault-benchmark")},
            {QStringLiteral("compare"), a, b},
        };
        for (const QStringList &args : escaped) {
            const AppResult r = runApp(args, dir.path(), false);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QVERIFY2(!raw(r.out),
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": raw")));
            if (args.size() != 4) // the vault-benchmark table has no label
                QVERIFY2(r.out.contains(shown), qPrintable(r.out));
        }
        // CSV through a pipe: the label as it is, quoted (RFC 4180, docs/session-format.md).
        const AppResult csv =
            runApp({QStringLiteral("report"), a, QStringLiteral("--format"), QStringLiteral("csv")},
                   dir.path(), false);
        QCOMPARE(csv.exitCode, 0);
        QVERIFY2(csv.out.contains(QLatin1Char('"') + label + QStringLiteral("\",escapes,")),
                 qPrintable(csv.out.left(300)));
        // CSV on a terminal (a pseudo-terminal as stdout): escaped.
        int master = -1, slave = -1;
        QVERIFY(::openpty(&master, &slave, nullptr, nullptr, nullptr) == 0);
        QProcess p;
        test::startApp(
            p, {{QStringLiteral("report"), a, QStringLiteral("--format"), QStringLiteral("csv")},
                dir.path(),
                env(false),
                0,
                {},
                {},
                [slave] { ::dup2(slave, STDOUT_FILENO); }});
        QVERIFY(p.waitForFinished(30000));
        ::close(slave);
        QByteArray tty;
        char buf[4096];
        for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;)
            tty.append(buf, n);
        ::close(master);
        QCOMPARE(p.exitCode(), 0);
        const QString shownOnTty = QString::fromUtf8(tty);
        QVERIFY2(!raw(shownOnTty), tty.left(300).constData());
        QVERIFY2(shownOnTty.contains(shown), tty.left(300).constData());
    }

    void runReportJsonAndCsv()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("cli-smoke"),
                         QStringLiteral("    - { vus: 1, duration: 1s }\n"
                                        "    - { vus: 2, duration: 1s }\n"),
                         QStringLiteral("  - type: sys_health\n"
                                        "    weight: 50\n"
                                        "  - type: kv2_read\n"
                                        "    weight: 50\n"
                                        "    params: { keys: 5, payload_bytes: 64 }\n"));
        QVERIFY(!profile.isEmpty());

        // No --out: the session lands in the working folder as <name>-<timestamp>.json.
        const AppResult run = runApp({QStringLiteral("run"), profile}, dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QVERIFY2(!run.out.contains(QStringLiteral("TOKEN-LEAKED"))
                     && !run.err.contains(QStringLiteral("TOKEN-LEAKED")),
                 "the token was printed");
        // The header, then one row per stage and operation as the stages complete.
        QVERIFY2(run.out.contains(QStringLiteral("thr/s")), qPrintable(run.out));
        for (int stage = 1; stage <= 2; ++stage) { // stage numbers count from 1, VUs 1 and 2
            for (const char *op : {"sys_health", "kv2_read"}) {
                // a stage number may carry '!' (client-bound on a busy machine) or '*'
                const QRegularExpression row(QStringLiteral("^\\s*%1[*!]*\\s+%2\\s+%3\\s+\\d+")
                                                 .arg(stage)
                                                 .arg(stage)
                                                 .arg(QLatin1String(op)),
                                             QRegularExpression::MultilineOption);
                QVERIFY2(row.match(run.out).hasMatch(), qPrintable(run.out));
            }
        }
        const QStringList sessions =
            QDir(dir.path()).entryList({QStringLiteral("cli-smoke-*.json")}, QDir::Files);
        QCOMPARE(sessions.size(), 1);
        QVERIFY(QRegularExpression(QStringLiteral("^cli-smoke-\\d{8}-\\d{6}\\.json$"))
                    .match(sessions.first())
                    .hasMatch());
        const QString session = dir.filePath(sessions.first());
        QVERIFY2(run.out.contains(sessions.first()), qPrintable(run.out));

        const QByteArray bytes = fileBytes(session);
        QVERIFY(bytes.size() > 100);
        QVERIFY2(!bytes.contains(m_bao.rootToken()), "the session file holds the token");
        QCOMPARE(QJsonDocument::fromJson(bytes).object().value(QStringLiteral("status")).toString(),
                 QStringLiteral("completed"));

        const AppResult json = runApp(
            {QStringLiteral("report"), session, QStringLiteral("--format"), QStringLiteral("json")},
            dir.path(), false);
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        QJsonParseError pe;
        const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8(), &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QCOMPARE(report.value(QStringLiteral("profile")).toString(), QStringLiteral("cli-smoke"));
        const QJsonObject target = report.value(QStringLiteral("target")).toObject();
        QCOMPARE(target.value(QStringLiteral("address")).toString(), m_bao.address());
        QVERIFY(!target.value(QStringLiteral("server_version")).toString().isEmpty());
        const QJsonArray stages = report.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 2);
        for (int i = 0; i < stages.size(); ++i) {
            const QJsonObject st = stages[i].toObject();
            QCOMPARE(st.value(QStringLiteral("index")).toInt(), i);
            QCOMPARE(st.value(QStringLiteral("vus")).toInt(), i + 1);
            QCOMPARE(st.value(QStringLiteral("duration_s")).toDouble(), 1.0);
            const QJsonArray ops = st.value(QStringLiteral("ops")).toArray();
            QCOMPARE(ops.size(), 2);
            for (const QJsonValue &v : ops) {
                const QJsonObject op = v.toObject();
                for (const char *k :
                     {"op", "count", "ok", "errors", "throughput_per_s", "latency_ms"})
                    QVERIFY2(op.contains(QLatin1String(k)), k);
                QVERIFY(op.value(QStringLiteral("count")).toInteger() > 0);
                QVERIFY(op.value(QStringLiteral("ok")).toInteger() > 0);
                QVERIFY(op.value(QStringLiteral("throughput_per_s")).toDouble() > 0);
                const QJsonObject lat = op.value(QStringLiteral("latency_ms")).toObject();
                QVERIFY(lat.value(QStringLiteral("p99")).toDouble()
                        >= lat.value(QStringLiteral("p50")).toDouble());
                QVERIFY(lat.value(QStringLiteral("p50")).toDouble() > 0);
            }
        }

        const AppResult csv = runApp(
            {QStringLiteral("report"), session, QStringLiteral("--format"), QStringLiteral("csv")},
            dir.path(), false);
        QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
        const QStringList lines = csv.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 2 * 2);
        QVERIFY(lines.first().startsWith(QStringLiteral("label,profile,stage,vus,")));

        const AppResult table = runApp({QStringLiteral("report"), session}, dir.path(), false);
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains(QStringLiteral("kv2_read")));

        const AppResult missing =
            runApp({QStringLiteral("report"), dir.filePath(QStringLiteral("nope.json"))},
                   dir.path(), false);
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains(QStringLiteral("nope.json")));
        const AppResult notSession = runApp({QStringLiteral("report"), profile}, dir.path(), false);
        QCOMPARE(notSession.exitCode, 2);
    }

    void badProfileExits2AndWritesNothing()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("bad"),
                                             QStringLiteral("    - { vus: 0, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const AppResult r = runApp({QStringLiteral("run"), profile}, dir.path());
        QCOMPARE(r.exitCode, 2);
        // PROFILE:line:column: field: message
        const QRegularExpression located(QRegularExpression::escape(profile)
                                         + QStringLiteral(":\\d+:\\d+: "));
        QVERIFY2(located.match(r.err).hasMatch(), qPrintable(r.err));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("bad.yaml")});
    }

    // An --addr that is not an http(s) URL is a usage error, as the same value in the
    // profile's target.address is: exit 2 before any request, no session file.
    void badAddressExits2()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("addr"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        for (const QString &addr : {QStringLiteral("foo"), QStringLiteral("ftp://127.0.0.1:1"),
                                    QStringLiteral("not a url")}) {
            const AppResult r = runApp(
                {QStringLiteral("run"), profile, QStringLiteral("--addr"), addr}, dir.path());
            QVERIFY2(r.exitCode == 2, qPrintable(addr + QStringLiteral(": ") + r.out + r.err));
            QVERIFY2(r.err.contains(QStringLiteral("--addr")), qPrintable(r.err));
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("addr.yaml")});
    }

    // The Vault CLI's order: --addr, then VAULT_ADDR (or BAO_ADDR), then the profile; the
    // effective target and its source are printed (issue 9, item 4).
    void vaultAddrFromTheEnvironment()
    {
        QTemporaryDir dir;
        const QString dead = QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort());
        const QString path = dir.filePath(QStringLiteral("envaddr.yaml"));
        QVERIFY(writeFile(path, QStringLiteral("name: envaddr\ntarget: { address: %1 }\n"
                                               "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                                               "operations:\n  - type: sys_health\n")
                                    .arg(dead)
                                    .toUtf8()));
        auto run = [&](const QStringList &extra, const QString &var, const QString &value) {
            QProcess p;
            QProcessEnvironment e = env(true);
            if (!var.isEmpty())
                e.insert(var, value);
            test::startApp(
                p, test::appRun(QStringList{QStringLiteral("run"), path, QStringLiteral("--out"),
                                            dir.filePath(QStringLiteral("s.json"))}
                                    + extra,
                                dir.path(), e));
            p.waitForFinished(45000);
            return qMakePair(p.exitCode(), QString::fromLocal8Bit(p.readAllStandardOutput()
                                                                  + p.readAllStandardError()));
        };
        // the profile points at a dead port; VAULT_ADDR (and BAO_ADDR) at the server
        for (const QString &var : {QStringLiteral("VAULT_ADDR"), QStringLiteral("BAO_ADDR")}) {
            const auto r = run({}, var, m_bao.address());
            QVERIFY2(r.first == 0, qPrintable(redacted(r.second.toUtf8())));
            QVERIFY2(r.second.contains(
                         QStringLiteral("target %1 (from env %2)").arg(m_bao.address(), var)),
                     qPrintable(redacted(r.second.toUtf8())));
        }
        // --addr beats VAULT_ADDR
        const auto flag =
            run({QStringLiteral("--addr"), m_bao.address()}, QStringLiteral("VAULT_ADDR"), dead);
        QVERIFY2(flag.first == 0, qPrintable(redacted(flag.second.toUtf8())));
        QVERIFY(flag.second.contains(QStringLiteral("(from flag --addr)")));
        // a bad VAULT_ADDR is a usage error naming it
        const auto bad = run({}, QStringLiteral("VAULT_ADDR"), QStringLiteral("not a url"));
        QCOMPARE(bad.first, 2);
        QVERIFY2(bad.second.contains(QStringLiteral("VAULT_ADDR")), qPrintable(bad.second));
    }

    // A non-loopback target needs --yes when stdin is not a terminal: exit 2 naming the
    // address, decided before any network traffic (198.51.100.1 is TEST-NET-2, documentation
    // only: a connection attempt would hang until the request timeout, beyond the bound here).
    void nonLoopbackTargetNeedsYes()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("remote"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const QString remote = QStringLiteral("http://198.51.100.1:8200");
        QElapsedTimer t;
        t.start();
        const AppResult byFlag =
            runApp({QStringLiteral("run"), profile, QStringLiteral("--addr"), remote}, dir.path());
        QVERIFY2(byFlag.exitCode == 2, qPrintable(byFlag.out + byFlag.err));
        QVERIFY2(byFlag.err.contains(remote) && byFlag.err.contains(QStringLiteral("--yes")),
                 qPrintable(byFlag.err));
        QVERIFY2(!byFlag.out.contains(QStringLiteral("phase:")), qPrintable(byFlag.out));
        // the same from the profile, with a 20 s request timeout: still at once
        const QString inProfile = dir.filePath(QStringLiteral("remote2.yaml"));
        QVERIFY(writeFile(
            inProfile,
            QStringLiteral("name: remote2\ntarget: { address: %1, request_timeout: 20s }\n"
                           "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                           "operations:\n  - type: sys_health\n")
                .arg(remote)
                .toUtf8()));
        const AppResult byProfile = runApp({QStringLiteral("run"), inProfile}, dir.path());
        QVERIFY2(byProfile.exitCode == 2, qPrintable(byProfile.out + byProfile.err));
        QVERIFY2(byProfile.err.contains(remote), qPrintable(byProfile.err));
        QVERIFY2(t.elapsed() < 15000, "the check waited on the network");
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 2);
    }

    // Trial of issue 22 (newuser): on a terminal `run` sent GET sys/health to a non-loopback
    // address before asking (and waited up to the 30 s request timeout for it). Now it asks
    // first; a "n" sends nothing, a "y" probes for at most 3 s and asks again. stdin is a
    // pseudo-terminal; 198.51.100.1 (TEST-NET-2) never answers, so a probe can only time out.
    void nonLoopbackOnATerminalAsksBeforeAnyContact()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("remote-tty"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const QString remote = QStringLiteral("http://198.51.100.1:8200");
        auto answer = [&](const QByteArray &typed, qint64 *ms) {
            int master = -1, slave = -1;
            if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0)
                return QString();
            (void)!::write(master, typed.constData(), size_t(typed.size()));
            QProcess p;
            QElapsedTimer t;
            t.start();
            test::startApp(p, {{QStringLiteral("run"), profile, QStringLiteral("--addr"), remote},
                               dir.path(),
                               env(true),
                               0,
                               {},
                               {},
                               [slave] { ::dup2(slave, STDIN_FILENO); }});
            const bool done = p.waitForFinished(40000);
            *ms = t.elapsed();
            ::close(slave);
            ::close(master);
            if (!done) {
                p.kill();
                p.waitForFinished(5000);
                return QStringLiteral("timed out");
            }
            return QStringLiteral("exit %1\n").arg(p.exitCode())
                   + QString::fromLocal8Bit(p.readAllStandardError());
        };
        qint64 ms = 0;
        const QString no = answer("n\n", &ms);
        QVERIFY2(no.startsWith(QStringLiteral("exit 2\n")), qPrintable(no));
        QVERIFY2(no.contains(QStringLiteral("nothing has been sent to it yet")), qPrintable(no));
        QVERIFY2(no.contains(QStringLiteral("not confirmed: nothing sent to %1").arg(remote)),
                 qPrintable(no));
        // no probe: neither its answer nor its timeout
        QVERIFY2(!no.contains(QStringLiteral("reachable"))
                     && !no.contains(QStringLiteral("answered")),
                 qPrintable(no));
        QVERIFY2(ms < 10000, qPrintable(QString::number(ms)));
        const QString yesThenNo = answer("y\nn\n", &ms);
        QVERIFY2(yesThenNo.startsWith(QStringLiteral("exit 2\n")), qPrintable(yesThenNo));
        QVERIFY2(yesThenNo.contains(QStringLiteral("Run the benchmark against it")),
                 qPrintable(yesThenNo));
        QVERIFY2(yesThenNo.contains(QStringLiteral("no token sent to %1").arg(remote)),
                 qPrintable(yesThenNo));
        QVERIFY2(ms < 3000 + 10000, qPrintable(QString::number(ms))); // the probe's 3 s, not 30
    }

    // A CA file with an http:// address is an error: from the profile with its line and
    // column, from a flag or the environment naming it (issue 9, item 4).
    void caFileWithHttpIsAnError()
    {
        QTemporaryDir dir;
        const QString inProfile = dir.filePath(QStringLiteral("ca.yaml"));
        QVERIFY(writeFile(inProfile,
                          QByteArrayLiteral("name: ca\ntarget:\n  address: http://127.0.0.1:8200\n"
                                            "  ca_file: /etc/ssl/ca.pem\n"
                                            "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                                            "operations:\n  - type: sys_health\n")));
        const AppResult profile = runApp({QStringLiteral("run"), inProfile}, dir.path());
        QCOMPARE(profile.exitCode, 2);
        QVERIFY2(profile.err.contains(inProfile
                                      + QStringLiteral(":4:12: target.ca_file: needs an "
                                                       "https:// address")),
                 qPrintable(profile.err));

        const QString plain = writeProfile(dir.path(), QStringLiteral("plain"),
                                           QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                           QStringLiteral("  - type: sys_health\n"));
        const AppResult flag = runApp({QStringLiteral("run"), plain, QStringLiteral("--addr"),
                                       m_bao.address(), QStringLiteral("--ca-cert"), inProfile},
                                      dir.path());
        QCOMPARE(flag.exitCode, 2);
        QVERIFY2(flag.err.contains(QStringLiteral("error: flag --ca-cert: ca_file")),
                 qPrintable(flag.err));
        QVERIFY2(flag.err.contains(QStringLiteral("(from flag --addr) is http://")),
                 qPrintable(flag.err));
    }

    // --server-pid names the server whose memory and CPU are charted: a process that is not
    // bao or vault (here the test itself), or none at all, is refused before anything runs.
    void serverPidMustBeTheServer()
    {
        QTemporaryDir dir;
        const QString plain = writeProfile(dir.path(), QStringLiteral("pid"),
                                           QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                           QStringLiteral("  - type: sys_health\n"));
        const AppResult notServer =
            runApp({QStringLiteral("run"), plain, QStringLiteral("--server-pid"),
                    QString::number(QCoreApplication::applicationPid())},
                   dir.path());
        QCOMPARE(notServer.exitCode, 2);
        QVERIFY2(notServer.err.contains(QStringLiteral("not a bao or vault server")),
                 qPrintable(notServer.err));
        const AppResult gone = runApp({QStringLiteral("run"), plain, QStringLiteral("--server-pid"),
                                       QStringLiteral("2147483646")},
                                      dir.path());
        QCOMPARE(gone.exitCode, 2);
        QVERIFY2(gone.err.contains(QStringLiteral("no process 2147483646")), qPrintable(gone.err));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // only the profile
    }

    // sys_health is served by the root namespace only: with VAULT_NAMESPACE set it is sent
    // without X-Vault-Namespace (OpenBao answers 400 to it inside a namespace), while kv2_read
    // works inside the namespace. The session records where each setting came from.
    void namespaceFromTheEnvironment()
    {
        {
            TargetSpec t;
            t.address = m_bao.address();
            VaultClient admin(t, m_bao.rootToken());
            const VaultResponse made = admin.post(QStringLiteral("sys/namespaces/vwns1"), {});
            QVERIFY2(made.ok(), qPrintable(made.describe()));
        }
        QTemporaryDir dir;
        const QString profile = writeProfile(
            dir.path(), QStringLiteral("ns"), QStringLiteral("    - { vus: 2, duration: 2s }\n"),
            QStringLiteral("  - type: sys_health\n"
                           "  - type: kv2_read\n"
                           "    params: { keys: 3, payload_bytes: 16 }\n"));
        const QString out = dir.filePath(QStringLiteral("ns.json"));
        QProcess p;
        QProcessEnvironment e = env(true);
        e.insert(QStringLiteral("VAULT_NAMESPACE"), QStringLiteral("vwns1"));
        test::startApp(p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"),
                                        out, QStringLiteral("--addr"), m_bao.address()},
                                       dir.path(), e));
        QVERIFY(p.waitForFinished(60000));
        const QString text = redacted(p.readAllStandardOutput() + p.readAllStandardError());
        QVERIFY2(p.exitCode() == 0, qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("namespace vwns1 (from env VAULT_NAMESPACE)")),
                 qPrintable(text));

        QString error;
        const auto session = readSession(out, &error);
        QVERIFY2(session, qPrintable(error));
        QCOMPARE(session->plan.target.vaultNamespace, QStringLiteral("vwns1"));
        QCOMPARE(session->targetSources.value(QStringLiteral("namespace")),
                 QStringLiteral("env VAULT_NAMESPACE"));
        QCOMPARE(session->targetSources.value(QStringLiteral("address")),
                 QStringLiteral("flag --addr"));
        QCOMPARE(session->targetSources.value(QStringLiteral("ca_file")),
                 QStringLiteral("default"));
        QVERIFY(!session->stages.isEmpty());
        for (const StageStats &st : session->stages) {
            for (const char *op : {"sys_health", "kv2_read"}) {
                const OpStats *o = nullptr;
                for (const OpStats &x : st.ops)
                    if (x.op == QLatin1String(op))
                        o = &x;
                QVERIFY2(o, op);
                QVERIFY2(o->count > 0, op);
                QVERIFY2(o->ok == o->count, qPrintable(QStringLiteral("%1: %2 of %3 ok")
                                                           .arg(QLatin1String(op))
                                                           .arg(o->ok)
                                                           .arg(o->count)));
            }
        }
        // the run's mount was made and removed inside the namespace
        TargetSpec inNs;
        inNs.address = m_bao.address();
        inNs.vaultNamespace = QStringLiteral("vwns1");
        VaultClient check(inNs, m_bao.rootToken());
        QString why;
        const QStringList mounts = check.mountPaths(&why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        for (const QString &m : mounts)
            QVERIFY2(!m.startsWith(QLatin1String("vwb")), qPrintable(m));
    }

    // Mutual TLS end to end: a real bao server with a TLS listener that requires and verifies
    // a client certificate; --ca-cert from the command line, the client certificate and key
    // from VAULT_CLIENT_CERT and BAO_CLIENT_KEY; setup (control plane) and the load (each
    // transport) all reach it. Without the client certificate nothing gets through (exit 3).
    void mutualTlsAgainstARealServer()
    {
        QTemporaryDir dir;
        TlsTestCa ca;
        QVERIFY(ca.isValid());
        const TlsTestCa::Issued leaf = ca.issue(QStringLiteral("127.0.0.1"), true);
        const TlsTestCa::Issued client = ca.issue(QStringLiteral("vw-client"), false);
        QVERIFY(!leaf.keyPem.isEmpty() && !client.keyPem.isEmpty());
        auto path = [&dir](const char *name) { return dir.filePath(QLatin1String(name)); };
        QVERIFY(writeFile(path("ca.pem"), ca.caCertificatePem()));
        QVERIFY(writeFile(path("server.pem"), leaf.certificatePem + ca.caCertificatePem()));
        QVERIFY(writeFile(path("server.key"), leaf.keyPem));
        QVERIFY(writeFile(path("client.pem"), client.certificatePem));
        QVERIFY(writeFile(path("client.key"), client.keyPem));
        const int tlsPort = test::freeLoopbackPort();
        QVERIFY(writeFile(path("tls.hcl"),
                          QStringLiteral("listener \"tcp\" {\n"
                                         "  address = \"127.0.0.1:%1\"\n"
                                         "  tls_cert_file = \"%2\"\n"
                                         "  tls_key_file = \"%3\"\n"
                                         "  tls_client_ca_file = \"%4\"\n"
                                         "  tls_require_and_verify_client_cert = true\n"
                                         "}\n")
                              .arg(tlsPort)
                              .arg(path("server.pem"), path("server.key"), path("ca.pem"))
                              .toUtf8()));
        test::BaoServer bao;
        bao.setExtraConfigFile(path("tls.hcl"));
        QString error;
        QVERIFY2(bao.start(&error), qPrintable(error));
        const QString address = QStringLiteral("https://127.0.0.1:%1").arg(tlsPort);

        auto run = [&](const QString &transport, bool withClientCert) {
            const QString profile = dir.filePath(transport + QStringLiteral(".yaml"));
            writeFile(profile, QStringLiteral("name: mtls\ntransport: %1\n"
                                              "ramp:\n  stages:\n    - { vus: 2, duration: 1s }\n"
                                              "operations:\n  - type: sys_health\n"
                                              "  - type: kv2_read\n"
                                              "    params: { keys: 3, payload_bytes: 16 }\n")
                                   .arg(transport)
                                   .toUtf8());
            QProcess p;
            QProcessEnvironment e = env(false);
            e.insert(QStringLiteral("VAULT_TOKEN"), QString::fromLatin1(bao.rootToken()));
            if (withClientCert) {
                e.insert(QStringLiteral("VAULT_CLIENT_CERT"), path("client.pem"));
                e.insert(QStringLiteral("BAO_CLIENT_KEY"), path("client.key"));
            }
            test::startApp(
                p,
                test::appRun({QStringLiteral("run"), profile, QStringLiteral("--addr"), address,
                              QStringLiteral("--ca-cert"), path("ca.pem"), QStringLiteral("--out"),
                              dir.filePath(transport + QStringLiteral(".json"))},
                             dir.path(), e));
            p.waitForFinished(60000);
            QString text =
                QString::fromLocal8Bit(p.readAllStandardOutput() + p.readAllStandardError());
            text.replace(QString::fromLatin1(bao.rootToken()), QStringLiteral("<TOKEN-LEAKED>"));
            return qMakePair(p.exitCode(), text);
        };

        const auto refused = run(QStringLiteral("direct"), false);
        QVERIFY2(refused.first == 3, qPrintable(refused.second));
        for (const QString &transport : {QStringLiteral("direct"), QStringLiteral("qnam")}) {
            const auto r = run(transport, true);
            QVERIFY2(r.first == 0, qPrintable(transport + QLatin1Char(' ') + r.second));
            QVERIFY2(r.second.contains(QStringLiteral("client_cert %1 (from env VAULT_CLIENT_CERT)")
                                           .arg(path("client.pem"))),
                     qPrintable(r.second));
            QVERIFY2(r.second.contains(QStringLiteral("client_key %1 (from env BAO_CLIENT_KEY)")
                                           .arg(path("client.key"))),
                     qPrintable(r.second));
            QVERIFY(!r.second.contains(QStringLiteral("TOKEN-LEAKED")));
            const auto session =
                readSession(dir.filePath(transport + QStringLiteral(".json")), &error);
            QVERIFY2(session, qPrintable(error));
            QCOMPARE(session->plan.target.clientCert, path("client.pem"));
            QCOMPARE(session->targetSources.value(QStringLiteral("ca_file")),
                     QStringLiteral("flag --ca-cert"));
            for (const StageStats &st : session->stages)
                for (const OpStats &o : st.ops) {
                    QVERIFY2(o.count > 0, qPrintable(o.op));
                    QVERIFY2(o.ok == o.count, qPrintable(QStringLiteral("%1 %2: %3 of %4 ok")
                                                             .arg(transport, o.op)
                                                             .arg(o.ok)
                                                             .arg(o.count)));
                }
        }
    }

    void unreachableAddressExits3()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("gone"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const QString addr = QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort());
        const AppResult r =
            runApp({QStringLiteral("run"), profile, QStringLiteral("--addr"), addr}, dir.path());
        QVERIFY2(r.exitCode == 3, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains(QStringLiteral("connection"), Qt::CaseInsensitive),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(addr), qPrintable(r.err));
    }

    void noTokenExits2()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("tokenless"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const AppResult r = runApp({QStringLiteral("run"), profile}, dir.path(), false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("VAULT_TOKEN")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("~/.vault-token")), qPrintable(r.err));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    // Issue 9, item 1: a server killed mid-run made the run go on to its planned end with
    // 100 % connection errors, "completed", exit 0, and one Qt warning per refused connect.
    // The abort rule ends it as failed with the reason, exit 1, and stderr stays short.
    void serverKilledMidRunFails()
    {
        test::BaoServer victim;
        QString error;
        QVERIFY2(victim.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("victim.yaml"));
        QVERIFY(writeFile(profile, QStringLiteral("name: victim\n"
                                                  "target: { address: %1 }\n"
                                                  "ramp:\n"
                                                  "  stages:\n"
                                                  "    - { vus: 2, duration: 15s }\n"
                                                  "    - { vus: 4, duration: 15s }\n"
                                                  "operations:\n"
                                                  "  - type: sys_health\n"
                                                  "abort: { error_ratio: 0.99, for: 3s }\n")
                                       .arg(victim.address())
                                       .toUtf8()));
        const QString out = dir.filePath(QStringLiteral("victim.json"));
        QProcess p;
        QProcessEnvironment e = env(false);
        e.insert(QStringLiteral("VAULT_TOKEN"), QString::fromLatin1(victim.rootToken()));
        QElapsedTimer clock;
        clock.start();
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                            dir.path(), e)));
        QTest::qWait(3000); // in the first stage
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(pid_t(victim.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(40000));
        const qint64 tookMs = clock.elapsed();
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 1, qPrintable(err));
        QVERIFY2(tookMs < 20000, qPrintable(QString::number(tookMs))); // planned: 30 s
        QVERIFY2(err.count(QLatin1Char('\n')) < 50, qPrintable(err.left(2000)));
        QVERIFY2(!err.contains(QStringLiteral("UnconnectedState")), qPrintable(err.left(2000)));
        const QJsonObject s = QJsonDocument::fromJson(fileBytes(out)).object();
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY2(s.value(QStringLiteral("error")).toString().contains(QStringLiteral("aborted")),
                 qPrintable(s.value(QStringLiteral("error")).toString()));
        victim.stop();
    }

    // A process that dies (SIGKILL: no handler, no cleanup) still leaves the stages it had
    // finished: the --out file is checkpointed after each stage, and `report` reads it.
    void killedRunLeavesItsFinishedStages()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("killed"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"
                                                            "    - { vus: 2, duration: 30s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const QString out = dir.filePath(QStringLiteral("killed.json"));
        QProcess p;
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                            dir.path(), env(true))));
        // The first checkpoint is written right after setup (no stages); wait for stage 1's.
        const auto stagesInFile = [&] {
            return QJsonDocument::fromJson(fileBytes(out))
                .object()
                .value(QStringLiteral("stages"))
                .toArray()
                .size();
        };
        QTRY_VERIFY_WITH_TIMEOUT(stagesInFile() >= 1 || p.state() != QProcess::Running, 20000);
        QCOMPARE(p.state(), QProcess::Running); // in the second stage
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);

        const QByteArray bytes = fileBytes(out);
        QVERIFY(!bytes.contains(m_bao.rootToken()));
        const QJsonObject s = QJsonDocument::fromJson(bytes).object();
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("incomplete"));
        const QJsonArray stages = s.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 1);
        QVERIFY(stages[0].toObject().value(QStringLiteral("complete")).toBool());
        const QJsonObject op =
            stages[0].toObject().value(QStringLiteral("ops")).toArray()[0].toObject();
        QVERIFY(op.value(QStringLiteral("ok")).toInteger() > 0);

        const AppResult r = runApp({QStringLiteral("report"), out}, dir.path(), false);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("status incomplete")), qPrintable(r.out));
    }

    // `ops` lists the operation types and their params, as text and as JSON, headless.
    void opsListsTypesAndParams()
    {
        QTemporaryDir dir;
        const QStringList types{QStringLiteral("sys_health"), QStringLiteral("kv2_read"),
                                QStringLiteral("kv2_write"), QStringLiteral("ssh_sign")};
        const AppResult text = runApp({QStringLiteral("ops")}, dir.path(), false);
        QCOMPARE(text.exitCode, 0);
        for (const QString &t : types)
            QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("(^|\n)%1  \\S").arg(t))),
                     qPrintable(t + QStringLiteral("\n") + text.out));
        // each param on its line with type, default and allowed values
        for (const char *line : {"keys           integer  100      1 to 100000",
                                 "payload_bytes  bytes    100      1 to 1048576 (1 MiB)",
                                 "ca_key_type      choice    ed25519  ed25519, rsa-2048",
                                 "client_key_type  choice    ed25519  ed25519, rsa-2048",
                                 "ttl              duration  5m       1s to 24h, whole seconds"})
            QVERIFY2(text.out.contains(QString::fromLatin1(line)), line);

        const AppResult json =
            runApp({QStringLiteral("ops"), QStringLiteral("--format"), QStringLiteral("json")},
                   dir.path(), false);
        QCOMPARE(json.exitCode, 0);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(json.out.toUtf8(), &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        const QJsonArray ops = doc.object().value(QStringLiteral("operations")).toArray();
        QStringList names;
        QMap<QString, QStringList> params;
        for (const QJsonValue &v : ops) {
            const QString name = v.toObject().value(QStringLiteral("type")).toString();
            names << name;
            for (const QJsonValue &p : v.toObject().value(QStringLiteral("params")).toArray())
                params[name] << p.toObject().value(QStringLiteral("name")).toString();
        }
        QCOMPARE(names.mid(0, types.size()), types); // later types come after these four
        QVERIFY(params.value(QStringLiteral("sys_health")).isEmpty());
        QCOMPARE(params.value(QStringLiteral("kv2_read")),
                 (QStringList{QStringLiteral("keys"), QStringLiteral("payload_bytes")}));
        QCOMPARE(params.value(QStringLiteral("ssh_sign")),
                 (QStringList{QStringLiteral("ca_key_type"), QStringLiteral("client_key_type"),
                              QStringLiteral("ttl")}));

        const AppResult md =
            runApp({QStringLiteral("ops"), QStringLiteral("--format"), QStringLiteral("markdown")},
                   dir.path(), false);
        QCOMPARE(md.exitCode, 0);
        QVERIFY(md.out.contains(QStringLiteral("| `ssh_sign` | `ttl` | duration | 5m |")));

        const AppResult bad =
            runApp({QStringLiteral("ops"), QStringLiteral("--format"), QStringLiteral("xml")},
                   dir.path(), false);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("unknown --format \"xml\"")), qPrintable(bad.err));
    }

    // A typo for a command is reported before any window opens (no display needed).
    void unknownCommandExits2()
    {
        QTemporaryDir dir;
        const AppResult r = runApp({QStringLiteral("frobnicate")}, dir.path(), false);
        QCOMPARE(r.exitStatus, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains(QStringLiteral("frobnicate is neither a command nor an existing file")),
            qPrintable(r.err));
    }

    // A token with a line break would inject request headers: refused before any request.
    void tokenWithLineBreakIsRefused()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("crlf"),
                                             QStringLiteral("    - { vus: 1, duration: 1s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        QProcess p;
        QProcessEnvironment e = env(false);
        e.insert(QStringLiteral("VAULT_TOKEN"), QStringLiteral("abc\r\nX-Injected: 1"));
        test::startApp(p, test::appRun({QStringLiteral("run"), profile}, dir.path(), e));
        QVERIFY(p.waitForFinished(20000));
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains(QStringLiteral("control characters")), qPrintable(err));
        QVERIFY(!err.contains(QStringLiteral("X-Injected"))); // never echoed
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // only the profile
    }

    void sigintStopsAndWritesPartialSession()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("long"),
                                             QStringLiteral("    - { vus: 2, duration: 20s }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        const QString out = dir.filePath(QStringLiteral("stopped.json"));
        QProcess p;
        QElapsedTimer t;
        t.start();
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out,
                             QStringLiteral("--label"), QStringLiteral("interrupted")},
                            dir.path(), env(true))));
        // Wait for the measured window, then ~2 s into the stage.
        QString stdoutText;
        while (!stdoutText.contains(QStringLiteral("stage 1:")) && t.elapsed() < 20000
               && p.state() == QProcess::Running) {
            p.waitForReadyRead(200);
            stdoutText += redacted(p.readAllStandardOutput());
        }
        QVERIFY2(stdoutText.contains(QStringLiteral("stage 1:")), qPrintable(stdoutText));
        QTest::qWait(2000);
        QCOMPARE(p.state(), QProcess::Running);
        const qint64 signalledAt = t.elapsed();
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(15000));
        const qint64 stopTookMs = t.elapsed() - signalledAt;
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QString err = redacted(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 1, qPrintable(err));
        QVERIFY2(stopTookMs < 10000, qPrintable(QString::number(stopTookMs)));

        const QByteArray bytes = fileBytes(out);
        QVERIFY2(!bytes.isEmpty(), qPrintable(err));
        QVERIFY(!bytes.contains(m_bao.rootToken()));
        const QJsonObject s = QJsonDocument::fromJson(bytes).object();
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QCOMPARE(s.value(QStringLiteral("label")).toString(), QStringLiteral("interrupted"));
        const QJsonArray stages = s.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 1);
        QCOMPARE(stages[0].toObject().value(QStringLiteral("complete")).toBool(true), false);
        // The partial stage holds the ~2 s that ran.
        const QJsonObject op =
            stages[0].toObject().value(QStringLiteral("ops")).toArray()[0].toObject();
        QVERIFY(op.value(QStringLiteral("ok")).toInteger() > 0);
    }

    // Ctrl-C while the setup seeds 100,000 secrets (a minute of requests): the seeding ends
    // at its next request, the run is "stopped" (exit 1, not a setup failure), and cleanup
    // removes the half-seeded mount.
    void sigintDuringSetupStopsTheSeeding()
    {
        QTemporaryDir dir;
        const QString profile =
            writeProfile(dir.path(), QStringLiteral("seeding"),
                         QStringLiteral("    - { vus: 1, duration: 2s }\n"),
                         QStringLiteral("  - { type: kv2_read, params: { keys: 100000 } }\n"));
        const QString out = dir.filePath(QStringLiteral("stopped.json"));
        QProcess p;
        QElapsedTimer t;
        t.start();
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                            dir.path(), env(true))));
        QString text;
        while (!text.contains(QStringLiteral("setting up")) && t.elapsed() < 20000
               && p.state() == QProcess::Running) {
            p.waitForReadyRead(200);
            text += redacted(p.readAllStandardOutput()) + redacted(p.readAllStandardError());
        }
        QVERIFY2(text.contains(QStringLiteral("setting up")), qPrintable(text));
        QTest::qWait(1500); // well inside the seeding
        QCOMPARE(p.state(), QProcess::Running);
        const qint64 signalledAt = t.elapsed();
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        const qint64 stopTookMs = t.elapsed() - signalledAt;
        const QString err = redacted(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 1, qPrintable(err));
        QVERIFY2(stopTookMs < 10000, qPrintable(QString::number(stopTookMs)));
        const QJsonObject s = QJsonDocument::fromJson(fileBytes(out)).object();
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QVERIFY2(s.value(QStringLiteral("error"))
                     .toString()
                     .contains(QStringLiteral("stopped by the user")),
                 qPrintable(s.value(QStringLiteral("error")).toString()));
        QCOMPARE(s.value(QStringLiteral("stages")).toArray().size(), 0);
        const QString prefix = s.value(QStringLiteral("run_prefix")).toString();
        QVERIFY(prefix.startsWith(QStringLiteral("vwb-")));
        QJsonObject mounts;
        QCOMPARE(m_bao.api("GET", QStringLiteral("sys/mounts"), {}, &mounts), 200);
        for (const QString &m : mounts.value(QStringLiteral("data")).toObject().keys())
            QVERIFY2(!m.startsWith(prefix), qPrintable(m));
    }

    // --workers: the threads the VUs run on, recorded in the session's client block; by
    // default one per 256 peak VUs (core/engine/workerpool.h), so 3 VUs run on one thread.
    void workersFlagSpreadsTheVus()
    {
        QTemporaryDir dir;
        const QString profile = writeProfile(dir.path(), QStringLiteral("workers"),
                                             QStringLiteral("    - { vus: 3, duration: 300ms }\n"),
                                             QStringLiteral("  - type: sys_health\n"));
        QVERIFY(!profile.isEmpty());
        for (const QString &bad :
             {QStringLiteral("0"), QStringLiteral("257"), QStringLiteral("two")}) {
            const AppResult r = runApp(
                {QStringLiteral("run"), profile, QStringLiteral("--workers"), bad}, dir.path());
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(
                         QStringLiteral("--workers: \"%1\" is not a whole number 1..256").arg(bad)),
                     qPrintable(r.err));
        }
        const struct {
            QStringList extra;
            int threads;
        } cases[] = {{{}, 1}, {{QStringLiteral("--workers"), QStringLiteral("2")}, 2}};
        for (const auto &c : cases) {
            const QString out = dir.filePath(QStringLiteral("w%1.json").arg(c.threads));
            const AppResult r = runApp(
                QStringList{QStringLiteral("run"), profile, QStringLiteral("--out"), out} + c.extra,
                dir.path());
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonObject client = QJsonDocument::fromJson(f.readAll())
                                           .object()
                                           .value(QStringLiteral("client"))
                                           .toObject();
            QCOMPARE(client.value(QStringLiteral("worker_threads")).toInt(), c.threads);
        }
    }

    // The hidden command bench/run.sh drives: its options, and a short run in run.sh's form.
    void benchTransportOptions()
    {
        QTemporaryDir dir;
        const QString bench = QStringLiteral("bench-transport");
        const QString url = m_bao.address() + QStringLiteral("/v1/sys/health");
        AppResult r = runApp({bench, QStringLiteral("--frobnicate")}, dir.path(), false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("frobnicate")), qPrintable(r.err));
        r = runApp({bench, QStringLiteral("--url"), url, QStringLiteral("--connections"),
                    QStringLiteral("many")},
                   dir.path(), false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("bad value for --connections")), qPrintable(r.err));
        r = runApp({bench, QStringLiteral("--transport"), QStringLiteral("direct")}, dir.path(),
                   false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("vault-workbench bench-transport: needs --url")),
                 qPrintable(r.err));
        r = runApp({bench, QStringLiteral("--url"), url, QStringLiteral("stray")}, dir.path(),
                   false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("takes no arguments")), qPrintable(r.err));
        r = runApp({bench, QStringLiteral("--help")}, dir.path(), false); // hidden, but helps
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage:\n  vault-workbench bench-transport ")),
                 qPrintable(r.out));

        for (const QString &transport : {QStringLiteral("direct"), QStringLiteral("qnam")}) {
            r = runApp({bench, QStringLiteral("--transport"), transport, QStringLiteral("--url"),
                        url, QStringLiteral("--connections"), QStringLiteral("2"),
                        QStringLiteral("--duration"), QStringLiteral("0.5"),
                        QStringLiteral("--warmup"), QStringLiteral("0")},
                       dir.path(), false);
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
            const QRegularExpressionMatch m =
                QRegularExpression(QStringLiteral("^transport=%1 connections=2 seconds=0.50 "
                                                  "requests=(\\d+) errors=0 rps=\\d+ cpu_s=[0-9.]+ "
                                                  "rps_per_cpu_s=\\d+ p50_us=(\\d+) p90_us=\\d+ "
                                                  "p99_us=\\d+\n$")
                                       .arg(transport))
                    .match(r.out);
            QVERIFY2(m.hasMatch(), qPrintable(r.out));
            QVERIFY(m.captured(1).toLongLong() > 0);
            QVERIFY(m.captured(2).toLongLong() > 0);
        }
    }

    void cleanupTestCase() { m_bao.stop(); }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
