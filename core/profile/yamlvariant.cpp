#include "profile/yamlvariant.h"

#include <QLocale>
#include <QRegularExpression>
#include <cmath>
#include <limits>
#include <yaml-cpp/yaml.h>

namespace vw {

QVariant resolvePlainYamlScalar(const QString &text)
{
    static const QRegularExpression nullRe(QStringLiteral("^(|~|null|Null|NULL)$"));
    static const QRegularExpression trueRe(QStringLiteral("^(true|True|TRUE)$"));
    static const QRegularExpression falseRe(QStringLiteral("^(false|False|FALSE)$"));
    static const QRegularExpression decRe(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression octRe(QStringLiteral("^0o[0-7]+$"));
    static const QRegularExpression hexRe(QStringLiteral("^0x[0-9a-fA-F]+$"));
    static const QRegularExpression floatRe(
        QStringLiteral("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"));
    static const QRegularExpression infRe(QStringLiteral("^([-+]?)\\.(inf|Inf|INF)$"));
    static const QRegularExpression nanRe(QStringLiteral("^\\.(nan|NaN|NAN)$"));

    if (nullRe.match(text).hasMatch())
        return QVariant();
    if (trueRe.match(text).hasMatch())
        return QVariant(true);
    if (falseRe.match(text).hasMatch())
        return QVariant(false);
    bool ok = false;
    if (decRe.match(text).hasMatch()) {
        const qlonglong v = text.toLongLong(&ok, 10);
        if (ok)
            return QVariant(v);
    } else if (octRe.match(text).hasMatch()) {
        const qlonglong v = text.mid(2).toLongLong(&ok, 8);
        if (ok)
            return QVariant(v);
    } else if (hexRe.match(text).hasMatch()) {
        const qlonglong v = text.mid(2).toLongLong(&ok, 16);
        if (ok)
            return QVariant(v);
    }
    if (floatRe.match(text).hasMatch()) { // also integers too large for qlonglong
        const double v = text.toDouble(&ok);
        if (ok)
            return QVariant(v);
    }
    const QRegularExpressionMatch inf = infRe.match(text);
    if (inf.hasMatch())
        return QVariant(inf.captured(1) == QLatin1String("-")
                            ? -std::numeric_limits<double>::infinity()
                            : std::numeric_limits<double>::infinity());
    if (nanRe.match(text).hasMatch())
        return QVariant(std::numeric_limits<double>::quiet_NaN());
    return QVariant(text);
}

QVariant yamlToVariant(const YAML::Node &n)
{
    if (n.IsMap()) {
        QVariantMap m;
        for (auto it = n.begin(); it != n.end(); ++it)
            if (it->first.IsScalar())
                m.insert(QString::fromStdString(it->first.Scalar()), yamlToVariant(it->second));
        return m;
    }
    if (n.IsSequence()) {
        QVariantList l;
        for (std::size_t i = 0; i < n.size(); ++i)
            l.append(yamlToVariant(n[i]));
        return l;
    }
    if (n.IsScalar()) {
        const QString text = QString::fromStdString(n.Scalar());
        const bool quoted = n.Tag() == "!" || n.Tag() == "tag:yaml.org,2002:str";
        return quoted ? QVariant(text) : resolvePlainYamlScalar(text);
    }
    return QVariant(); // null or undefined
}

void emitYamlString(YAML::Emitter &out, const QString &s)
{
    if (resolvePlainYamlScalar(s).typeId() != QMetaType::QString)
        out << YAML::DoubleQuoted;
    out << s.toStdString();
}

namespace {

std::string doubleText(double d)
{
    if (std::isnan(d))
        return ".nan";
    if (std::isinf(d))
        return d < 0 ? "-.inf" : ".inf";
    QString s = QString::number(d, 'g', QLocale::FloatingPointShortest);
    if (!s.contains(QLatin1Char('.')) && !s.contains(QLatin1Char('e')))
        s += QStringLiteral(".0"); // keep 2.0 a float, not the integer 2
    return s.toStdString();
}

} // namespace

void emitYamlVariant(YAML::Emitter &out, const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr:
        out << YAML::Null;
        return;
    case QMetaType::Bool:
        out << v.toBool();
        return;
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::SChar:
    case QMetaType::UChar:
        out << static_cast<long long>(v.toLongLong());
        return;
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        out << static_cast<unsigned long long>(v.toULongLong());
        return;
    case QMetaType::Double:
    case QMetaType::Float:
        out << doubleText(v.toDouble());
        return;
    case QMetaType::QVariantMap: {
        const QVariantMap m = v.toMap();
        out << YAML::BeginMap;
        for (auto it = m.cbegin(); it != m.cend(); ++it) {
            out << YAML::Key;
            emitYamlString(out, it.key());
            out << YAML::Value;
            emitYamlVariant(out, it.value());
        }
        out << YAML::EndMap;
        return;
    }
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        out << YAML::BeginSeq;
        for (const QVariant &item : v.toList())
            emitYamlVariant(out, item);
        out << YAML::EndSeq;
        return;
    }
    default:
        emitYamlString(out, v.toString());
        return;
    }
}

} // namespace vw
