#include "window/accessibility.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QGraphicsView>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTabBar>
#include <QTableView>
#include <QTabWidget>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTreeView>

namespace vw {

namespace {

QString plain(const QString &text)
{
    const QString t =
        Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    return t.simplified();
}

/// "Vault/OpenBao address: from the environment..." -> "Vault/OpenBao address".
QString firstPhrase(const QString &text)
{
    QString t = plain(text);
    for (const QString &stop :
         {QStringLiteral(": "), QStringLiteral(". "), QStringLiteral(" ("), QStringLiteral("; ")}) {
        const int at = t.indexOf(stop);
        if (at > 0)
            t = t.left(at);
    }
    if (t.endsWith(QLatin1Char('.')))
        t.chop(1);
    return t.size() > 80 ? t.left(80).trimmed() : t;
}

QString labelText(QString text)
{
    text = plain(text);
    text.remove(QLatin1Char('&'));
    while (text.endsWith(QLatin1Char(':')))
        text.chop(1);
    return text.trimmed();
}

/// The kind of thing `w` is, to complete a container's title ("Results table").
QString kindWord(const QWidget *w)
{
    if (qobject_cast<const QGraphicsView *>(w))
        return QObject::tr("chart");
    if (qobject_cast<const QTableView *>(w))
        return QObject::tr("table");
    if (qobject_cast<const QTreeView *>(w))
        return QObject::tr("tree");
    if (qobject_cast<const QAbstractItemView *>(w))
        return QObject::tr("list");
    if (qobject_cast<const QPlainTextEdit *>(w) || qobject_cast<const QTextEdit *>(w))
        return QObject::tr("text");
    if (qobject_cast<const QComboBox *>(w))
        return QObject::tr("choice");
    if (qobject_cast<const QTabBar *>(w))
        return QObject::tr("tabs");
    return QString();
}

/// The title of the nearest group box, tab page or dock holding `w`.
QString containerTitle(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        if (auto *g = qobject_cast<const QGroupBox *>(p); g && !g->title().isEmpty())
            return labelText(g->title());
        if (auto *d = qobject_cast<const QDockWidget *>(p); d && !d->windowTitle().isEmpty())
            return labelText(d->windowTitle());
        if (auto *stack = qobject_cast<const QStackedWidget *>(p->parentWidget())) {
            if (auto *tabs = qobject_cast<const QTabWidget *>(stack->parentWidget())) {
                const int i = tabs->indexOf(const_cast<QWidget *>(p));
                if (i >= 0 && !tabs->tabText(i).isEmpty())
                    return labelText(tabs->tabText(i));
            }
        }
        if (p->isWindow())
            break;
    }
    return QString();
}

QString buddyText(const QWidget *w)
{
    const QWidget *window = w->window();
    const auto labels = window->findChildren<QLabel *>();
    for (const QLabel *l : labels)
        if (l->buddy() == w && !l->text().isEmpty())
            return labelText(l->text());
    return QString();
}

/// "resultsTable" -> "results table".
QString fromObjectName(const QString &name)
{
    QString out;
    for (const QChar c : name) {
        if (c.isUpper() && !out.isEmpty())
            out += QLatin1Char(' ');
        out += c.toLower();
    }
    return out;
}

class Namer : public QObject {
public:
    explicit Namer(QWidget *root)
        : QObject(root)
        , m_root(root)
    {
        qApp->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Polish && watched->isWidgetType() && m_root) {
            auto *w = static_cast<QWidget *>(watched);
            if (m_root->isAncestorOf(w))
                name(w);
        }
        return QObject::eventFilter(watched, event);
    }

public:
    static void name(QWidget *w)
    {
        if (auto *view = qobject_cast<QAbstractItemView *>(w))
            view->setTabKeyNavigation(false); // Tab goes on to the next control
        if (!isInteractiveWidget(w) || !w->accessibleName().isEmpty())
            return;
        if (auto *b = qobject_cast<QAbstractButton *>(w); b && !labelText(b->text()).isEmpty())
            return; // its text is its name
        const QString n = derivedAccessibleName(w);
        if (!n.isEmpty())
            w->setAccessibleName(n);
        if (w->accessibleDescription().isEmpty() && !w->toolTip().isEmpty())
            w->setAccessibleDescription(plain(w->toolTip()));
    }

private:
    QPointer<QWidget> m_root;
};

} // namespace

bool isInteractiveWidget(const QWidget *w)
{
    if (!w || w->objectName().startsWith(QLatin1String("qt_")))
        return false;
    if (qobject_cast<const QScrollBar *>(w) || qobject_cast<const QHeaderView *>(w))
        return false;
    const QWidget *p = w->parentWidget();
    if (auto *area = qobject_cast<const QAbstractScrollArea *>(p); area && area->viewport() == w)
        return false; // a view's viewport: the view is the control
    if (p
        && (qobject_cast<const QComboBox *>(p) || qobject_cast<const QAbstractSpinBox *>(p)
            || qobject_cast<const QTabBar *>(p) || qobject_cast<const QLineEdit *>(p)))
        return false; // a combo's or spin box's line edit, a tab bar's scroll buttons, a line
            // edit's clear button
    if (qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QComboBox *>(w)
        || qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w)
        || qobject_cast<const QAbstractSlider *>(w) || qobject_cast<const QAbstractItemView *>(w)
        || qobject_cast<const QGraphicsView *>(w) || qobject_cast<const QPlainTextEdit *>(w)
        || qobject_cast<const QTextEdit *>(w) || qobject_cast<const QTabBar *>(w))
        return true;
    return (w->focusPolicy() & Qt::TabFocus) && !qobject_cast<const QLabel *>(w);
}

QString accessibleNameOf(QWidget *w)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
    return iface ? iface->text(QAccessible::Name).trimmed() : QString();
}

QString derivedAccessibleName(const QWidget *w)
{
    if (QString t = buddyText(w); !t.isEmpty())
        return t;
    if (QString t = firstPhrase(w->toolTip()); !t.isEmpty())
        return t;
    if (auto *e = qobject_cast<const QLineEdit *>(w); e && !e->placeholderText().isEmpty())
        return firstPhrase(e->placeholderText());
    if (auto *e = qobject_cast<const QPlainTextEdit *>(w); e && !e->placeholderText().isEmpty())
        return firstPhrase(e->placeholderText());
    if (QString t = containerTitle(w); !t.isEmpty()) {
        const QString kind = kindWord(w);
        return kind.isEmpty() ? t : QStringLiteral("%1 %2").arg(t, kind);
    }
    if (auto *b = qobject_cast<const QAbstractButton *>(w); b && !b->toolTip().isEmpty())
        return firstPhrase(b->toolTip());
    return fromObjectName(w->objectName());
}

void makeAccessible(QWidget *root)
{
    const auto widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets)
        Namer::name(w);
    new Namer(root); // and those created later, as they are polished
}

} // namespace vw
