#include "localtargetbox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace vw {

namespace {

struct StartResult {
    bool ok = false;
    QString error;
    QString firstNode;
    QByteArray token;
    QList<LocalTargetNodeStatus> nodes;
};

struct StatusResult {
    QString topology; ///< of the running target; empty when there is none
    QList<LocalTargetNodeStatus> nodes;
};

StatusResult statusOfDefaultTarget()
{
    StatusResult r;
    LocalTargetState state;
    QString error;
    if (!readLocalTargetState(defaultLocalTargetDir(), &state, &error))
        return r;
    r.topology = state.topology;
    r.nodes = localTargetStatus(state);
    return r;
}

} // namespace

LocalTargetBox::LocalTargetBox(QWidget *parent)
    : QWidget(parent)
{
    m_pool.setMaxThreadCount(2); // a status query beside a start or stop
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("localTargetKind"));
    m_kind->setAccessibleName(tr("Local target kind"));
    m_kind->setToolTip(tr("What Start starts; while a target runs, what is running"));
    m_kind->addItem(tr("dev server"), QStringLiteral("dev"));
    m_kind->addItem(tr("3-node raft cluster + nginx"), QStringLiteral("cluster"));
    m_start = new QPushButton(tr("Start"), this);
    m_start->setObjectName(QStringLiteral("localTargetStart"));
    m_start->setAccessibleName(tr("Start the local target"));
    m_start->setToolTip(tr("Start OpenBao on loopback (vault-workbench target up)"));
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("localTargetStop"));
    m_stop->setAccessibleName(tr("Stop the local target"));
    m_stop->setToolTip(tr("Stop what was started (vault-workbench target down)"));
    m_status = new QLabel(tr("no local target"), this);
    m_status->setObjectName(QStringLiteral("localTargetStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setAccessibleName(tr("Local target status"));
    // a cluster's line (three nodes with roles and versions) wraps instead of pushing Start
    // and Stop out of view
    m_status->setWordWrap(true);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_kind, 1);
    row->addWidget(m_start);
    row->addWidget(m_stop);
    // Services beside the target (`target up --with`), for the database operations.
    auto *with = new QHBoxLayout;
    with->setContentsMargins(0, 0, 0, 0);
    with->addWidget(new QLabel(tr("With:"), this));
    for (const QString &service : LocalTargetOptions::knownServices()) {
        auto *check = new QCheckBox(service, this);
        check->setObjectName(QStringLiteral("localTargetWith-") + service);
        check->setAccessibleName(tr("Start %1 beside the target").arg(service));
        check->setToolTip(tr("Start %1 on loopback beside the target, for the operations "
                             "that use it (`connection: %1`; target up --with %1)")
                              .arg(service));
        with->addWidget(check);
        m_services << check;
    }
    with->addStretch(1);
    auto *box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addLayout(row);
    box->addLayout(with);
    box->addWidget(m_status);

    connect(m_start, &QPushButton::clicked, this, &LocalTargetBox::start);
    connect(m_stop, &QPushButton::clicked, this, &LocalTargetBox::stopTarget);
    refreshStatus();
}

LocalTargetBox::~LocalTargetBox() = default;

QString LocalTargetBox::kind() const
{
    return m_kind->currentData().toString();
}

QStringList LocalTargetBox::services() const
{
    QStringList out;
    for (const QCheckBox *c : m_services)
        if (c->isChecked())
            out << c->text();
    return out;
}

