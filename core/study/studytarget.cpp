#include "study/studytarget.h"

#include <QRegularExpression>

namespace vw {

QStringList targetStatusArguments()
{
    return {QStringLiteral("target"), QStringLiteral("status")};
}

QStringList targetEnvArguments()
{
    return {QStringLiteral("target"), QStringLiteral("env")};
}

QStringList targetDownArguments()
{
    return {QStringLiteral("target"), QStringLiteral("down")};
}

QByteArray tokenFromTargetEnv(const QByteArray &output)
{
    static const QRegularExpression re(
        QStringLiteral("(?:^|\\s)VAULT_TOKEN=(?:'([^'\\n]*)'|\"([^\"\\n]*)\"|([^\\s;'\"]*))"),
        QRegularExpression::MultilineOption);
    QByteArray token;
    QRegularExpressionMatchIterator it = re.globalMatch(QString::fromUtf8(output));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        for (int g = 1; g <= 3; ++g)
            if (m.capturedStart(g) >= 0) {
                token = m.captured(g).toUtf8();
                break;
            }
    }
    return token;
}

} // namespace vw
