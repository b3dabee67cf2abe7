#include "stats/secondhistograms.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace vw {

LatencyHistogram SecondHistograms::at(int op, qint64 second) const
{
    if (op < 0 || op >= byOp.size())
        return LatencyHistogram();
    return byOp.at(op).value(second);
}

void SecondHistograms::add(int op, qint64 second, const LatencyHistogram &h)
{
    if (h.count() == 0 || op < 0)
        return;
    if (byOp.size() <= op)
        byOp.resize(op + 1);
    LatencyHistogram &mine = byOp[op][second];
    mine.add(h); // an empty one takes a sparse h as it is; else it turns dense here
    mine.compact();
}

QJsonObject SecondHistograms::toJson() const
{
    QJsonArray ops;
    for (int i = 0; i < this->ops.size(); ++i) {
        QJsonArray seconds;
        // The JSON array of the histograms' compact forms, written as text directly (the
        // bytes QJsonDocument's compact text of that array would be; tst_histogram).
        QByteArray histograms = "[";
        if (i < byOp.size()) {
            for (auto it = byOp.at(i).cbegin(); it != byOp.at(i).cend(); ++it) {
                if (it.value().count() == 0)
                    continue;
                if (!seconds.isEmpty())
                    histograms.append(',');
                seconds.append(it.key());
                it.value().appendCompactJsonText(&histograms);
            }
        }
        histograms.append(']');
        // The histograms' compact JSON, deflated (zlib, qCompress) and base64: ~3x smaller.
        const QByteArray packed = qCompress(histograms, 6).toBase64();
        ops.append(QJsonObject{{QStringLiteral("op"), this->ops.at(i)},
                               {QStringLiteral("seconds"), seconds},
                               {QStringLiteral("encoding"), QStringLiteral("zlib+base64")},
                               {QStringLiteral("histograms"), QString::fromLatin1(packed)}});
    }
    return QJsonObject{{QStringLiteral("v"), 1}, {QStringLiteral("ops"), ops}};
}

bool SecondHistograms::fromJson(const QJsonValue &v, SecondHistograms *out, QString *error)
{
    auto fail = [error](const QString &msg) {
        if (error)
            *error = QStringLiteral("second_histograms: ") + msg;
        return false;
    };
    *out = SecondHistograms();
    if (v.isUndefined() || v.isNull())
        return true; // older sessions
    const QJsonObject o = v.toObject();
    if (!v.isObject() || o.value(QStringLiteral("v")).toInt() != 1)
        return fail(QStringLiteral("not an object of version 1"));
    SecondHistograms s;
    const QJsonArray ops = o.value(QStringLiteral("ops")).toArray();
    for (int i = 0; i < ops.size(); ++i) {
        const QJsonObject op = ops.at(i).toObject();
        const QJsonArray seconds = op.value(QStringLiteral("seconds")).toArray();
        QJsonArray histograms;
        const QJsonValue hv = op.value(QStringLiteral("histograms"));
        if (hv.isString()) { // "encoding": "zlib+base64"
            if (op.value(QStringLiteral("encoding")).toString() != QLatin1String("zlib+base64"))
                return fail(QStringLiteral("ops[%1]: unknown encoding").arg(i));
            const QByteArray json = qUncompress(QByteArray::fromBase64(hv.toString().toLatin1()));
            QJsonParseError pe;
            const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
            if (pe.error != QJsonParseError::NoError || !doc.isArray())
                return fail(QStringLiteral("ops[%1]: the histograms do not decode").arg(i));
            histograms = doc.array();
        } else {
            histograms = hv.toArray();
        }
        if (seconds.size() != histograms.size())
            return fail(QStringLiteral("ops[%1]: seconds and histograms differ in length").arg(i));
        s.ops.append(op.value(QStringLiteral("op")).toString());
        QMap<qint64, LatencyHistogram> bySecond;
        for (int k = 0; k < seconds.size(); ++k) {
            const qint64 second = seconds.at(k).toInteger(-1);
            if (second < 0 || bySecond.contains(second))
                return fail(QStringLiteral("ops[%1]: second %2 is invalid or repeated")
                                .arg(i)
                                .arg(seconds.at(k).toInteger(-1)));
            LatencyHistogram h;
            QString e;
            if (!LatencyHistogram::fromCompactJson(histograms.at(k).toArray(), &h, &e))
                return fail(QStringLiteral("ops[%1] second %2: %3").arg(i).arg(second).arg(e));
            bySecond.insert(second, h);
        }
        s.byOp.append(bySecond);
    }
    *out = s;
    return true;
}

} // namespace vw