void LocalTargetBox::start()
{
    LocalTargetOptions o;
    o.topology = kind();
    o.services = services();
    if (o.topology == QLatin1String("cluster"))
        o.loadBalancer = QStringLiteral("nginx");
    // The Server tab's metrics: sys/metrics in Prometheus form (`target up --telemetry`);
    // the runs pass the serving node's PID for /proc (RunController::startChecked()).
    o.telemetry = true;
    emit message(tr("Starting the local target (%1)…").arg(m_kind->currentText()));
    m_statusQuery.cancel(); // a status query under way would describe the target before this
    m_actions.start(
        [o](const JobContext &) {
            StartResult r;
            LocalTargetState state;
            r.ok = startLocalTarget(o, {}, &state, &r.error);
            if (r.ok) {
                r.firstNode = state.nodes.first().name;
                r.token = readLocalTargetToken(state.dir, &r.error);
                r.nodes = localTargetStatus(state);
            }
            return r;
        },
        [this](const StartResult &r) {
            updateBusy();
            if (!r.ok) {
                m_status->setText(
                    tr("could not start: %1").arg(r.error.section(QLatin1Char('\n'), 0, 0)));
                emit message(tr("Local target: %1").arg(r.error));
                return;
            }
            m_startedHere = true;
            showStatus(r.nodes);
            emit message(tr("Local target up: run against \"%1\"").arg(r.firstNode));
            emit started(r.firstNode, r.token);
        });
    updateBusy();
}

void LocalTargetBox::stopTarget()
{
    emit message(tr("Stopping the local target…"));
    m_statusQuery.cancel();
    m_actions.start(
        [](const JobContext &) {
            QString error;
            const bool ok = stopLocalTarget(defaultLocalTargetDir(), {}, &error);
            return ok ? QString() : (error.isEmpty() ? tr("could not stop the target") : error);
        },
        [this](const QString &error) {
            updateBusy();
            if (error.isEmpty()) {
                m_up = m_startedHere = false;
                updateBusy(); // the kind selector and the service boxes unlock
                m_status->setText(tr("no local target"));
            } else {
                m_status->setText(error);
            }
            emit message(error.isEmpty() ? tr("Local target stopped") : error);
            if (error.isEmpty())
                emit stopped();
            emit stopFinished(error);
        });
    updateBusy();
}

void LocalTargetBox::refreshStatus()
{
    m_statusQuery.start([](const JobContext &) { return statusOfDefaultTarget(); },
                        [this](const StatusResult &r) {
                            updateBusy();
                            showKind(r.topology);
                            showStatus(r.nodes);
                        });
    updateBusy();
}

void LocalTargetBox::updateBusy()
{
    m_busy = m_actions.isBusy() || m_statusQuery.isBusy();
    m_start->setEnabled(!m_busy);
    m_stop->setEnabled(!m_busy);
    m_kind->setEnabled(!m_busy && !m_up); // what runs is what it says, until stopped
    for (QCheckBox *c : m_services)
        c->setEnabled(!m_busy && !m_up);
}

void LocalTargetBox::showKind(const QString &topology)
{
    if (topology.isEmpty())
        return;
    int i = m_kind->findData(topology); // "dev", "cluster" (with a balancer) or "raft"
    if (i < 0) { // started by the CLI with a topology the selector does not offer
        m_kind->addItem(tr("%1 (running)").arg(topology), topology);
        i = m_kind->count() - 1;
    }
    m_kind->setCurrentIndex(i);
}

void LocalTargetBox::showStatus(const QList<LocalTargetNodeStatus> &nodes)
{
    m_up = std::any_of(nodes.begin(), nodes.end(),
                       [](const LocalTargetNodeStatus &s) { return s.alive; });
    if (!m_up)
        m_startedHere = false;
    updateBusy();
    if (nodes.isEmpty()) {
        m_status->setText(tr("no local target"));
        return;
    }
    if (m_up) // the boxes say which services run beside it
        for (QCheckBox *c : m_services)
            c->setChecked(
                std::any_of(nodes.begin(), nodes.end(), [c](const LocalTargetNodeStatus &s) {
                    return s.alive && s.node.isService() && s.node.kind == c->text();
                }));
    QStringList parts;
    for (const LocalTargetNodeStatus &s : nodes)
        parts << QStringLiteral("%1: %2%3")
                     .arg(s.node.name, s.role,
                          s.version.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.version));
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

} // namespace vw
