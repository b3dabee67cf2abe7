// MainWindow's layout: the target and profile on the left, the run panel, the saved-session
// line and the results on the right, each side scrolling in a splitter. Part of MainWindow
// (ui/mainwindow.h), kept apart so that mainwindow.cpp is the wiring of the pages.
#include "mainwindow.h"

#include "library/savedsessionbar.h"
#include "profileeditorpage.h"
#include "resultspage.h"
#include "runpanel.h"
#include "targetpanel.h"

#include <QGroupBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace vw {

namespace {

QWidget *boxed(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QGroupBox(title, parent);
    auto *l = new QVBoxLayout(box);
    l->setContentsMargins(6, 6, 6, 6);
    l->addWidget(content);
    return box;
}

} // namespace

void MainWindow::createLayout()
{
    auto *left = new QWidget(this);
    auto *ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(boxed(tr("Target"), m_target, left));
    ll->addWidget(boxed(tr("Profile"), m_editor, left), 1);

    auto *right = new QWidget(this);
    auto *rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(m_runPanel);
    m_savedBar = new SavedSessionBar(m_sessions, right);
    rl->addWidget(m_savedBar);
    // The results take the height the window has, not their charts' preferred height: the
    // side's word-wrapped banners make its layout height-for-width, which would size it by
    // the size hints and scroll a 1600x1000 window (the tables below the charts then showed
    // 3 rows above the fold). Their minimum still holds: a small window scrolls.
    m_results->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_results->setMinimumHeight(m_results->minimumSizeHint().height());
    rl->addWidget(m_results, 1);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    // Each side scrolls when the window is smaller than its content (a 1280x720 screen at
    // 150 % has 853x480 device-independent pixels); at usual sizes it simply fills the side.
    for (QWidget *side : {left, right}) {
        auto *scroll = new QScrollArea(m_splitter);
        scroll->setObjectName(side == left ? QStringLiteral("leftScroll")
                                           : QStringLiteral("rightScroll"));
        scroll->setAccessibleName(side == left ? tr("Target and profile") : tr("Run and results"));
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(side);
        m_splitter->addWidget(scroll);
    }
    m_splitter->setObjectName(QStringLiteral("mainSplit"));
    // a larger window widens the editor too (a third of the extra width), not only the charts
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);
    for (QWidget *w : {static_cast<QWidget *>(m_splitter), left, right})
        w->setContentsMargins(4, 4, 4, 4);
    // the left side at least as wide as its content: it never scrolls sideways (at 1280x720
    // too); a wider window gives it a third of the extra width
    auto *leftScroll = static_cast<QScrollArea *>(m_splitter->widget(0));
    leftScroll->setMinimumWidth(left->minimumSizeHint().width()
                                + leftScroll->verticalScrollBar()->sizeHint().width());
    const int leftWidth = std::max(440, leftScroll->minimumWidth());
    m_splitter->setSizes({leftWidth, 1400 - leftWidth});
}

} // namespace vw
