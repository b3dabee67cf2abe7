#include "window/elidedlabel.h"

#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>

namespace vw {

ElidedLabel::ElidedLabel(const QString &text, QWidget *parent, Qt::TextElideMode mode)
    : QLabel(text, parent)
    , m_mode(mode)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    // as wide as the layout gives it, whatever the text (no relayout when it changes)
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

QString ElidedLabel::shownText() const
{
    const QString whole = text();
    return fontMetrics().elidedText(whole, m_mode, contentsRect().width() - 2 * margin());
}

QString ElidedLabel::effectiveToolTip() const
{
    if (!isElided())
        return toolTip();
    return toolTip().isEmpty() ? text() : text() + QLatin1Char('\n') + toolTip();
}

void ElidedLabel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    drawFrame(&p); // a style sheet's border (the results page's banners)
    const QRect r = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    style()->drawItemText(&p, r, int(alignment()) | int(Qt::TextSingleLine), palette(), isEnabled(),
                          shownText(), foregroundRole());
}

bool ElidedLabel::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const QString tip = effectiveToolTip();
        if (tip.isEmpty())
            return QLabel::event(event);
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), tip, this);
        return true;
    }
    return QLabel::event(event);
}

} // namespace vw
