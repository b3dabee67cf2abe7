// Window and platform: the main window's default size fits the available screen (85 %, at
// most 1400x900) and a saved geometry off every screen is not restored; the shortcuts window
// opens fully on-screen; the chart theme (View > Theme) makes charts dark or light;
// Help > About names the version and the profile reference, which opens from the build.
#include "chartexportdialog.h"
#include "charts/chartstyle.h"
#include "mainactions.h"
#include "mainwindow.h"
#include "resultspage.h"
#include "theme/charttheme.h"
#include "window/aboutdialog.h"
#include "window/windowgeometry.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QLegend>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QScatterSeries>
#include <QValueAxis>

using namespace vw;

namespace {
QRect available()
{
    return QGuiApplication::primaryScreen()->availableGeometry();
}
} // namespace

class TestWindowGeometry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_windowgeometry"));
        QSettings().clear();
    }

    void defaultSizeFitsTheScreen()
    {
        QCOMPARE(defaultWindowSize(QRect(0, 0, 1000, 600)), QSize(850, 510));
        QCOMPARE(defaultWindowSize(QRect(0, 0, 3840, 2160)), QSize(1400, 900));
        QCOMPARE(defaultWindowSize(QRect(0, 0, 1920, 1000)), QSize(1400, 850));
    }

    void centredWithinClamps()
    {
        const QRect screen(0, 0, 800, 600);
        // centred on an anchor near the right edge: pushed back inside
        QCOMPARE(centredWithin(QSize(300, 200), QRect(700, 500, 100, 100), screen),
                 QRect(500, 400, 300, 200));
        // larger than the screen: shrunk to it
        QCOMPARE(centredWithin(QSize(1000, 900), QRect(0, 0, 10, 10), screen), screen);
        QVERIFY(isOnPresentScreen(QRect(available().topLeft(), QSize(400, 300))));
        QVERIFY(!isOnPresentScreen(QRect(available().right() + 5000, 0, 400, 300)));
    }

    void mainWindowOpensWithinTheScreen()
    {
        // a geometry saved on a screen that is gone is not restored
        {
            QWidget far;
            far.setGeometry(available().right() + 3000, available().bottom() + 3000, 900, 700);
            QSettings().setValue(QStringLiteral("window/geometry"), far.saveGeometry());
        }
        MainWindow w;
        const QRect g = w.geometry();
        QVERIFY2(available().contains(g), qPrintable(QStringLiteral("%1,%2 %3x%4 in %5x%6")
                                                         .arg(g.x())
                                                         .arg(g.y())
                                                         .arg(g.width())
                                                         .arg(g.height())
                                                         .arg(available().width())
                                                         .arg(available().height())));
        QVERIFY(g.width() <= kMaxDefaultWindowSize.width());
        QVERIFY(g.height() <= kMaxDefaultWindowSize.height());
        QSettings().remove(QStringLiteral("window/geometry"));

        // nothing saved: 85 % of the available area, centred
        MainWindow fresh;
        QCOMPARE(fresh.size(), defaultWindowSize(available()));
        QCOMPARE(fresh.geometry().center(), available().center());
    }

    // The window's content fits a 1280x720 screen at 150 % (853x480 device-independent
    // pixels): what does not fit scrolls, the window itself stays on the screen.
    void contentFitsASmallScreen()
    {
        MainWindow w;
        const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(min.width() <= 853 && min.height() <= 480,
                 qPrintable(QStringLiteral("%1x%2").arg(min.width()).arg(min.height())));
    }

    // At the default size the left side (target, profile) is not cut: it gets its width.
    void leftSideIsNotCutAtTheDefaultSize()
    {
        QSettings().remove(QStringLiteral("window/splitter"));
        MainWindow w;
        w.resize(kMaxDefaultWindowSize);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *left = w.findChild<QScrollArea *>(QStringLiteral("leftScroll"));
        QVERIFY(left);
        QVERIFY2(left->viewport()->width() >= left->widget()->minimumSizeHint().width(),
                 qPrintable(QStringLiteral("%1 < %2")
                                .arg(left->viewport()->width())
                                .arg(left->widget()->minimumSizeHint().width())));
    }

    void shortcutsWindowIsOnScreen()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // the main window pushed towards the bottom-right corner
        w.move(available().right() - 200, available().bottom() - 150);
        QWidget *shortcuts = showShortcutsWindow(&w, w.actions());
        QVERIFY(shortcuts);
        QCOMPARE(shortcuts->objectName(), QStringLiteral("shortcutsWindow"));
        QVERIFY(QTest::qWaitForWindowExposed(shortcuts));
        const QRect g = shortcuts->frameGeometry();
        QVERIFY2(available().contains(g), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                         .arg(g.x())
                                                         .arg(g.y())
                                                         .arg(g.width())
                                                         .arg(g.height())));
        shortcuts->close();
    }

    void darkThemeGivesADarkChart()
    {
        QChart chart;
        auto *axis = new QValueAxis;
        chart.addAxis(axis, Qt::AlignLeft);
        auto *marker = new QScatterSeries; // a knee marker with its label
        marker->append(1, 1);
        marker->setPointLabelsVisible(true);
        chart.addSeries(marker);
        ChartThemeSettings::instance()->setTheme(ChartTheme::Light);
        styleChart(&chart);
        QVERIFY(chart.backgroundBrush().color().lightness() > 200);
        QVERIFY(axis->labelsColor().lightness() < 100);

        ChartThemeSettings::instance()->setTheme(ChartTheme::Dark); // View > Theme > Dark
        QVERIFY(ChartThemeSettings::instance()->isDark());
        QVERIFY(chart.backgroundBrush().color().lightness() < 60);
        QVERIFY(axis->labelsColor().lightness() > 180);
        QVERIFY(chart.legend()->labelColor().lightness() > 180);
        QVERIFY(marker->pointLabelsColor().lightness() > 180);
        QCOMPARE(QSettings().value(QStringLiteral("view/chartTheme")).toString(),
                 QStringLiteral("dark"));

        // Follow System: a dark application palette gives dark charts, a light one light
        ChartThemeSettings::instance()->setTheme(ChartTheme::FollowSystem);
        const QPalette original = QApplication::palette();
        QPalette dark = original;
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::WindowText, QColor(0xf0, 0xf0, 0xf0));
        QApplication::setPalette(dark);
        QTRY_VERIFY(chart.backgroundBrush().color().lightness() < 60);
        QPalette light = original;
        light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
        light.setColor(QPalette::WindowText, QColor(0x10, 0x10, 0x10));
        QApplication::setPalette(light);
        QTRY_VERIFY(chart.backgroundBrush().color().lightness() > 200);
        QApplication::setPalette(original);
    }

    // The export dialog's theme is the exported file's, whatever the window shows.
    void exportOffersLightAndDark()
    {
        ChartThemeSettings::instance()->setTheme(ChartTheme::Light);
        ResultsPage page;
        QTemporaryDir dir;
        ChartExportDialog d(&page);
        d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("png")));
        auto *theme = d.findChild<QComboBox *>(QStringLiteral("exportThemeCombo"));
        QVERIFY(theme);
        for (const bool dark : {true, false}) {
            theme->setCurrentIndex(theme->findData(dark));
            const QString png =
                dir.filePath(dark ? QStringLiteral("dark.png") : QStringLiteral("light.png"));
            d.pathEdit()->setText(png);
            QVERIFY(d.exportNow(true));
            const QImage image(png);
            QVERIFY(!image.isNull());
            const int corner = image.pixelColor(2, 2).lightness();
            QVERIFY2(dark ? corner < 60 : corner > 200, qPrintable(QString::number(corner)));
        }
    }

    void themeMenuSetsTheTheme()
    {
        MainWindow w;
        auto *dark = w.findChild<QAction *>(QStringLiteral("chartThemeDarkAction"));
        auto *light = w.findChild<QAction *>(QStringLiteral("chartThemeLightAction"));
        QVERIFY(dark && light);
        dark->trigger();
        QCOMPARE(ChartThemeSettings::instance()->theme(), ChartTheme::Dark);
        light->trigger();
        QCOMPARE(ChartThemeSettings::instance()->theme(), ChartTheme::Light);
        QVERIFY(light->isChecked() && !dark->isChecked());
    }

    void aboutNamesVersionAndReference()
    {
        const QString about = aboutText();
        QVERIFY2(about.contains(QStringLiteral(VW_VERSION)), qPrintable(about));
        QVERIFY(about.contains(QString::fromLatin1(qVersion())));
        QVERIFY(about.contains(QStringLiteral("docs/profile-format.md")));
        QVERIFY(about.contains(QStringLiteral("README")));

        QWidget parent;
        parent.resize(600, 400);
        QWidget *doc = showDocument(&parent, QString::fromLatin1(kProfileReferenceResource),
                                    QStringLiteral("Profile reference"));
        auto *browser = qobject_cast<QTextBrowser *>(doc);
        QVERIFY(browser);
        // the compiled-in docs/profile-format.md, rendered
        QVERIFY2(browser->toPlainText().contains(QStringLiteral("operations")),
                 qPrintable(browser->toPlainText().left(200)));
        QVERIFY(available().contains(doc->frameGeometry()));
        doc->close();
    }
};

QTEST_MAIN(TestWindowGeometry)
#include "tst_windowgeometry.moc"
