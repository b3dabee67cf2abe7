#include "sessionplan.h"

#include "profile/profileparser.h"

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

} // namespace vw::test
