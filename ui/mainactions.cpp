#include "mainactions.h"

#include "models/sessionset.h"
#include "window/windowgeometry.h"

#include <QAction>
#include <QKeySequence>
#include <QLabel>
#include <QSettings>
#include <QWidget>

namespace vw {

MainActions createMainActions(QWidget *owner)
{
    MainActions a;
    auto make = [owner](const QString &text, const QString &name, const QList<QKeySequence> &keys,
                        const QString &tip) {
        auto *a = new QAction(text, owner);
        a->setObjectName(name);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WindowShortcut);
        QString tipText = tip;
        if (!keys.isEmpty())
            tipText += QStringLiteral(" (%1)").arg(keys.first().toString(QKeySequence::NativeText));
        a->setToolTip(tipText);
        a->setStatusTip(tip);
        owner->addAction(a);
        return a;
    };
    a.newProfile = make(QObject::tr("&New Profile"), QStringLiteral("newAction"),
                        {QKeySequence::New}, QObject::tr("Start from the quickstart profile"));
    a.open =
        make(QObject::tr("&Open…"), QStringLiteral("openAction"), {QKeySequence::Open},
             QObject::tr("Open profiles (.yaml) or sessions (.json); several sessions overlay"));
    a.save = make(QObject::tr("&Save Profile"), QStringLiteral("saveAction"), {QKeySequence::Save},
                  QObject::tr("Save the profile YAML"));
    a.saveAs = make(QObject::tr("Save Profile &As…"), QStringLiteral("saveAsAction"),
                    {QKeySequence(QStringLiteral("Ctrl+Shift+S"))},
                    QObject::tr("Save the profile YAML under a new name"));
    a.saveSessionAs = make(QObject::tr("Save Sess&ion As…"), QStringLiteral("saveSessionAsAction"),
                           {}, QObject::tr("Write the session shown to a file of your choice"));
    a.run = make(QObject::tr("&Run"), QStringLiteral("runAction"),
                 {QKeySequence(QStringLiteral("Ctrl+R")), QKeySequence(Qt::Key_F5)},
                 QObject::tr("Run the profile against the target"));
    a.stop =
        make(QObject::tr("S&top"), QStringLiteral("stopAction"),
             // never a bare Esc: that belongs to the focused widget (a search box
             // clears, a popup closes); a run past a minute asks first
             {QKeySequence(QStringLiteral("Ctrl+.")), QKeySequence(Qt::SHIFT | Qt::Key_Escape)},
             QObject::tr("Stop the run (cleanup still runs)"));
    a.addOverlay = make(QObject::tr("&Add to Overlay…"), QStringLiteral("addOverlayAction"),
                        {QKeySequence(QStringLiteral("Ctrl+Shift+O"))},
                        QObject::tr("Draw another session's curves beside these"));
    a.removeOverlay =
        make(QObject::tr("Re&move from Overlay"), QStringLiteral("removeOverlayAction"),
             {QKeySequence(QStringLiteral("Ctrl+Shift+Del"))},
             QObject::tr("Remove the selected (or last) overlaid session"));
    a.quit = make(QObject::tr("&Quit"), QStringLiteral("quitAction"), {QKeySequence::Quit},
                  QObject::tr("Quit (a running benchmark is stopped and cleaned up first)"));
    a.tabMovesFocus = make(QObject::tr("Tab &Moves Focus"), QStringLiteral("tabMovesFocusAction"),
                           {QKeySequence(QStringLiteral("Ctrl+M"))},
                           QObject::tr("Tab in the profile editor moves focus instead of "
                                       "inserting spaces"));
    a.tabMovesFocus->setCheckable(true);
    a.tabMovesFocus->setChecked(
        QSettings().value(QStringLiteral("editor/tabMovesFocus"), false).toBool());
    QObject::connect(a.tabMovesFocus, &QAction::toggled, [](bool on) {
        QSettings().setValue(QStringLiteral("editor/tabMovesFocus"), on);
    });
    a.library = make(QObject::tr("Session &Library"), QStringLiteral("libraryAction"),
                     {QKeySequence(QStringLiteral("Ctrl+Shift+L"))},
                     QObject::tr("Browse, open, compare, rename and delete saved sessions"));
    return a;
}

QList<QAction *> createPercentileActions(QWidget *owner, SessionSet *set)
{
    QList<QAction *> out;
    const QList<int> available = SessionSet::availablePercentiles();
    for (int i = 0; i < available.size(); ++i) {
        const int p = available.at(i);
        auto *a = new QAction(QObject::tr("Show p%1").arg(p), owner);
        a->setObjectName(QStringLiteral("showP%1Action").arg(p));
        a->setCheckable(true);
        a->setChecked(set->isPercentileShown(p));
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
        a->setShortcutContext(Qt::WindowShortcut);
        a->setStatusTip(QObject::tr("Show or hide the p%1 latency curves").arg(p));
        owner->addAction(a);
        QObject::connect(a, &QAction::toggled, set,
                         [set, p](bool on) { set->setPercentileShown(p, on); });
        QObject::connect(set, &SessionSet::percentilesChanged, a,
                         [a, p](const QList<int> &shown) { a->setChecked(shown.contains(p)); });
        out << a;
    }
    return out;
}

QList<ShortcutRow> shortcutRows(const QList<QAction *> &actions)
{
    QList<ShortcutRow> rows;
    QStringList seen;
    for (QAction *a : actions) {
        const QList<QKeySequence> keys = a->shortcuts();
        if (keys.isEmpty() || a->text().isEmpty())
            continue;
        QStringList k;
        for (const QKeySequence &key : keys)
            k << key.toString(QKeySequence::NativeText);
        const QString what = a->text().remove(QLatin1Char('&'));
        if (seen.contains(what))
            continue;
        seen << what;
        rows.append({k.join(QStringLiteral(", ")), what});
    }
    // keys of Qt's own widgets: no action carries them
    const QList<ShortcutRow> widgetKeys{
        {QObject::tr("Tab, Shift+Tab"),
         QObject::tr("Next / previous control (in the profile editor Tab indents; Ctrl+M "
                     "switches)")},
        {QObject::tr("Ctrl+Tab, Ctrl+Shift+Tab"), QObject::tr("Next / previous tab of a pane")},
        {QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText) + QStringLiteral(", ")
             + QKeySequence(QKeySequence::Redo).toString(QKeySequence::NativeText),
         QObject::tr("Undo / redo in the editor")},
        {QObject::tr("Esc"),
         QObject::tr("Close a popup or dialog, clear the library's search (never stops a run)")},
        {QObject::tr("Enter"), QObject::tr("Insert the palette's operation, open a session")},
    };
    rows += widgetKeys;
    return rows;
}

QWidget *showShortcutsWindow(QWidget *parent, const QList<QAction *> &list)
{
    QStringList rows;
    for (const ShortcutRow &r : shortcutRows(list))
        rows << QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(r.keys.toHtmlEscaped(), r.what.toHtmlEscaped());
    auto *label =
        new QLabel(QStringLiteral("<table cellspacing=6>%1</table>").arg(rows.join(QString())));
    label->setWindowFlag(Qt::Tool);
    label->setAttribute(Qt::WA_DeleteOnClose);
    label->setWindowTitle(QObject::tr("Keyboard shortcuts"));
    label->setContentsMargins(12, 12, 12, 12);
    label->setObjectName(QStringLiteral("shortcutsWindow"));
    label->setParent(parent, Qt::Tool);
    label->adjustSize();
    placeOnScreen(label, parent); // centred on the window, never off the screen's edge
    label->show(); // not modal: the run keeps going
    return label;
}

} // namespace vw
