#include "localtargetbox.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QThread>
#include <QVBoxLayout>

Q_DECLARE_METATYPE(QList<vw::LocalTargetNodeStatus>)

namespace vw {

namespace {

struct StartResult {
    bool ok = false;
    QString error;
    QString firstNode;
    QByteArray token;
    QList<LocalTargetNodeStatus> nodes;
};

QList<LocalTargetNodeStatus> statusOfDefaultTarget()
{
    LocalTargetState state;
    QString error;
    if (!readLocalTargetState(defaultLocalTargetDir(), &state, &error))
        return {};
    return localTargetStatus(state);
}

} // namespace

} // namespace vw

Q_DECLARE_METATYPE(vw::StartResult)

namespace vw {

LocalTargetBox::LocalTargetBox(QWidget *parent) : QWidget(parent)
{
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("localTargetKind"));
    m_kind->addItem(tr("dev server"), QStringLiteral("dev"));
    m_kind->addItem(tr("3-node raft cluster + nginx"), QStringLiteral("cluster"));
    m_start = new QPushButton(tr("Start"), this);
    m_start->setObjectName(QStringLiteral("localTargetStart"));
    m_start->setToolTip(tr("Start OpenBao on loopback (vault-workbench target up)"));
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("localTargetStop"));
    m_stop->setToolTip(tr("Stop what was started (vault-workbench target down)"));
    m_status = new QLabel(tr("no local target"), this);
    m_status->setObjectName(QStringLiteral("localTargetStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_kind, 1);
    row->addWidget(m_start);
    row->addWidget(m_stop);
    auto *box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addLayout(row);
    box->addWidget(m_status);

    connect(m_start, &QPushButton::clicked, this, [this] {
        LocalTargetOptions o;
        o.topology = m_kind->currentData().toString();
        if (o.topology == QLatin1String("cluster"))
            o.loadBalancer = QStringLiteral("nginx");
        emit message(tr("Starting the local target (%1)…").arg(m_kind->currentText()));
        runInBackground(
            [o] {
                StartResult r;
                LocalTargetState state;
                r.ok = startLocalTarget(o, {}, &state, &r.error);
                if (r.ok) {
                    r.firstNode = state.nodes.first().name;
                    r.token = readLocalTargetToken(state.dir, &r.error);
                    r.nodes = localTargetStatus(state);
                }
                return QVariant::fromValue(r);
            },
            [this](const QVariant &v) {
                const StartResult r = v.value<StartResult>();
                if (!r.ok) {
                    m_status->setText(tr("could not start: %1").arg(r.error.section(QLatin1Char('\n'), 0, 0)));
                    emit message(tr("Local target: %1").arg(r.error));
                    return;
                }
                showStatus(r.nodes);
                emit message(tr("Local target up: run against \"%1\"").arg(r.firstNode));
                emit started(r.firstNode, r.token);
            });
    });
    connect(m_stop, &QPushButton::clicked, this, [this] {
        emit message(tr("Stopping the local target…"));
        runInBackground(
            [] {
                QString error;
                const bool ok = stopLocalTarget(defaultLocalTargetDir(), {}, &error);
                return QVariant(ok ? QString() : error);
            },
            [this](const QVariant &v) {
                const QString error = v.toString();
                m_status->setText(error.isEmpty() ? tr("no local target") : error);
                emit message(error.isEmpty() ? tr("Local target stopped") : error);
                if (error.isEmpty())
                    emit stopped();
            });
    });
    refreshStatus();
}

LocalTargetBox::~LocalTargetBox()
{
    for (QThread *t : std::as_const(m_threads))
        t->wait();   // a start or stop in progress finishes (bounded by its own timeouts)
    qDeleteAll(m_threads);
}

void LocalTargetBox::refreshStatus()
{
    runInBackground([] { return QVariant::fromValue(statusOfDefaultTarget()); },
                    [this](const QVariant &v) {
                        showStatus(v.value<QList<LocalTargetNodeStatus>>());
                    });
}

void LocalTargetBox::runInBackground(std::function<QVariant()> job,
                                     std::function<void(const QVariant &)> done)
{
    setBusy(true);
    QPointer<LocalTargetBox> self(this);
    QThread *thread = QThread::create([self, job = std::move(job), done = std::move(done)] {
        const QVariant result = job();
        QMetaObject::invokeMethod(
            self.data(),
            [self, done, result] {
                if (!self)
                    return;
                self->setBusy(false);
                done(result);
            },
            Qt::QueuedConnection);
    });
    m_threads.append(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeOne(thread);
        thread->deleteLater();
    });
    thread->start();
}

void LocalTargetBox::setBusy(bool busy)
{
    m_busy = busy;
    m_start->setEnabled(!busy);
    m_stop->setEnabled(!busy);
    m_kind->setEnabled(!busy);
}

void LocalTargetBox::showStatus(const QList<LocalTargetNodeStatus> &nodes)
{
    if (nodes.isEmpty()) {
        m_status->setText(tr("no local target"));
        return;
    }
    QStringList parts;
    for (const LocalTargetNodeStatus &s : nodes)
        parts << QStringLiteral("%1: %2%3")
                     .arg(s.node.name, s.role,
                          s.version.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.version));
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

} // namespace vw
