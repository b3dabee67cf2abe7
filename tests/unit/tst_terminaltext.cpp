// terminalSafe() (core/util/terminaltext.h): control characters of diagnostics are shown,
// never sent to the terminal; newline, tab and printable text (non-ASCII too) stay.
#include "util/terminaltext.h"

#include <QTest>

using namespace vw;

class TestTerminalText : public QObject {
    Q_OBJECT
private slots:
    void escapes_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "kv2_read: 12 errors\n" << "kv2_read: 12 errors\n";
        QTest::newRow("tab and letters") << QString::fromUtf8("a\tÄ中\n") << QString::fromUtf8("a\tÄ中\n");
        QTest::newRow("SGR colour") << "a\x1b[31mred" << "a\\x1b[31mred";
        QTest::newRow("title change") << "\x1b]0;owned\x07" << "\\x1b]0;owned\\x07";
        QTest::newRow("carriage return") << "ok\rfake" << "ok\\x0dfake";
        QTest::newRow("DEL and NUL") << QString::fromLatin1("a\x7f", 2) + QChar(0) << "a\\x7f\\x00";
        QTest::newRow("C1 CSI") << QString(QChar(0x9b)) + "2J" << "\\u009b2J";
    }
    void escapes()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(terminalSafe(in), out);
    }
};

QTEST_GUILESS_MAIN(TestTerminalText)
#include "tst_terminaltext.moc"
