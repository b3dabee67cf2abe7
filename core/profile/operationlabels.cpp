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
    // Letters and digits of any script (Unicode categories L and N): "ключ_日本" is a name.
    // Never a control, format (bidi, zero-width), space or symbol character.
    auto isAlnum = [](char32_t c) { return QChar::isLetterOrNumber(c); };
    auto isMark = [](char32_t c) { return QChar::isMark(c); }; // a combining accent
    // The character for the message: a printable one quoted, any other as its code point
    // (U+202E, U+0020), never sent raw.
    auto shown = [](char32_t c) {
        return QChar::isPrint(c) && !QChar::isSpace(c)
                   ? QStringLiteral("'%1'").arg(QString::fromUcs4(&c, 1))
                   : QStringLiteral("U+")
                         + QString::number(uint(c), 16)
                               .toUpper()
                               .rightJustified(4, QLatin1Char('0'));
    };
    const QList<uint> points = name.toUcs4();
    if (name.compare(QLatin1String("total"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("\"%1\" is the name of the row of all operations together (the "
                              "TOTAL row and the total throughput line); choose another name")
            .arg(name);
    if (!isAlnum(points.front()))
        return QStringLiteral("must start with a letter or digit (of any script); it starts "
                              "with %1")
            .arg(shown(points.front()));
    for (const uint c : points)
        if (!isAlnum(c) && !isMark(c) && c != '_' && c != '-' && c != '.')
            return QStringLiteral("may hold only letters, digits (of any script), combining "
                                  "marks, '_', '-' and '.' (it has %1)")
                .arg(shown(c));
    return QString();
}

} // namespace vw
