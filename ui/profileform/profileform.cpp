#include "profileform.h"

#include "operationssection.h"
#include "profile/profileparser.h"
#include "stagessection.h"
#include "targetsection.h"

#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QTextCursor>
#include <QTimer>
#include <QVBoxLayout>

namespace vw {

ProfileForm::ProfileForm(QPlainTextEdit *editor, QWidget *parent)
    : QWidget(parent)
    , m_editor(editor)
{
    setObjectName(QStringLiteral("profileForm"));
    const YamlEditSink sink = [this](const YamlEdit &e) { apply(e); };
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("formProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: bold;"));
    m_problem->hide();

    m_body = new QWidget(this);
    auto *bl = new QVBoxLayout(m_body);
    auto group = [this, bl](const QString &title, QWidget *w) {
        auto *g = new QGroupBox(title, m_body);
        auto *gl = new QVBoxLayout(g);
        gl->addWidget(w);
        bl->addWidget(g);
    };
    m_target = new TargetSection(sink, m_body);
    m_stages = new StagesSection(sink, m_body);
    m_operations = new OperationsSection(sink, m_body);
    group(tr("Target"), m_target);
    group(tr("Stages"), m_stages);
    group(tr("Operations"), m_operations);
    bl->addStretch();

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_body);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_problem);
    lay->addWidget(scroll);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, &ProfileForm::refresh);
    connect(m_editor, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    refresh();
}

void ProfileForm::refreshNow()
{
    m_debounce->stop();
    refresh();
}

QString ProfileForm::problemText() const
{
    return m_readOnly ? m_problem->text() : QString();
}

void ProfileForm::refresh()
{
    const ProfileParseResult r = parseProfile(m_editor->toPlainText().toUtf8());
    if (!r.ok()) {
        m_readOnly = true;
        QString where;
        for (const ProfileError &e : r.errors)
            if (e.line > 0) {
                where = tr("line %1").arg(e.line);
                break;
            }
        if (where.isEmpty() && !r.errors.isEmpty())
            where = r.errors.first().toString();
        m_problem->setText(tr("fix the YAML first: %1").arg(where));
        m_problem->show();
        m_body->setEnabled(false);
        return;
    }
    m_readOnly = false;
    m_problem->hide();
    m_body->setEnabled(true);
    m_target->load(*r.profile);
    m_stages->load(*r.profile);
    m_operations->load(*r.profile);
}

void ProfileForm::apply(const YamlEdit &edit)
{
    if (m_readOnly)
        return;
    const QString old = m_editor->toPlainText();
    QString why;
    const std::optional<QString> now = edit(old, &why);
    m_lastError = now ? QString() : why;
    if (!now || *now == old)
        return;
    // only the characters that differ, as one undo step
    int prefix = 0;
    const int common = int(std::min(old.size(), now->size()));
    while (prefix < common && old.at(prefix) == now->at(prefix))
        ++prefix;
    int suffix = 0;
    while (suffix < common - prefix
           && old.at(old.size() - 1 - suffix) == now->at(now->size() - 1 - suffix))
        ++suffix;
    QTextCursor c(m_editor->document());
    c.setPosition(prefix);
    c.setPosition(int(old.size()) - suffix, QTextCursor::KeepAnchor);
    c.beginEditBlock();
    c.insertText(now->mid(prefix, now->size() - prefix - suffix));
    c.endEditBlock();
}

void ProfileForm::writeAll()
{
    m_target->writeAll();
    m_stages->writeAll();
    m_operations->writeAll();
}

} // namespace vw
