// For GUI tests: answers the modal message boxes a step opens (QMessageBox::exec() runs its
// own event loop, so the answer comes from a timer): clicks the button with object name
// `button` of every visible box with object name `box`, and counts them. Header-only, for
// tests/gui/ (the support library has no widgets).
#pragma once

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

namespace vw::test {

class MessageBoxClicker : public QObject {
public:
    MessageBoxClicker(const QString &box, const QString &button)
    {
        connect(&m_poll, &QTimer::timeout, this, [this, box, button] {
            auto *b = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!b || b->objectName() != box || !b->isVisible())
                return;
            ++asked;
            b->findChild<QPushButton *>(button)->click();
        });
        m_poll.start(20);
    }
    int asked = 0; ///< boxes answered so far

private:
    QTimer m_poll;
};

} // namespace vw::test
