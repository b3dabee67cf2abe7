// Why a detector decided what it did: a sentence for people and the numbers for tools
// (docs/measurement.md, "Capacity analysis").
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace vw {

struct Evidence {
    QString text; ///< one or two human sentences, e.g. "throughput gain fell below ..."
    QList<int> stages; ///< 0-based stage indexes (StageStats::index) that decided the result
    QJsonObject data; ///< the values behind it (per-stage gains, power, residuals, ...)

    /// {"text": "...", "stages": [..], "data": {...}}
    QJsonObject toJson() const;
    static Evidence fromJson(const QJsonObject &o);
    bool operator==(const Evidence &o) const
    {
        return text == o.text && stages == o.stages && data == o.data;
    }
};

} // namespace vw
