#include "profile/loadmodels/shard.h"

#include <QStringList>

namespace vw {

std::optional<ShardSpec> parseShard(const QString &text, const std::optional<QString> &jobIndex,
                                    QString *error)
{
    const QString what = QStringLiteral("--shard %1: ").arg(text);
    const QStringList parts = text.split(QLatin1Char('/'));
    if (parts.size() != 2) {
        *error = what + QStringLiteral("expected INDEX/COUNT or auto/COUNT, e.g. 0/4");
        return std::nullopt;
    }
    bool ok = false;
    const int count = parts.at(1).toInt(&ok);
    if (!ok || count < 1 || count > kMaxShards) {
        *error = what + QStringLiteral("COUNT must be a whole number 1..%1").arg(kMaxShards);
        return std::nullopt;
    }
    QString indexText = parts.at(0);
    if (indexText == QLatin1String("auto")) {
        if (!jobIndex || jobIndex->isEmpty()) {
            *error = what
                     + QStringLiteral("JOB_COMPLETION_INDEX is not set (auto takes the index "
                                      "of a Kubernetes Indexed Job's pod)");
            return std::nullopt;
        }
        indexText = *jobIndex;
    }
    const int index = indexText.toInt(&ok);
    if (!ok || index < 0 || index >= count) {
        *error =
            what + QStringLiteral("index \"%1\" is not in 0..%2").arg(indexText).arg(count - 1);
        return std::nullopt;
    }
    return ShardSpec{index, count};
}

} // namespace vw
