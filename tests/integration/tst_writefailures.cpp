// Issue 23, findings 1 and 2: no command reports success for a file it did not write. Each
// command whose output cannot be written exits non-zero with the path and the OS reason and
// leaves no file (no 0-byte, partial or temporary one):
//   - `run` and `study` find a read-only or full output folder before setup (nothing created
//     on the server, no load sent), against a real `bao server -dev`;
//   - `run` whose session write fails after the load (a file size limit: EFBIG);
//   - `export`, `import-hcl --out` and `compare --out` on a full disk (ENOSPC) and past a file
//     size limit.
// The disks are 1 MB tmpfs mounts (test/support/writefailure.h; root only: else those cases
// skip); the file size limit (RLIMIT_FSIZE) needs no privilege.
#include "apprun.h"
#include "baoserver.h"
#include "manystagesession.h"
#include "writefailure.h"

#include "session/sessionio.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;
using vw::test::AppResult;
using vw::test::TmpfsMount;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class TestWriteFailures : public QObject {
    Q_OBJECT

    test::BaoServer m_bao;
    QTemporaryDir m_home;
    QTemporaryDir m_work; // inputs: profiles, sessions, configs

    /// The app (apprun.h) with VAULT_TOKEN of the dev server and an empty HOME;
    /// `fileSizeLimit` > 0 sets RLIMIT_FSIZE in the child.
    AppResult runApp(const QStringList &args, qint64 fileSizeLimit = 0, int timeoutMs = 60000)
    {
        test::AppRun run = test::appRun(
            args, QString(), test::appEnvironment(m_home.path(), m_bao.rootToken()), timeoutMs);
        run.redact = m_bao.rootToken();
        run.env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        if (fileSizeLimit > 0)
            run.childModifier = [fileSizeLimit] { test::applyFileSizeLimit(fileSizeLimit); };
        return test::runApp(run);
    }

    /// A kv2_write profile (its setup mounts a KV engine) of `seconds` x 1 stage.
    QString profile(const QString &name, int seconds = 1)
    {
        const QString path = m_work.filePath(name + QStringLiteral(".yaml"));
        const QString yaml = QStringLiteral("name: %1\n"
                                            "target:\n  address: %2\n"
                                            "ramp:\n  stages:\n    - { vus: 1, duration: %3s }\n"
                                            "operations:\n  - type: kv2_write\n"
                                            "    params: { keys: 5, payload_bytes: 64 }\n")
                                 .arg(name, m_bao.address())
                                 .arg(seconds);
        return writeFile(path, yaml.toUtf8()) ? path : QString();
    }

    /// The server's mounts, to see that a refused run set nothing up.
    QStringList mounts()
    {
        QJsonObject reply;
        m_bao.api("GET", QStringLiteral("sys/mounts"), {}, &reply);
        QStringList out = reply.value(QStringLiteral("data")).toObject().keys();
        out.sort();
        return out;
    }

    /// Asserts a refusal or failure to write `path`: non-zero exit, `path` and `reason` on
    /// stderr, no success line, and no file in `dir` but `keep`.
    static void expectFailure(const AppResult &r, const QString &path, const QString &reason,
                              const QString &dir, const QStringList &keep = {})
    {
        QVERIFY2(r.exitStatus == QProcess::NormalExit, qPrintable(r.err));
        QVERIFY2(r.exitCode != 0, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains(path) && r.err.contains(reason), qPrintable(r.err));
        QVERIFY2(!r.out.contains(QStringLiteral("session: ")), qPrintable(r.out));
        QCOMPARE(test::filesIn(dir, keep), QStringList());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
        QVERIFY(m_work.isValid() && m_home.isValid());
    }

    void runRefusesReadOnlyFolderBeforeSetup()
    {
        TmpfsMount disk(TmpfsMount::Kind::ReadOnly);
        if (!disk.isMounted())
            QSKIP(qPrintable(disk.why()));
        const QStringList before = mounts();
        const QString out = QDir(disk.path()).filePath(QStringLiteral("s.json"));
        const AppResult r = runApp(
            {QStringLiteral("run"), profile(QStringLiteral("ro")), QStringLiteral("--out"), out});
        expectFailure(r, disk.path(), QStringLiteral("Read-only file system"), disk.path());
        QVERIFY2(!r.err.contains(QStringLiteral("setup")), qPrintable(r.err));
        QCOMPARE(mounts(), before); // nothing was set up
    }

    void runRefusesFullFolderBeforeSetup()
    {
        TmpfsMount disk(TmpfsMount::Kind::Full);
        if (!disk.isMounted())
            QSKIP(qPrintable(disk.why()));
        QVERIFY(disk.freeBytes(8 * 1024)); // a few KB: less than the planned session
        const QStringList before = mounts();
        const QString out = QDir(disk.path()).filePath(QStringLiteral("s.json"));
        const AppResult r = runApp(
            {QStringLiteral("run"), profile(QStringLiteral("full")), QStringLiteral("--out"), out});
        expectFailure(r, disk.path(), QStringLiteral("not enough room"), disk.path(),
                      {QStringLiteral("filler")});
        QCOMPARE(mounts(), before);
    }

    void runWhoseSessionCannotBeWrittenFails()
    {
        // Room for the probe (0 bytes), not for the session: the load runs, the write fails.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("s.json"));
        const AppResult r = runApp(
            {QStringLiteral("run"), profile(QStringLiteral("efbig")), QStringLiteral("--out"), out},
            2048);
        expectFailure(r, out, QStringLiteral("File too large"), dir.path());
        QVERIFY2(r.err.contains(QStringLiteral("cannot write")), qPrintable(r.err));
    }

    // Trial of issue 22 (newuser): a disk that filled during a run lost the measured session
    // ("cannot write ...: No space left on device", exit 1, nothing kept). The room check
    // passes, the disk fills while the load runs: the session goes to the GUI's session
    // folder, named on stderr, still exit 1, and --out's folder keeps no temporary file.
    void runWhoseDiskFillsDuringTheRunKeepsTheSession()
    {
        TmpfsMount disk(TmpfsMount::Kind::Full);
        if (!disk.isMounted())
            QSKIP(qPrintable(disk.why()));
        QVERIFY(disk.freeBytes(900 * 1024)); // room for the planned session
        const QString out = QDir(disk.path()).filePath(QStringLiteral("s.json"));
        QTemporaryDir home;
        test::AppRun run =
            test::appRun({QStringLiteral("run"), profile(QStringLiteral("fills"), 3),
                          QStringLiteral("--out"), out},
                         m_work.path(), test::appEnvironment(home.path(), m_bao.rootToken()));
        run.env.remove(QStringLiteral("XDG_DATA_HOME"));
        QProcess p;
        QVERIFY(test::startApp(p, run));
        QByteArray stdoutSoFar;
        QTRY_VERIFY_WITH_TIMEOUT(
            (stdoutSoFar += p.readAllStandardOutput()).contains("phase: running"), 30000);
        { // the disk fills while the load runs
            QFile filler(QDir(disk.path()).filePath(QStringLiteral("filler2")));
            QVERIFY(filler.open(QIODevice::WriteOnly));
            const QByteArray chunk(16 * 1024, 'x');
            while (filler.write(chunk) == chunk.size() && filler.flush()) { }
        }
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        stdoutSoFar += p.readAllStandardOutput();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("cannot write %1").arg(out)), qPrintable(err));
        const QString marker = QStringLiteral("session written instead to: ");
        const int at = err.indexOf(marker);
        QVERIFY2(at >= 0, qPrintable(err));
        const QString rescued =
            err.mid(at + marker.size()).section(QLatin1Char(' '), 0, 0).trimmed();
        QVERIFY2(rescued.startsWith(home.path()
                                    + QStringLiteral("/.local/share/vault-workbench/"
                                                     "sessions/")),
                 qPrintable(rescued));
        QVERIFY(stdoutSoFar.contains("session: " + rescued.toLocal8Bit()));
        QString error;
        const std::optional<Session> s = readSession(rescued, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->status, RunStatus::Completed);
        QCOMPARE(s->stages.size(), 1);
        QVERIFY(s->stages.first().ops.first().ok > 0);
        // no temporary or partial file; s.json is the checkpoint written after setup, before
        // the disk filled (a run to sweep from, status "incomplete")
        QCOMPARE(test::filesIn(disk.path(), {QStringLiteral("filler"), QStringLiteral("filler2"),
                                             QStringLiteral("s.json")}),
                 QStringList());
    }

    void studyRefusesReadOnlyFolderBeforeAnything()
    {
        TmpfsMount disk(TmpfsMount::Kind::ReadOnly);
        if (!disk.isMounted())
            QSKIP(qPrintable(disk.why()));
        const QString study = m_work.filePath(QStringLiteral("s.study.yaml"));
        QVERIFY(writeFile(study, "name: ro\nprofiles:\n  - { file: ro-study.yaml }\n"
                                 "targets:\n  - { name: dev, addr: '"
                                     + m_bao.address().toUtf8() + "' }\n"));
        QVERIFY(!profile(QStringLiteral("ro-study")).isEmpty());
        const QStringList before = mounts();
        const AppResult r =
            runApp({QStringLiteral("study"), study, QStringLiteral("--out-dir"), disk.path()});
        expectFailure(r, disk.path(), QStringLiteral("Read-only file system"), disk.path());
        QCOMPARE(mounts(), before);
    }

    void outputCommandsFail_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("fullDisk"); // else a file size limit of 512 bytes
        for (const char *c : {"export", "import-hcl", "compare"}) {
            QTest::addRow("%s, full disk", c) << QString::fromLatin1(c) << true;
            QTest::addRow("%s, file size limit", c) << QString::fromLatin1(c) << false;
        }
    }
    void outputCommandsFail()
    {
        QFETCH(QString, command);
        QFETCH(bool, fullDisk);
        // The inputs: a session of 40 stages (~45 KB), a vault-benchmark config.
        const QString session = m_work.filePath(QStringLiteral("in.json"));
        QString error;
        if (!QFile::exists(session))
            QVERIFY2(writeSession(test::manyStageSession(40), session, &error), qPrintable(error));
        const QString hcl = m_work.filePath(QStringLiteral("config.hcl"));
        QVERIFY(writeFile(hcl, "vault_addr = \"" + m_bao.address().toUtf8()
                                   + "\"\n"
                                     "duration = \"2s\"\n"
                                     "test \"kvv2_read\" \"reads\" {\n  weight = 100\n"
                                     "  config {\n    numkvs = 10\n    kvsize = 100\n  }\n}\n"));

        std::unique_ptr<TmpfsMount> disk;
        QTemporaryDir plain;
        QString dir = plain.path();
        if (fullDisk) {
            disk = std::make_unique<TmpfsMount>(TmpfsMount::Kind::Full);
            if (!disk->isMounted())
                QSKIP(qPrintable(disk->why()));
            dir = disk->path();
        }
        QString out;
        QStringList args;
        if (command == QLatin1String("export")) {
            out = QDir(dir).filePath(QStringLiteral("chart.png"));
            args = {command,
                    session,
                    QStringLiteral("--chart"),
                    QStringLiteral("throughput"),
                    QStringLiteral("--out"),
                    out};
        } else if (command == QLatin1String("import-hcl")) {
            out = QDir(dir).filePath(QStringLiteral("profile.yaml"));
            args = {command, hcl, QStringLiteral("--out"), out};
        } else {
            out = QDir(dir).filePath(QStringLiteral("compare.html"));
            args = {command, session, session, QStringLiteral("--out"), out};
        }
        const AppResult r = runApp(args, fullDisk ? 0 : 512);
        expectFailure(r, out,
                      fullDisk ? QStringLiteral("No space left on device")
                               : QStringLiteral("File too large"),
                      dir, {QStringLiteral("filler")});
        QVERIFY2(!r.out.contains(out) && !r.err.contains(QStringLiteral("wrote ")),
                 qPrintable(r.out + r.err));

        // The same command with room writes the file (the failure was the disk's).
        QTemporaryDir ok;
        const QString okOut = QDir(ok.path()).filePath(QFileInfo(out).fileName());
        args.last() = okOut;
        const AppResult fine = runApp(args);
        QVERIFY2(fine.exitCode == 0, qPrintable(fine.err));
        QVERIFY(QFileInfo(okOut).size() > 512);
    }
};

QTEST_GUILESS_MAIN(TestWriteFailures)
#include "tst_writefailures.moc"
