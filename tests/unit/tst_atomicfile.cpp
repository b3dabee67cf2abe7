// util/atomicfile.h (issue 23, "writes that cannot lie"): a write that fails says so with the
// path and the OS reason, leaves the old file as it was and no temporary or partial file; a
// folder that cannot take the file (read-only, full) is named before anything is written.
// Real failures: a file size limit (EFBIG, any user) and a 1 MB tmpfs, full (ENOSPC) or
// read-only (EROFS), where this process may mount one (root; else those cases skip).
#include "writefailure.h"

#include "util/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace vw;
using vw::test::TmpfsMount;

namespace {

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
private slots:
    void writesAndReplaces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.json"));
        QString error;
        QVERIFY2(writeFileAtomically(path, "first", &error), qPrintable(error));
        QCOMPARE(bytesOf(path), QByteArray("first"));
        QVERIFY2(writeFileAtomically(path, "second, longer", &error), qPrintable(error));
        QCOMPARE(bytesOf(path), QByteArray("second, longer"));
        QVERIFY2(writeFileAtomically(path, QByteArray(), &error), qPrintable(error));
        QCOMPARE(bytesOf(path), QByteArray());
        QCOMPARE(test::filesIn(dir.path()), QStringList{QStringLiteral("a.json")});
    }

    void secretModeFromTheStart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("token"));
        QString error;
        QVERIFY2(writeFileAtomically(path, "s.secret", &error, 0600), qPrintable(error));
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
    }

    void missingFolderNamesThePath()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no/such/x.json"));
        QString error;
        QVERIFY(!writeFileAtomically(path, "x", &error));
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("No such file")),
                 qPrintable(error));
    }

    void fileSizeLimitFailsAndKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY(writeFileAtomically(path, "old content", &error));
        {
            test::FileSizeLimit limit(4096);
            QVERIFY(!writeFileAtomically(path, QByteArray(10000, 'x'), &error));
        }
        QVERIFY2(error.startsWith(QStringLiteral("cannot write %1: ").arg(path)),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("File too large")), qPrintable(error));
        QCOMPARE(bytesOf(path), QByteArray("old content"));
        QCOMPARE(test::filesIn(dir.path()), QStringList{QStringLiteral("s.json")});
    }

    void fullDiskFailsAndLeavesNothing()
    {
        TmpfsMount disk(TmpfsMount::Kind::Full);
        if (!disk.isMounted())
            QSKIP(qPrintable(disk.why()));
        const QString path = QDir(disk.path()).filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY(!writeFileAtomically(path, QByteArray(64 * 1024, 'x'), &error));
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("No space left on device")),
                 qPrintable(error));
        QCOMPARE(test::filesIn(disk.path(), {QStringLiteral("filler")}), QStringList());
        // Room for a small file, not for a large one: the large one fails during write(2).
        QVERIFY(disk.freeBytes(32 * 1024));
        QVERIFY2(writeFileAtomically(path, "small", &error), qPrintable(error));
        QVERIFY(!writeFileAtomically(path, QByteArray(256 * 1024, 'y'), &error));
        QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
        QCOMPARE(bytesOf(path), QByteArray("small"));
        QCOMPARE(test::filesIn(disk.path(), {QStringLiteral("filler"), QStringLiteral("s.json")}),
                 QStringList());
    }

    void readOnlyMountFails()
    {
        TmpfsMount disk(TmpfsMount::Kind::ReadOnly);
        if (!disk.isMounted())
            QSKIP(qPrintable(disk.why()));
        const QString path = QDir(disk.path()).filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY(!writeFileAtomically(path, "x", &error));
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("Read-only file system")),
                 qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    void folderProblems()
    {
        QTemporaryDir dir;
        QCOMPARE(folderWriteProblem(dir.path(), 1024), QString());
        QVERIFY(folderWriteProblem(dir.filePath(QStringLiteral("none")), 0)
                    .contains(QStringLiteral("does not exist")));
        // More than any disk here has: the room check, with both figures.
        const QString huge = folderWriteProblem(dir.path(), qint64(1) << 60);
        QVERIFY2(huge.contains(QStringLiteral("not enough room"))
                     && huge.contains(QStringLiteral("MB free")),
                 qPrintable(huge));
        QCOMPARE(test::filesIn(dir.path()), QStringList()); // the probe is gone

        TmpfsMount ro(TmpfsMount::Kind::ReadOnly);
        if (ro.isMounted())
            QVERIFY(
                folderWriteProblem(ro.path(), 0).contains(QStringLiteral("Read-only file system")));
        TmpfsMount full(TmpfsMount::Kind::Full);
        if (full.isMounted()) {
            QVERIFY(full.freeBytes(16 * 1024));
            const QString p = folderWriteProblem(full.path(), 200 * 1024);
            QVERIFY2(p.contains(QStringLiteral("not enough room")), qPrintable(p));
            QCOMPARE(folderWriteProblem(full.path(), 4 * 1024), QString());
        }
        if (!ro.isMounted() || !full.isMounted())
            QSKIP("the tmpfs cases need mount(2) here");
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
