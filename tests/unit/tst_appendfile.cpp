// util/appendfile.h (issue 23, the study's log): entries are appended, never rewritten, kept
// whole and in order across reopening and beside a second writer; a real write failure
// (EFBIG past RLIMIT_FSIZE, tests/support/writefailure.h) fails the append with the OS text,
// and nothing is appended after it.
#include "util/appendfile.h"
#include "writefailure.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace vw;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestAppendFile : public QObject {
    Q_OBJECT
private slots:
    void appendsInOrderAcrossWriters();
    void writeFailureIsReportedAndStops();
    void missingFolderIsReported();
};

void TestAppendFile::appendsInOrderAcrossWriters()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("study.log"));
    {
        AppendFile a(path);
        QVERIFY2(a.isOpen(), qPrintable(a.error()));
        QVERIFY(a.append("one\n"));
        // A second writer (another study, or `tail -f` tooling that writes): each append
        // lands at the end, never over the other's.
        AppendFile b(path);
        QVERIFY(b.append("two\n"));
        QVERIFY(a.append("three\n"));
        QVERIFY(a.error().isEmpty());
    }
    AppendFile again(path); // reopened: appended to, not truncated
    QVERIFY(again.append("four\n"));
    QCOMPARE(readAll(path), QByteArray("one\ntwo\nthree\nfour\n"));
    struct stat st { };
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    QCOMPARE(st.st_mode & 0777, 0666 & ~mask); // a log, not a secret: 0666 less the umask
}

void TestAppendFile::writeFailureIsReportedAndStops()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("study.log"));
    AppendFile a(path);
    QVERIFY(a.append(QByteArray(100, 'a')));
    {
        const test::FileSizeLimit limit(150); // write(2) past 150 bytes: EFBIG
        QVERIFY(!a.append(QByteArray(100, 'b')));
    }
    QVERIFY2(a.error().startsWith(QStringLiteral("cannot write %1: ").arg(path)),
             qPrintable(a.error()));
    QVERIFY2(a.error().contains(QStringLiteral("File too large")), qPrintable(a.error()));
    QVERIFY(!a.isOpen());
    QVERIFY(!a.append("after\n")); // nothing after a failure
    const QByteArray on = readAll(path);
    QVERIFY(on.startsWith(QByteArray(100, 'a')));
    QVERIFY(on.size() <= 150); // the refused part stops at the limit
    QVERIFY(!on.contains("after"));
}

void TestAppendFile::missingFolderIsReported()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("no/such/folder/study.log"));
    AppendFile a(path);
    QVERIFY(!a.isOpen());
    QVERIFY2(a.error().contains(QStringLiteral("No such file or directory")),
             qPrintable(a.error()));
    QVERIFY(!a.append("x\n"));
}

QTEST_GUILESS_MAIN(TestAppendFile)
#include "tst_appendfile.moc"
