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

} // namespace vw
