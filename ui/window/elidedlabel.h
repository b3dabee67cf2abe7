// A one-line label that never runs under its neighbours: its text is drawn elided (…) to the
// width it is given, and its tool tip then holds the whole text (before its own tool tip,
// if it has one). text() stays the whole text. Its size hint does not follow the text, so a
// text that changes with every live update (<= 10 Hz) never lays the window out again. The run
// panel's status line (ui/runpanel.h). GUI thread only.
#pragma once

#include <QLabel>

namespace vw {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(const QString &text = QString(), QWidget *parent = nullptr,
                         Qt::TextElideMode mode = Qt::ElideRight);

    /// The text as drawn now: text(), elided to the contents width when it does not fit.
    QString shownText() const;
    bool isElided() const { return shownText() != text(); }
    /// What hovering shows: the whole text when it is elided (then the label's own tool tip,
    /// if any), else the label's own tool tip.
    QString effectiveToolTip() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    Qt::TextElideMode m_mode;
};

} // namespace vw
