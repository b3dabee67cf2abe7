#include "ops/operationcatalog.h"

#include <QJsonArray>

namespace vw {

namespace {

QString defaultText(const ParamSpec &s)
{
    return s.required() ? QStringLiteral("required") : formatParamValue(s, s.defaultValue);
}

/// A table cell: pipes escaped, line breaks folded.
QString cell(QString text)
{
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString code(const QString &text)
{
    return QStringLiteral("`%1`").arg(text);
}

QString row(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString padded(const QString &text, int width)
{
    return text.leftJustified(width, QLatin1Char(' '));
}

} // namespace

QString operationCatalogText(const QList<OperationType> &types)
{
    QString out;
    for (const OperationType &t : types) {
        if (!out.isEmpty())
            out += QLatin1Char('\n');
        out += QStringLiteral("%1  %2\n").arg(t.name, t.description);
        out += QStringLiteral("  request  %1\n").arg(t.request);
        out += QStringLiteral("  setup    %1\n").arg(t.setup);
        if (t.params.isEmpty()) {
            out += QStringLiteral("  params   none\n");
            continue;
        }
        out += QStringLiteral("  params\n");
        QList<QStringList> rows;
        rows.append({QStringLiteral("name"), QStringLiteral("type"), QStringLiteral("default"),
                     QStringLiteral("allowed"), QStringLiteral("description")});
        for (const ParamSpec &s : t.params)
            rows.append(
                {s.name, paramKindName(s.kind), defaultText(s), allowedText(s), s.description});
        QList<int> widths(rows.first().size() - 1, 0);
        for (const QStringList &r : std::as_const(rows))
            for (int c = 0; c < widths.size(); ++c)
                widths[c] = std::max(widths[c], int(r.at(c).size()));
        for (const QStringList &r : std::as_const(rows)) {
            QString line = QStringLiteral("    ");
            for (int c = 0; c < widths.size(); ++c)
                line += padded(r.at(c), widths[c] + 2);
            out += line + r.last() + QLatin1Char('\n');
        }
    }
    return out;
}

QJsonObject operationCatalogJson(const QList<OperationType> &types)
{
    QJsonArray ops;
    for (const OperationType &t : types) {
        QJsonArray params;
        for (const ParamSpec &s : t.params) {
            QJsonObject p{{QStringLiteral("name"), s.name},
                          {QStringLiteral("type"), paramKindName(s.kind)},
                          {QStringLiteral("default"), paramValueToJson(s, s.defaultValue)},
                          {QStringLiteral("default_text"), defaultText(s)},
                          {QStringLiteral("required"), s.required()},
                          {QStringLiteral("description"), s.description}};
            if (!s.unit.isEmpty())
                p.insert(QStringLiteral("unit"), s.unit);
            switch (s.kind) {
            case ParamKind::Integer:
            case ParamKind::Bytes:
            case ParamKind::Duration:
                p.insert(QStringLiteral("min"), s.min);
                p.insert(QStringLiteral("max"), s.max);
                p.insert(QStringLiteral("multiple_of"), s.multipleOf);
                p.insert(QStringLiteral("allowed"), allowedText(s));
                break;
            case ParamKind::Choice:
                p.insert(QStringLiteral("allowed"), QJsonArray::fromStringList(s.allowed));
                break;
            case ParamKind::String:
            case ParamKind::Boolean:
                p.insert(QStringLiteral("allowed"), allowedText(s));
                break;
            }
            params.append(p);
        }
        ops.append(QJsonObject{{QStringLiteral("type"), t.name},
                               {QStringLiteral("description"), t.description},
                               {QStringLiteral("request"), t.request},
                               {QStringLiteral("setup"), t.setup},
                               {QStringLiteral("params"), params}});
    }
    return {{QStringLiteral("operations"), ops}};
}

QString operationCatalogMarkdown(const QList<OperationType> &types)
{
    QString out = row({QStringLiteral("type"), QStringLiteral("request"),
                       QStringLiteral("what it does"), QStringLiteral("setup")});
    out += row({QStringLiteral("---"), QStringLiteral("---"), QStringLiteral("---"),
                QStringLiteral("---")});
    for (const OperationType &t : types)
        out += row({code(t.name), code(cell(t.request)), cell(t.description), cell(t.setup)});
    out += QLatin1Char('\n');
    out +=
        row({QStringLiteral("operation"), QStringLiteral("param"), QStringLiteral("type"),
             QStringLiteral("default"), QStringLiteral("allowed"), QStringLiteral("description")});
    out += row(QStringList(6, QStringLiteral("---")));
    for (const OperationType &t : types) {
        if (t.params.isEmpty()) {
            out += row(
                {code(t.name), QStringLiteral("none"), QString(), QString(), QString(), QString()});
            continue;
        }
        for (const ParamSpec &s : t.params)
            out += row({code(t.name), code(s.name), paramKindName(s.kind), cell(defaultText(s)),
                        cell(allowedText(s)), cell(s.description)});
    }
    return out;
}

} // namespace vw
