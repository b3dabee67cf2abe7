#include "sessionplan.h"

#include "profile/profileparser.h"
#include "syntheticstages.h"

#include <QDebug>

namespace vw::test {

bool setPlanFromYaml(Session *s)
{
    const ProfileParseResult r = parseProfile(s->profileYaml);
    if (!r.ok()) {
        for (const ProfileError &e : r.errors)
            qWarning().noquote() << "test profile:" << e.toString();
        return false;
    }
    s->plan = *r.profile;
    s->plan.sourceYaml.clear();
    if (!s->targetAddress.isEmpty())
        s->plan.target.address = s->targetAddress;
    if (!s->transport.isEmpty())
        s->plan.transport = s->transport;
    return true;
}

Session closedRampSession(const QString &id, const QString &label, const QString &type,
                          const QString &op, const QList<int> &vus, int workers, double serviceMs,
                          const QByteArray &extraYaml)
{
    Session s;
    s.id = id;
    s.label = label;
    s.profileName = QStringLiteral("synthetic");
    QByteArray stages;
    for (int v : vus)
        stages += "    - { vus: " + QByteArray::number(v) + ", duration: 2s }\n";
    s.profileYaml = "name: synthetic\nramp:\n  warmup: 500ms\n  stages:\n" + stages + extraYaml
                    + "operations:\n  - type: " + type.toUtf8() + "\n";
    if (op != type)
        s.profileYaml += "    name: " + op.toUtf8() + "\n";
    s.ops = {op};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.startedAt = QDateTime::currentDateTimeUtc().addSecs(-600);
    s.finishedAt = s.startedAt.addSecs(60);
    s.stages = fixedCapacityStages(op, vus, workers, serviceMs);
    if (!setPlanFromYaml(&s))
        qFatal("test profile does not parse");
    return s;
}

} // namespace vw::test
