// The session library (ui/library/), offscreen: it lists the sessions of a folder (a corrupt
// file as a row with its error), searches over all columns, sorts by figures, writes a new
// label into the file, deletes a file, and Open / Overlay hand the path to the main window,
// whose file line (SavedSessionBar) then names it and saves a copy. Also: the auto-save
// folder is not doubled when the organisation and application names are the same, and
// sessions in the doubled folder of earlier versions are still listed.
#include "library/savedsessionbar.h"
#include "library/sessionlibrarymodel.h"
#include "library/sessionlibraryview.h"
#include "mainwindow.h"
#include "models/sessionset.h"
#include "session/sessionio.h"
#include "sessionfiles.h"
#include "sessionplan.h"
#include "syntheticstages.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

/// QAbstractItemModelTester on the library's model and its sort/filter proxy, for as long as
/// the view lives: every insert, reset and change they signal is checked (QtTest failures).
struct LibraryModelTesters {
    explicit LibraryModelTesters(SessionLibraryView &v)
        : model(v.model(), QAbstractItemModelTester::FailureReportingMode::QtTest)
        , proxy(v.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest)
    {
    }
    QAbstractItemModelTester model;
    QAbstractItemModelTester proxy;
};

const QString kOp = QStringLiteral("kv2_read");

// `workers` sets the ideal server's capacity, so the peak throughput: workers * 500/s.
Session makeSession(const QString &label, const QString &profile, const QString &target,
                    int workers)
{
    Session s;
    s.id = label + QStringLiteral("-0123456789");
    s.label = label;
    s.profileName = profile;
    s.profileYaml = "name: " + profile.toUtf8()
                    + "\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\noperations:\n"
                      "  - type: kv2_read\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("direct");
    s.targetAddress = target;
    test::setPlanFromYaml(&s);
    s.startedAt = QDateTime::currentDateTimeUtc().addSecs(-3600);
    s.finishedAt = s.startedAt.addSecs(60);
    s.stages = test::fixedCapacityStages(kOp, {1, 2, 4, 8, 16, 32}, workers, 2.0);
    return s;
}

QString writeFile(const QString &dir, const QString &name, const Session &s)
{
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(name);
    QString error;
    if (!writeSession(s, path, &error))
        qFatal("cannot write %s: %s", qPrintable(path), qPrintable(error));
    return path;
}

QString labelIn(const QString &path)
{
    const std::optional<Session> s = readSession(path, nullptr);
    return s ? s->label : QStringLiteral("<unreadable>");
}

/// Empties the test trash of `path` (QStandardPaths test mode: under ~/.qttest).
void removeFromTestTrash(const QString &path)
{
    const QDir trash(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
                     + QStringLiteral("/Trash"));
    const QStringList infos =
        QDir(trash.filePath(QStringLiteral("info"))).entryList({QStringLiteral("*.trashinfo")});
    for (const QString &name : infos) {
        QFile info(trash.filePath(QStringLiteral("info/") + name));
        if (!info.open(QIODevice::ReadOnly) || !info.readAll().contains(QFile::encodeName(path)))
            continue;
        info.close();
        QFile::remove(trash.filePath(QStringLiteral("files/") + name.chopped(10)));
        info.remove();
    }
}

/// Answers the next "Delete session" question with Yes, keeping its text in `*text`.
void answerDeleteQuestion(QString *text)
{
    auto *poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, [poll, text] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible() || box->windowTitle() != QLatin1String("Delete session"))
            return;
        *text = box->text();
        box->button(QMessageBox::Yes)->click();
        poll->deleteLater();
    });
    poll->start(20);
}

QString cell(const SessionLibraryView &v, int proxyRow, int column)
{
    return v.proxy()->index(proxyRow, column).data().toString();
}

} // namespace

