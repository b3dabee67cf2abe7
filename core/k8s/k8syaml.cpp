#include "k8s/k8syaml.h"

#include <QRegularExpression>

namespace vw::k8s {

bool needsQuotes(const QString &text)
{
    if (text.isEmpty())
        return true;
    static const QRegularExpression special(
        QStringLiteral("^(~|null|true|false|yes|no|on|off|y|n)$"),
        QRegularExpression::CaseInsensitiveOption);
    if (special.match(text).hasMatch())
        return true;
    static const QRegularExpression numeric(QStringLiteral("^[-+]?\\.?[0-9]"));
    return numeric.match(text).hasMatch() || text.startsWith(QLatin1String(".inf"))
           || text.startsWith(QLatin1String(".nan"));
}

void emitString(YAML::Emitter &e, const QString &text)
{
    if (needsQuotes(text))
        e << YAML::DoubleQuoted;
    e << text.toStdString();
}

void emitPair(YAML::Emitter &e, const char *key, const QString &text)
{
    e << YAML::Key << key << YAML::Value;
    emitString(e, text);
}

void emitPair(YAML::Emitter &e, const char *key, qint64 value)
{
    e << YAML::Key << key << YAML::Value << static_cast<long long>(value);
}

void emitPair(YAML::Emitter &e, const char *key, bool value)
{
    e << YAML::Key << key << YAML::Value << YAML::TrueFalseBool << value;
}

void emitStringMap(YAML::Emitter &e, const char *key, const QStringList &pairs)
{
    e << YAML::Key << key << YAML::Value << YAML::BeginMap;
    for (qsizetype i = 0; i + 1 < pairs.size(); i += 2) {
        e << YAML::Key;
        emitString(e, pairs.at(i));
        e << YAML::Value;
        emitString(e, pairs.at(i + 1));
    }
    e << YAML::EndMap;
}

void emitStringList(YAML::Emitter &e, const char *key, const QStringList &items)
{
    e << YAML::Key << key << YAML::Value << YAML::BeginSeq;
    for (const QString &item : items)
        emitString(e, item);
    e << YAML::EndSeq;
}

void emitLiteral(YAML::Emitter &e, const char *key, const QString &text)
{
    // yaml-cpp writes `|` (clip) without an indentation indicator: exact only for text that
    // ends with one line break and does not start with a blank; else a quoted scalar.
    const bool literalExact =
        text.endsWith(QLatin1Char('\n')) && !text.endsWith(QLatin1String("\n\n"))
        && !text.startsWith(QLatin1Char(' ')) && !text.startsWith(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\t')) && !text.contains(QLatin1Char('\r'));
    e << YAML::Key << key << YAML::Value << (literalExact ? YAML::Literal : YAML::DoubleQuoted)
      << text.toStdString();
}

QByteArray documentText(const YAML::Emitter &e, const QStringList &header)
{
    QByteArray out;
    for (QString line : header) {
        for (QChar &c : line)
            if (c.category() == QChar::Other_Control)
                c = QLatin1Char(' ');
        out += (QStringLiteral("# ") + line).trimmed().toUtf8() + '\n';
    }
    QByteArray body(e.c_str(), qsizetype(e.size()));
    while (body.endsWith('\n'))
        body.chop(1);
    return out + body + '\n';
}

} // namespace vw::k8s
