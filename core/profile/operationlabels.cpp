#include "profile/operationlabels.h"

namespace vw {

QString operationLabel(const QList<OperationSpec> &ops, int index)
{
    const OperationSpec &op = ops.at(index);
    if (!op.name.isEmpty())
        return op.name;
    int nth = 1;
    for (int i = 0; i < index; ++i)
        if (ops.at(i).type == op.type)
            ++nth;
    return nth == 1 ? op.type : QStringLiteral("%1#%2").arg(op.type).arg(nth);
}

QStringList operationLabels(const QList<OperationSpec> &ops)
{
    QStringList out;
    out.reserve(ops.size());
    for (int i = 0; i < ops.size(); ++i)
        out.append(operationLabel(ops, i));
    return out;
}

QString operationNameProblem(const QString &name)
{
    if (name.isEmpty())
        return QStringLiteral("must not be empty");
    if (name.size() > kMaxOperationLabelLength)
        return QStringLiteral("must be at most %1 characters").arg(kMaxOperationLabelLength);
    auto isAsciiAlnum = [](QChar c) {
        return (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
               || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
               || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
    };
    if (name.compare(QLatin1String("total"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("\"%1\" is the name of the row of all operations together (the "
                              "TOTAL row and the total throughput line); choose another name")
            .arg(name);
    if (!isAsciiAlnum(name.front()))
        return QStringLiteral("must start with a letter or digit");
    for (const QChar c : name)
        if (!isAsciiAlnum(c) && c != QLatin1Char('_') && c != QLatin1Char('-')
            && c != QLatin1Char('.'))
            return QStringLiteral("may hold only letters, digits, '_', '-' and '.' (\"%1\" "
                                  "has '%2')")
                .arg(name, QString(c));
    return QString();
}

} // namespace vw
