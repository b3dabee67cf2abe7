#include "analysis/evidence.h"

#include <QJsonArray>

namespace vw {

QJsonObject Evidence::toJson() const
{
    QJsonArray st;
    for (int i : stages)
        st.append(i);
    return QJsonObject{{QStringLiteral("text"), text},
                       {QStringLiteral("stages"), st},
                       {QStringLiteral("data"), data}};
}

Evidence Evidence::fromJson(const QJsonObject &o)
{
    Evidence e;
    e.text = o.value(QStringLiteral("text")).toString();
    const QJsonArray st = o.value(QStringLiteral("stages")).toArray();
    for (const QJsonValue &v : st)
        e.stages.append(v.toInt());
    e.data = o.value(QStringLiteral("data")).toObject();
    return e;
}

} // namespace vw
