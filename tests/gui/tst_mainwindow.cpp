// The whole window against a real `bao server -dev`: run a short profile, see the live charts
// and table fill, the session auto-saved without the token, reopen it, overlay two sessions.
// VW_SCREENSHOT=<path.png> also renders the window (1400x900) with an overlay to that file.
#include "appresources.h"
#include "baoserver.h"
#include "charts/stagecurvechart.h"
#include "mainwindow.h"
#include "models/stagetablemodel.h"
#include "session/sessionio.h"
#include "sessionfiles.h"

#include <QAction>
#include <QChart>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

QByteArray profileYaml()
{
    return "name: gui-test\n"
           "target:\n"
           "  address: http://127.0.0.1:1\n" // overridden by the address field
           "  request_timeout: 5s\n"
           "ramp:\n"
           "  executor: closed\n"
           "  warmup: 300ms\n"
           "  stages:\n"
           "    - { vus: 1, duration: 1.5s }\n"
           "    - { vus: 2, duration: 1.5s }\n"
           "operations:\n"
           "  - type: sys_health\n"
           "    weight: 50\n"
           "  - type: kv2_read\n"
           "    weight: 50\n"
           "    params: { keys: 10, payload_bytes: 64 }\n";
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The visible legend entries of the curves. The band entry is left out: a stage of these
/// short runs may be client-bound on a busy test machine, which adds "client-bound stage".
QStringList legendLabels(StageCurveChart *chart)
{
    QStringList out;
    const auto markers = chart->chart()->legend()->markers();
    for (QLegendMarker *m : markers)
        if (m->isVisible()
            && (chart->model().bandLabel.isEmpty() // bands: one per session
                || !m->label().endsWith(chart->model().bandLabel)))
            out << m->label();
    return out;
}

/// The curve legend entries (legendLabels()) of a chart of `s` alone: `ops`. A band entry,
/// there when a stage was client-bound (the load generator's machine was busy), is left out
/// by legendLabels() as well.
QStringList expectedLegend(const Session &, QStringList ops)
{
    return ops;
}

QStringList tableDump(const QAbstractItemModel *m)
{
    QStringList rows;
    for (int r = 0; r < m->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m->columnCount(); ++c)
            cells << m->data(m->index(r, c)).toString();
        rows << cells.join(QLatin1Char('|'));
    }
    return rows;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    vw::test::BaoServer m_bao;
    QTemporaryDir m_dir;
    QString m_savedPath;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
        QDir(sessionsDirectory()).removeRecursively();
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void runProfileAndSaveSession()
    {
        const QString profilePath = m_dir.filePath(QStringLiteral("gui-test.yaml"));
        {
            QFile f(profilePath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(profileYaml());
        }
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProfile(profilePath));
        auto *token = w.findChild<QLineEdit *>(QStringLiteral("tokenEdit"));
        auto *address = w.findChild<QLineEdit *>(QStringLiteral("addressEdit"));
        QVERIFY(token && address);
        // typed: this profile's address override, kept in the settings (checked below)
        address->setFocus();
        address->selectAll();
        QTest::keyClicks(address, m_bao.address());
        QCOMPARE(address->text(), m_bao.address());
        QCOMPARE(token->echoMode(), QLineEdit::Password);
        token->clear();
        QTest::keyClicks(token, QString::fromUtf8(m_bao.rootToken()));

        auto *run = w.findChild<QAction *>(QStringLiteral("runAction"));
        auto *stop = w.findChild<QAction *>(QStringLiteral("stopAction"));
        QTRY_VERIFY(run->isEnabled());
        QVERIFY(!stop->isEnabled());
        QSignalSpy finished(&w, &MainWindow::runFinished);
        QSignalSpy saved(&w, &MainWindow::sessionSaved);
        run->trigger();
        QVERIFY(w.isRunning());
        QVERIFY(!run->isEnabled());
        QVERIFY(stop->isEnabled());

        // live: the running stage's partial point appears before the stage ends
        auto *latency = w.findChild<StageCurveChart *>(QStringLiteral("latencyChart"));
        auto *throughput = w.findChild<StageCurveChart *>(QStringLiteral("throughputChart"));
        QVERIFY(latency && throughput);
        auto livePoints = [throughput] {
            const auto series = throughput->lineSeries();
            return series.isEmpty() ? 0 : int(series.first()->count());
        };
        QTRY_VERIFY_WITH_TIMEOUT(livePoints() >= 1 || finished.count() > 0, 30000);
        QVERIFY2(finished.isEmpty(), "the run ended before any live update was drawn");
        if (qEnvironmentVariableIsSet("VW_SCREENSHOT_LIVE")) {
            QTRY_VERIFY_WITH_TIMEOUT(livePoints() >= 2 || finished.count() > 0, 30000);
            QVERIFY(w.grab().save(qEnvironmentVariable("VW_SCREENSHOT_LIVE")));
        }

        // after the first stage the auto-save file is already there, as a checkpoint
        auto sessionFiles = [] {
            return QDir(sessionsDirectory()).entryList({QStringLiteral("*.json")}, QDir::Files);
        };
        auto firstFileStatus = [&] {
            const QStringList files = sessionFiles();
            if (files.isEmpty())
                return QString();
            QString error;
            const auto s = readSession(QDir(sessionsDirectory()).filePath(files.first()), &error);
            return s ? runStatusKey(s->status) + QLatin1Char('/')
                           + QString::number(s->stages.size())
                     : error;
        };
        // (the checkpoint written right after setup, before stage 1, holds no stage yet)
        QTRY_VERIFY_WITH_TIMEOUT(
            (!firstFileStatus().isEmpty() && firstFileStatus() != QStringLiteral("incomplete/0"))
                || finished.count() > 0,
            30000);
        QVERIFY2(finished.isEmpty(), "the run ended before the first checkpoint was seen");
        QCOMPARE(firstFileStatus(), QStringLiteral("incomplete/1"));
        const QString checkpointFile = sessionFiles().first();

        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 45000);
        const Session session = finished.at(0).at(0).value<Session>();
        QVERIFY2(session.status == RunStatus::Completed, qPrintable(session.error));
        QCOMPARE(session.stages.size(), 2);
        QVERIFY(run->isEnabled());
        QVERIFY(!stop->isEnabled());

        // charts: one point per stage per op (and per percentile for latency), X = VUs
        QCOMPARE(latency->lineSeries().size(), 2 * 3);
        QCOMPARE(throughput->lineSeries().size(), 2 + 1); // two ops and their total
        QTRY_COMPARE(legendLabels(latency), expectedLegend(session, {QStringLiteral("sys_health"),
                                                                     QStringLiteral("kv2_read")}));
        QTRY_COMPARE(
            legendLabels(throughput),
            expectedLegend(session, {QStringLiteral("sys_health"), QStringLiteral("kv2_read"),
                                     QStringLiteral("total")}));
        for (StageCurveChart *c : {latency, throughput}) {
            const auto series = c->lineSeries();
            for (QLineSeries *s : series) {
                QCOMPARE(s->count(), 2);
                QCOMPARE(s->at(0).x(), 1.0);
                QCOMPARE(s->at(1).x(), 2.0);
                QVERIFY2(s->at(0).y() > 0, qPrintable(s->name()));
            }
        }
        // the throughput points are the session's numbers
        const StageStats &s1 = session.stages.at(1);
        const auto tseries = throughput->lineSeries();
        for (QLineSeries *s : tseries) {
            if (s->name() == QLatin1String("total")) {
                double sum = 0;
                for (const OpStats &o : s1.ops)
                    sum += s1.throughputPerS(o);
                QCOMPARE(s->at(1).y(), sum);
                continue;
            }
            const OpStats *o = s1.find(s->name());
            QVERIFY2(o, qPrintable(s->name()));
            QCOMPARE(s->at(1).y(), s1.throughputPerS(*o));
        }

        // table: stages x ops rows
        auto *table = w.findChild<QTableView *>(QStringLiteral("stageTable"));
        QVERIFY(table);
        QCOMPARE(table->model()->rowCount(), 2 * 2);
        QCOMPARE(
            table->model()->data(table->model()->index(3, StageTableModel::OpColumn)).toString(),
            QStringLiteral("kv2_read"));

        // the session was auto-saved off the GUI thread, without the token
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 10000);
        m_savedPath = saved.at(0).at(0).toString();
        // the final session replaced the checkpoint: one file, the same name, completed
        QCOMPARE(sessionFiles(), QStringList{checkpointFile});
        QCOMPARE(QFileInfo(m_savedPath).fileName(), checkpointFile);
        // named after the session's own id (its first 8 characters)
        QVERIFY2(checkpointFile.endsWith(QLatin1Char('-') + session.id.left(8)
                                         + QStringLiteral(".json")),
                 qPrintable(checkpointFile + QLatin1Char(' ') + session.id));
        QCOMPARE(firstFileStatus(), QStringLiteral("completed/2"));
        QVERIFY(m_savedPath.startsWith(sessionsDirectory()));
        QCOMPARE(w.lastSavedSessionPath(), m_savedPath);
        const QByteArray json = fileBytes(m_savedPath);
        QVERIFY(json.size() > 100);
        QVERIFY(!json.contains(m_bao.rootToken()));

        // nor do the settings (which hold the profile's address override and recent files)
        w.close();
        QSettings settings;
        settings.sync();
        const QByteArray ini = fileBytes(settings.fileName());
        QVERIFY2(ini.contains(m_bao.address().toUtf8()), qPrintable(settings.fileName()));
        QVERIFY(!ini.contains(m_bao.rootToken()));
    }

    void reopenAndOverlay()
    {
        QVERIFY2(!m_savedPath.isEmpty(), "needs runProfileAndSaveSession");

        // the table of the reopened session equals the one of the run
        std::optional<Session> s = readSession(m_savedPath, nullptr);
        QVERIFY(s);
        StageTableModel reference;
        reference.setStages(s->stages);

        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // read off the GUI thread: the window reports when the session is in
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        QSignalSpy failed(&w, &MainWindow::sessionOpenFailed);
        w.openSession(m_savedPath);
        QTRY_COMPARE(opened.count() + failed.count(), 1);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.at(0).at(0).toString(), m_savedPath);
        // the session's profile comes into the (unmodified) editor
        QVERIFY(w.findChild<QPlainTextEdit *>(QStringLiteral("profileEditor"))
                    ->toPlainText()
                    .contains(QStringLiteral("name: gui-test")));
        auto *table = w.findChild<QTableView *>(QStringLiteral("stageTable"));
        QCOMPARE(tableDump(table->model()), tableDump(&reference));
        QCOMPARE(table->model()->rowCount(), 4);

        auto *latency = w.findChild<StageCurveChart *>(QStringLiteral("latencyChart"));
        auto *throughput = w.findChild<StageCurveChart *>(QStringLiteral("throughputChart"));
        QCOMPARE(latency->lineSeries().size(), 6);

        // a second session (same numbers, another label) overlaid
        Session second = *s;
        second.label = QStringLiteral("second run");
        second.id = QStringLiteral("0123456789abcdef");
        const QString secondPath = m_dir.filePath(QStringLiteral("second.json"));
        QString error;
        QVERIFY2(writeSession(second, secondPath, &error), qPrintable(error));
        w.addOverlaySession(secondPath);
        QTRY_COMPARE(opened.count() + failed.count(), 2);
        QCOMPARE(opened.count(), 2);

        QCOMPARE(latency->lineSeries().size(), 12);
        QCOMPARE(throughput->lineSeries().size(), 2 * 3); // per session: two ops and total
        // the legend names each session's label (one entry per session x op)
        const int band = 0; // band entries ("<label> · client-bound stage") left out
        auto bothLabelled = [band](StageCurveChart *c, int perSession) {
            const QStringList labels = legendLabels(c);
            auto has = [&labels](const QString &prefix) {
                return std::any_of(labels.cbegin(), labels.cend(),
                                   [&prefix](const QString &l) { return l.startsWith(prefix); });
            };
            return labels.size() == 2 * perSession + band && has(QStringLiteral("gui-test · "))
                   && has(QStringLiteral("second run · "));
        };
        QTRY_VERIFY2(bothLabelled(latency, 2),
                     qPrintable(legendLabels(latency).join(QLatin1Char(','))));
        QTRY_VERIFY2(bothLabelled(throughput, 3),
                     qPrintable(legendLabels(throughput).join(QLatin1Char(','))));
        // the two sessions' curves have distinct colours
        const auto tseries = throughput->lineSeries();
        QColor firstColour, secondColour;
        for (QLineSeries *ls : tseries) {
            if (ls->name() == QStringLiteral("gui-test · kv2_read"))
                firstColour = ls->pen().color();
            if (ls->name() == QStringLiteral("second run · kv2_read"))
                secondColour = ls->pen().color();
        }
        QVERIFY(firstColour.isValid() && secondColour.isValid());
        QVERIFY(firstColour != secondColour);

        if (qEnvironmentVariableIsSet("VW_SCREENSHOT")) {
            QTest::qWait(200);
            const QString path = qEnvironmentVariable("VW_SCREENSHOT");
            QVERIFY2(w.grab().save(path), qPrintable(path));
            qInfo("screenshot written to %s", qPrintable(path));
        }

        // Remove from overlay
        auto *remove = w.findChild<QAction *>(QStringLiteral("removeOverlayAction"));
        QVERIFY(remove->isEnabled());
        remove->trigger();
        QCOMPARE(throughput->lineSeries().size(), 2 + 1); // two ops and their total
        QTRY_COMPARE(legendLabels(throughput),
                     expectedLegend(*s, {QStringLiteral("sys_health"), QStringLiteral("kv2_read"),
                                         QStringLiteral("total")}));
        QVERIFY(!remove->isEnabled());
    }

    void applicationIconDraws()
    {
        // resources/vault-workbench.svg from the compiled resources, as the window gets it
        const QIcon icon = applicationIcon();
        QVERIFY(!icon.isNull());
        for (int size : {16, 64, 256}) {
            const QImage img = icon.pixmap(QSize(size, size)).toImage();
            QCOMPARE(img.size(), QSize(size, size));
            QCOMPARE(img.pixelColor(0, 0).alpha(), 0); // outside the rounded tile
            if (size < 64)
                continue;
            const QColor dial = img.pixelColor(size / 2, size / 2);
            const QColor tile = img.pixelColor(size / 8, size / 8);
            QVERIFY2(dial.lightness() > 220, qPrintable(dial.name()));
            QVERIFY2(tile.alpha() == 255 && tile.blue() > tile.red() && tile.lightness() < 128,
                     qPrintable(tile.name()));
        }
    }

    void cleanupTestCase() { m_bao.stop(); }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