class TestSessionLibrary : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_alpha, m_beta, m_gamma, m_corrupt;

    void setNames(const QString &org, const QString &app)
    {
        QCoreApplication::setOrganizationName(org);
        QCoreApplication::setApplicationName(app);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        setNames(QStringLiteral("vault-workbench-tests"), QStringLiteral("tst_sessionlibrary"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_alpha = writeFile(m_dir.path(), QStringLiteral("a.json"),
                            makeSession(QStringLiteral("alpha-kv"), QStringLiteral("kv-read"),
                                        QStringLiteral("http://127.0.0.1:8200"), 8));
        m_beta = writeFile(m_dir.path(), QStringLiteral("b.json"),
                           makeSession(QStringLiteral("beta"), QStringLiteral("transit-sign"),
                                       QStringLiteral("http://127.0.0.1:8201"), 16));
        m_gamma = writeFile(m_dir.path(), QStringLiteral("c.json"),
                            makeSession(QStringLiteral("gamma"), QStringLiteral("kv-read"),
                                        QStringLiteral("http://127.0.0.1:8200"), 4));
        m_corrupt = QDir(m_dir.path()).filePath(QStringLiteral("corrupt.json"));
        QFile f(m_corrupt);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"kind\":\"vault-workbench-session\",\"schema\":2,\"stages\":[{\"vus\":");
    }

    void sessionsFolderIsNotDoubled()
    {
        setNames(QStringLiteral("vw-same"), QStringLiteral("vw-same"));
        const QString appData = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QVERIFY2(appData.endsWith(QStringLiteral("/vw-same/vw-same")), qPrintable(appData));
        QVERIFY2(sessionsDirectory().endsWith(QStringLiteral("/vw-same/sessions")),
                 qPrintable(sessionsDirectory()));
        QVERIFY(!sessionsDirectory().contains(QStringLiteral("vw-same/vw-same")));
        QCOMPARE(legacySessionsDirectories(), QStringList{appData + QStringLiteral("/sessions")});
        // Different names are not cut: AppDataLocation as it is, nothing older to list.
        setNames(QStringLiteral("acme"), QStringLiteral("vw"));
        QCOMPARE(sessionsDirectory(),
                 QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                     + QStringLiteral("/sessions"));
        QVERIFY(legacySessionsDirectories().isEmpty());
        setNames(QStringLiteral("vault-workbench-tests"), QStringLiteral("tst_sessionlibrary"));
    }

    void listsAFolderWithErrorRows()
    {
        SessionLibraryView v;
        const LibraryModelTesters testers(v);
        v.setBaseFolders({m_dir.path()});
        v.refresh();
        QTRY_COMPARE(v.model()->rowCount(), 4);
        QTRY_VERIFY(!v.isScanning());
        const int bad = v.model()->rowOf(m_corrupt);
        QVERIFY(bad >= 0);
        const auto at = [&](int row, int col) {
            return v.model()->index(row, col).data().toString();
        };
        QCOMPARE(at(bad, SessionLibraryModel::Status), QStringLiteral("unreadable"));
        QVERIFY2(at(bad, SessionLibraryModel::Note).contains(QStringLiteral("not JSON")),
                 qPrintable(at(bad, SessionLibraryModel::Note)));
        QCOMPARE(at(bad, SessionLibraryModel::PeakThroughput), QStringLiteral("-"));

        const int beta = v.model()->rowOf(m_beta);
        QCOMPARE(at(beta, SessionLibraryModel::Label), QStringLiteral("beta"));
        QCOMPARE(at(beta, SessionLibraryModel::Profile), QStringLiteral("transit-sign"));
        QCOMPARE(at(beta, SessionLibraryModel::Target), QStringLiteral("http://127.0.0.1:8201"));
        QCOMPARE(at(beta, SessionLibraryModel::Status), QStringLiteral("completed"));
        QVERIFY(at(beta, SessionLibraryModel::Stages).startsWith(QStringLiteral("6")));
        QCOMPARE(at(beta, SessionLibraryModel::Knee), QStringLiteral("16"));
    }

    void searchFiltersAndSortsByFigures()
    {
        SessionLibraryView v;
        const LibraryModelTesters testers(v);
        v.setBaseFolders({m_dir.path()});
        v.refresh();
        QTRY_COMPARE(v.model()->rowCount(), 4);
        v.setFilterText(QStringLiteral("TRANSIT")); // profile column, any case
        QCOMPARE(v.proxy()->rowCount(), 1);
        QCOMPARE(cell(v, 0, SessionLibraryModel::Label), QStringLiteral("beta"));
        v.setFilterText(QStringLiteral("127.0.0.1:8200")); // target column
        QCOMPARE(v.proxy()->rowCount(), 2);
        v.setFilterText(QStringLiteral("unreadable"));
        QCOMPARE(v.proxy()->rowCount(), 1);
        v.setFilterText(QString());
        QCOMPARE(v.proxy()->rowCount(), 4);

        // By peak throughput (numbers, not text): 16 workers 8000/s, 8: 4000/s, 4: 2000/s.
        v.table()->sortByColumn(SessionLibraryModel::PeakThroughput, Qt::DescendingOrder);
        QCOMPARE(cell(v, 0, SessionLibraryModel::Label), QStringLiteral("beta"));
        QCOMPARE(cell(v, 1, SessionLibraryModel::Label), QStringLiteral("alpha-kv"));
        QCOMPARE(cell(v, 2, SessionLibraryModel::Label), QStringLiteral("gamma"));
        QCOMPARE(cell(v, 3, SessionLibraryModel::Label), QStringLiteral("corrupt")); // "-" last
        v.table()->sortByColumn(SessionLibraryModel::PeakThroughput, Qt::AscendingOrder);
        QCOMPARE(cell(v, 0, SessionLibraryModel::Label), QStringLiteral("gamma"));
        QCOMPARE(cell(v, 3, SessionLibraryModel::Label), QStringLiteral("corrupt"));
    }

    void renameWritesTheLabel()
    {
        SessionLibraryView v;
        const LibraryModelTesters testers(v);
        v.setBaseFolders({m_dir.path()});
        v.refresh();
        QTRY_COMPARE(v.model()->rowCount(), 4);
        QSignalSpy messages(&v, &SessionLibraryView::message);
        v.renameSession(m_gamma, QStringLiteral("gamma, after the upgrade"));
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(labelIn(m_gamma), QStringLiteral("gamma, after the upgrade"));
        const int row = v.model()->rowOf(m_gamma);
        QCOMPARE(v.model()->index(row, SessionLibraryModel::Label).data().toString(),
                 QStringLiteral("gamma, after the upgrade"));
        // A corrupt file is not rewritten: an error, and the file stays as it was.
        const QByteArray before = [&] {
            QFile f(m_corrupt);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        v.renameSession(m_corrupt, QStringLiteral("x"));
        QTRY_COMPARE(messages.size(), 2);
        QVERIFY(messages.last().first().toString().startsWith(QStringLiteral("Could not rename")));
        QFile f(m_corrupt);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }

    void openAndOverlayEmitThePath()
    {
        SessionLibraryView v;
        const LibraryModelTesters testers(v);
        v.setBaseFolders({m_dir.path()});
        v.refresh();
        QTRY_COMPARE(v.model()->rowCount(), 4);
        QSignalSpy open(&v, &SessionLibraryView::openRequested);
        QSignalSpy overlay(&v, &SessionLibraryView::overlayRequested);
        QVERIFY(v.selectPath(m_alpha));
        auto *openButton = v.findChild<QPushButton *>(QStringLiteral("libraryOpen"));
        auto *overlayButton = v.findChild<QPushButton *>(QStringLiteral("libraryOverlay"));
        QVERIFY(openButton && overlayButton && openButton->isEnabled());
        QTest::mouseClick(openButton, Qt::LeftButton);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().first().toString(), m_alpha);
        QTest::mouseClick(overlayButton, Qt::LeftButton);
        QCOMPARE(overlay.size(), 1);
        QCOMPARE(overlay.first().first().toString(), m_alpha);
        // An unreadable row cannot be opened.
        QVERIFY(v.selectPath(m_corrupt));
        QVERIFY(!openButton->isEnabled());
        v.openSelected(); // e.g. by double-click
        QCOMPARE(open.size(), 1);
    }

    void mainWindowOpensFromTheLibraryAndNamesTheFile()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *libraryAction = w.findChild<QAction *>(QStringLiteral("libraryAction"));
        QVERIFY(libraryAction);
        QCOMPARE(libraryAction->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+L")));
        SessionLibraryView *lib = w.sessionLibrary();
        lib->addFolder(m_dir.path());
        libraryAction->trigger();
        QVERIFY(lib->isVisible());
        QTRY_COMPARE(lib->model()->rowCount(), 4);
        QTRY_VERIFY(!lib->isScanning());

        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        QVERIFY(lib->selectPath(m_beta));
        lib->openSelected();
        QTRY_COMPARE(opened.size(), 1);
        QCOMPARE(w.sessionSet()->mainEntry()->path, m_beta);
        SavedSessionBar *bar = w.savedSessionBar();
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->path(), m_beta);

        QVERIFY(lib->selectPath(m_alpha));
        lib->overlaySelected();
        QTRY_COMPARE(opened.size(), 2);
        QCOMPARE(w.sessionSet()->overlayCount(), 1);

        // Save Session As: a valid session elsewhere, without any token.
        QSignalSpy saved(bar, &SavedSessionBar::savedAs);
        const QString copy = QDir(m_dir.path()).filePath(QStringLiteral("copy/beta-copy.json"));
        QVERIFY(QDir().mkpath(QFileInfo(copy).absolutePath()));
        bar->saveAs(copy);
        QTRY_COMPARE(saved.size(), 1);
        QCOMPARE(saved.first().at(1).toString(), QString());
        QCOMPARE(labelIn(copy), QStringLiteral("beta"));
        QFile f(copy);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("\"token\""));
        QSettings().remove(QStringLiteral("library/folders"));
    }

    // docs/screenshots/library.png and form-editor.png (docs/screenshots/README.md): the
    // window at 1920x1080 with the sessions of VW_SCREENSHOT_SESSIONS (a folder of real
    // runs) opened, overlaid and listed in the library, saved to VW_SCREENSHOT_LIBRARY; then
    // the profile VW_SCREENSHOT_PROFILE in the editor's Form tab, saved to
    // VW_SCREENSHOT_FORM. Skipped without them.
    void screenshots()
    {
        const QString folder = qEnvironmentVariable("VW_SCREENSHOT_SESSIONS");
        if (folder.isEmpty())
            QSKIP("VW_SCREENSHOT_SESSIONS not set");
        MainWindow w;
        w.setGeometry(0, 0, 1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString profile = qEnvironmentVariable("VW_SCREENSHOT_PROFILE");
        if (!profile.isEmpty())
            QVERIFY(w.openProfile(profile));
        const QStringList files =
            QDir(folder).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        w.openSession(QDir(folder).filePath(files.last()));
        QTRY_COMPARE(opened.size(), 1);
        for (int i = 0; i + 1 < files.size(); ++i)
            w.addOverlaySession(QDir(folder).filePath(files.at(i)));
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), files.size(), 20000);
        SessionLibraryView *lib = w.sessionLibrary();
        lib->addFolder(folder);
        auto *libraryAction = w.findChild<QAction *>(QStringLiteral("libraryAction"));
        QVERIFY(libraryAction);
        libraryAction->trigger();
        QTRY_VERIFY(lib->isVisible());
        QTRY_VERIFY(!lib->isScanning());
        QTest::qWait(500);
        if (const QString path = qEnvironmentVariable("VW_SCREENSHOT_LIBRARY"); !path.isEmpty())
            QVERIFY2(w.grab().save(path), qPrintable(path));
        libraryAction->trigger(); // closed again
        QTRY_VERIFY(!lib->isVisible());
        if (const QString path = qEnvironmentVariable("VW_SCREENSHOT_FORM"); !path.isEmpty()) {
            auto *views = w.findChild<QTabWidget *>(QStringLiteral("profileViews"));
            QVERIFY2(views, "no profileViews tab widget");
            views->setCurrentIndex(1); // Form
            QTest::qWait(500);
            QVERIFY2(w.grab().save(path), qPrintable(path));
        }
        QSettings().remove(QStringLiteral("library/folders"));
    }

    void olderDoubledFolderIsListed()
    {
        setNames(QStringLiteral("vw-lib-same"), QStringLiteral("vw-lib-same"));
        const QString legacy = legacySessionsDirectories().value(0);
        QVERIFY(!legacy.isEmpty());
        QDir(legacy).removeRecursively();
        QDir(sessionsDirectory()).removeRecursively();
        const QString old =
            writeFile(legacy, QStringLiteral("old.json"),
                      makeSession(QStringLiteral("from-before"), QStringLiteral("kv-read"),
                                  QStringLiteral("http://127.0.0.1:8200"), 8));
        const QString now =
            writeFile(sessionsDirectory(), QStringLiteral("new.json"),
                      makeSession(QStringLiteral("from-now"), QStringLiteral("kv-read"),
                                  QStringLiteral("http://127.0.0.1:8200"), 8));
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.findChild<QAction *>(QStringLiteral("libraryAction"))->trigger();
            SessionLibraryView *lib = w.sessionLibrary();
            QTRY_COMPARE(lib->model()->rowCount(), 2);
            QVERIFY(lib->model()->rowOf(old) >= 0);
            QVERIFY(lib->model()->rowOf(now) >= 0);
        }
        QDir(legacy).removeRecursively();
        QDir(sessionsDirectory()).removeRecursively();
        setNames(QStringLiteral("vault-workbench-tests"), QStringLiteral("tst_sessionlibrary"));
    }

    // The library's scan of 200 saved sessions, from refresh() to the last row (printed).
    void listing200Sessions()
    {
        QTemporaryDir many;
        const Session s = makeSession(QStringLiteral("many"), QStringLiteral("kv-read"),
                                      QStringLiteral("http://127.0.0.1:8200"), 8);
        for (int i = 0; i < 200; ++i)
            writeFile(many.path(), QStringLiteral("s%1.json").arg(i, 3, 10, QLatin1Char('0')), s);
        SessionLibraryView v;
        const LibraryModelTesters testers(v);
        v.setBaseFolders({many.path()});
        QSignalSpy finished(&v, &SessionLibraryView::scanFinished);
        QElapsedTimer t;
        t.start();
        v.refresh();
        QCOMPARE(v.model()->rowCount(), 0); // refresh() returned before reading a file
        QVERIFY(v.isScanning());
        QVERIFY(finished.wait(30000));
        const qint64 ms = t.elapsed();
        QCOMPARE(finished.first().first().toInt(), 200);
        QCOMPARE(v.model()->rowCount(), 200);
        qInfo("library: 200 sessions of %lld bytes listed in %lld ms",
              QFileInfo(QDir(many.path()).filePath(QStringLiteral("s000.json"))).size(), ms);
    }

    // Deleting from the library the session shown in the window: the question says it is
    // shown (and does not for another file), and the file line then says the file was
    // deleted, without Show in Folder or Save As.
    void deletingTheShownSessionSaysSo()
    {
        QTemporaryDir folder;
        const QString shown =
            writeFile(folder.path(), QStringLiteral("shown.json"),
                      makeSession(QStringLiteral("shown"), QStringLiteral("kv-read"),
                                  QStringLiteral("http://127.0.0.1:8200"), 8));
        const QString other =
            writeFile(folder.path(), QStringLiteral("other.json"),
                      makeSession(QStringLiteral("other"), QStringLiteral("kv-read"),
                                  QStringLiteral("http://127.0.0.1:8200"), 4));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        SessionLibraryView *lib = w.sessionLibrary();
        lib->addFolder(folder.path());
        w.findChild<QAction *>(QStringLiteral("libraryAction"))->trigger();
        QTRY_COMPARE(lib->model()->rowCount(), 2);
        QTRY_VERIFY(!lib->isScanning());
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        QVERIFY(lib->selectPath(shown));
        lib->openSelected();
        QTRY_COMPARE(opened.size(), 1);
        SavedSessionBar *bar = w.savedSessionBar();
        auto *label = bar->findChild<QLabel *>(QStringLiteral("savedSessionPath"));
        auto *reveal = bar->findChild<QPushButton *>(QStringLiteral("showInFolderButton"));
        auto *saveAs = bar->findChild<QPushButton *>(QStringLiteral("saveSessionAsButton"));
        QVERIFY(label && reveal && saveAs);
        QVERIFY(reveal->isVisible());
        const QString shownText = QStringLiteral("This session is shown in the window");

        QSignalSpy deleted(lib, &SessionLibraryView::sessionDeleted);
        QString question;
        answerDeleteQuestion(&question);
        QVERIFY(lib->selectPath(other));
        lib->deleteSelected();
        QVERIFY2(!question.contains(shownText), qPrintable(question));
        QTRY_COMPARE(deleted.size(), 1);
        QVERIFY(!QFile::exists(other));
        QVERIFY(!bar->isFileDeleted()); // another file: the line is unchanged
        QVERIFY(reveal->isVisible());
        QVERIFY(label->text().startsWith(QStringLiteral("Session file: ")));

        question.clear();
        answerDeleteQuestion(&question);
        QVERIFY(lib->selectPath(shown));
        lib->deleteSelected();
        QVERIFY2(question.contains(shownText), qPrintable(question));
        QTRY_COMPARE(deleted.size(), 2);
        QVERIFY(!QFile::exists(shown));
        QVERIFY(bar->isVisible());
        QVERIFY(bar->isFileDeleted());
        QVERIFY2(label->text().startsWith(QStringLiteral("Session file deleted: ")),
                 qPrintable(label->text()));
        QVERIFY(!reveal->isVisible());
        QVERIFY(!saveAs->isVisible());
        QCOMPARE(w.sessionSet()->mainEntry()->path, shown); // the results stay on screen

        removeFromTestTrash(other);
        removeFromTestTrash(shown);
        QSettings().remove(QStringLiteral("library/folders"));
    }

    // Last: it removes a file the other tests list.
    void deleteRemovesTheFile()
    {
        SessionLibraryView v;
        const LibraryModelTesters testers(v);
        v.setBaseFolders({m_dir.path()});
        v.refresh();
        QTRY_COMPARE(v.model()->rowCount(), 4);
        v.deleteSession(m_corrupt);
        QTRY_VERIFY(!QFile::exists(m_corrupt));
        QTRY_COMPARE(v.model()->rowOf(m_corrupt), -1);
        QCOMPARE(v.model()->rowCount(), 3);
        QVERIFY(QFile::exists(m_alpha));
        removeFromTestTrash(m_corrupt);
    }
};

QTEST_MAIN(TestSessionLibrary)
#include "tst_sessionlibrary.moc"
