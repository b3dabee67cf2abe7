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
        QTest::newRow("plain") << "kv2_read: 12 errors\n"
                               << "kv2_read: 12 errors\n";
        QTest::newRow("tab and letters")
            << QString::fromUtf8("a\tÄ中\n") << QString::fromUtf8("a\tÄ中\n");
        QTest::newRow("SGR colour") << "a\x1b[31mred"
                                    << "a\\x1b[31mred";
        QTest::newRow("title change") << "\x1b]0;owned\x07"
                                      << "\\x1b]0;owned\\x07";
        QTest::newRow("carriage return") << "ok\rfake"
                                         << "ok\\x0dfake";
        QTest::newRow("DEL and NUL") << QString::fromLatin1("a\x7f", 2) + QChar(0) << "a\\x7f\\x00";
        QTest::newRow("C1 CSI") << QString(QChar(0x9b)) + "2J"
                                << "\\u009b2J";
        // issue 23.7: bidi controls and invisible characters, the label of the fault trial
        QTest::newRow("bidi override")
            << QString::fromUtf8("abc\u202Etxt.exe") << "abc\\u202etxt.exe";
        QTest::newRow("trial label")
            << QString::fromUtf8("\x1b[2J\x1b[31mRED\u202E") << "\\x1b[2J\\x1b[31mRED\\u202e";
        QTest::newRow("zero width") << QString::fromUtf8("ke\u200By\u2066\u2069\uFEFF")
                                    << "ke\\u200by\\u2066\\u2069\\ufeff";
        QTest::newRow("line separator") << QString::fromUtf8("a\u2028b") << "a\\u2028b";
        QTest::newRow("tag character") << QString::fromUtf8("a\U000E0041") << "a\\U000e0041";
        QTest::newRow("lone surrogate") << QString(QChar(0xd800)) + "x"
                                        << "\\ud800x";
        QTest::newRow("CRLF kept, lone CR not") << "a,b\r\nc\rd"
                                                << "a,b\r\nc\\x0dd";
        QTest::newRow("emoji and CJK stay") << QString::fromUtf8("\U0001F600 ключ_日本")
                                            << QString::fromUtf8("\U0001F600 ключ_日本");
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
