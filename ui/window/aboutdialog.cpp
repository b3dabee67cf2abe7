#include "window/aboutdialog.h"

#include "window/windowgeometry.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtGlobal>

namespace vw {

namespace {
const QString kProfileLink = QStringLiteral("docs:profile-format");
const QString kReadmeLink = QStringLiteral("docs:readme");

void openLink(QWidget *parent, const QString &link)
{
    if (link == kProfileLink)
        showDocument(parent, QString::fromLatin1(kProfileReferenceResource),
                     QObject::tr("Profile reference"));
    else if (link == kReadmeLink)
        showDocument(parent, QString::fromLatin1(kReadmeResource), QObject::tr("README"));
}
} // namespace

QString aboutText()
{
    return QObject::tr("<h3>Vault Workbench %1</h3>"
                       "<p>Benchmarks HashiCorp Vault and OpenBao over HTTP: staged concurrency "
                       "ramps, latency per stage, knee, saturation and failure points, saved "
                       "sessions and comparisons.</p>"
                       "<p>Qt %2 (built with %3)</p>"
                       "<p><a href=\"%4\">Profile reference</a> (docs/profile-format.md)<br>"
                       "<a href=\"%5\">README</a> (commands and sessions)</p>")
        .arg(QStringLiteral(VW_VERSION), QString::fromLatin1(qVersion()),
             QStringLiteral(QT_VERSION_STR), kProfileLink, kReadmeLink);
}

void showAboutDialog(QWidget *parent)
{
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("aboutDialog"));
    dialog.setWindowTitle(QObject::tr("About Vault Workbench"));
    auto *label = new QLabel(aboutText(), &dialog);
    label->setObjectName(QStringLiteral("aboutText"));
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    QObject::connect(label, &QLabel::linkActivated, &dialog,
                     [parent](const QString &link) { openLink(parent, link); });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *l = new QVBoxLayout(&dialog);
    l->addWidget(label);
    l->addWidget(buttons);
    dialog.setMinimumWidth(dialog.fontMetrics().averageCharWidth() * 60);
    dialog.exec();
}

QWidget *showDocument(QWidget *parent, const QString &resource, const QString &title)
{
    auto *browser = new QTextBrowser(parent);
    browser->setWindowFlag(Qt::Window);
    browser->setAttribute(Qt::WA_DeleteOnClose);
    browser->setObjectName(QStringLiteral("documentWindow"));
    browser->setWindowTitle(title);
    browser->setOpenExternalLinks(true);
    QFile f(resource); // compiled in: read from memory, not the disk
    if (f.open(QIODevice::ReadOnly))
        browser->setMarkdown(QString::fromUtf8(f.readAll()));
    else
        browser->setPlainText(QObject::tr("%1 is not in this build.").arg(resource));
    const QFontMetrics fm = browser->fontMetrics();
    browser->resize(fm.averageCharWidth() * 110, fm.height() * 45);
    placeOnScreen(browser, parent ? parent->window() : nullptr);
    browser->show();
    return browser;
}

} // namespace vw
