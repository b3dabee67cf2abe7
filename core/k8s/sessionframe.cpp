#include "k8s/sessionframe.h"

#include <QCryptographicHash>
#include <QList>
#include <QRegularExpression>

namespace vw::k8s {

namespace {

const char kBegin[] = "----- BEGIN VAULT-WORKBENCH SESSION";
const char kEnd[] = "----- END VAULT-WORKBENCH SESSION";

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

bool isBase64Line(const QByteArray &line)
{
    if (line.isEmpty())
        return false;
    for (const char c : line)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+'
              || c == '/' || c == '='))
            return false;
    return true;
}

} // namespace

QByteArray encodeSessionFrame(int index, const QByteArray &session)
{
    // qCompress() is a 4-byte big-endian length and a zlib stream: the stream alone is what
    // any zlib reads (python3 -c 'import zlib,sys; ...', pigz -dz).
    const QByteArray zlib = qCompress(session, 9).mid(4);
    const QByteArray b64 = zlib.toBase64();
    QByteArray out = QByteArray(kBegin) + " index=" + QByteArray::number(index)
                     + " bytes=" + QByteArray::number(session.size())
                     + " zlib=" + QByteArray::number(zlib.size()) + " sha256=" + sha256Hex(session)
                     + " -----\n";
    for (qsizetype i = 0; i < b64.size(); i += 76)
        out += b64.mid(i, 76) + '\n';
    out += QByteArray(kEnd) + " index=" + QByteArray::number(index) + " -----\n";
    return out;
}

QString frameStatusText(FrameReading::Status status)
{
    switch (status) {
    case FrameReading::Status::Ok:
        return QStringLiteral("ok");
    case FrameReading::Status::Missing:
        return QStringLiteral("missing");
    case FrameReading::Status::CutStart:
        return QStringLiteral("cut at the start");
    case FrameReading::Status::CutEnd:
        return QStringLiteral("cut at the end");
    case FrameReading::Status::Corrupt:
        return QStringLiteral("corrupt");
    }
    return QString();
}

FrameReading readSessionFrame(const QByteArray &log, int index)
{
    using S = FrameReading::Status;
    FrameReading r;
    QList<QByteArray> lines = log.split('\n');
    for (QByteArray &l : lines)
        if (l.endsWith('\r'))
            l.chop(1);
    qsizetype begin = -1, end = -1;
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        if (end < 0 && begin < 0 && lines.at(i).startsWith(kEnd))
            end = i;
        if (lines.at(i).startsWith(kBegin)) {
            begin = i;
            break;
        }
    }
    if (begin >= 0 && end < begin)
        end = -1; // an END before the last BEGIN belongs to nothing we read
    if (begin < 0) {
        qsizetype frameLines = 0;
        for (qsizetype i = (end >= 0 ? end : lines.size()) - 1; i >= 0 && isBase64Line(lines.at(i));
             --i)
            ++frameLines;
        if (end >= 0) {
            r.status = S::CutStart;
            r.detail = QStringLiteral("the log starts inside the session frame (%1 line(s) of it "
                                      "before its END marker, no BEGIN): it was rotated or cut "
                                      "at the start")
                           .arg(frameLines);
        } else {
            r.status = S::Missing;
            r.detail = QStringLiteral("no session frame in the log: the shard ended before "
                                      "printing its session (killed, out of memory?)");
        }
        return r;
    }
    static const QRegularExpression header(
        QStringLiteral("index=(\\d+) bytes=(\\d+) zlib=(\\d+) sha256=([0-9a-f]{64})"));
    const QRegularExpressionMatch m = header.match(QString::fromLatin1(lines.at(begin)));
    if (!m.hasMatch()) {
        r.status = S::Corrupt;
        r.detail = QStringLiteral("the BEGIN marker is not whole");
        return r;
    }
    const int frameIndex = m.captured(1).toInt();
    const qint64 bytes = m.captured(2).toLongLong();
    const qint64 zlibBytes = m.captured(3).toLongLong();
    const QByteArray sha = m.captured(4).toLatin1();
    QByteArray b64;
    for (qsizetype i = begin + 1; i < (end >= 0 ? end : lines.size()); ++i)
        b64 += lines.at(i).trimmed();
    const qint64 expectedB64 = (zlibBytes + 2) / 3 * 4;
    if (end < 0) {
        r.status = S::CutEnd;
        r.detail = QStringLiteral("the log ends inside the session frame: %1 of %2 base64 "
                                  "characters, no END marker (the pod was killed while printing, "
                                  "or the log was cut)")
                       .arg(b64.size())
                       .arg(expectedB64);
        return r;
    }
    r.status = S::Corrupt;
    if (frameIndex != index) {
        r.detail = QStringLiteral("the frame is of shard %1, not %2").arg(frameIndex).arg(index);
        return r;
    }
    if (b64.size() != expectedB64) {
        r.detail = QStringLiteral("%1 base64 characters between the markers, expected %2 (lines "
                                  "lost in the log)")
                       .arg(b64.size())
                       .arg(expectedB64);
        return r;
    }
    const auto decoded =
        QByteArray::fromBase64Encoding(b64, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() != zlibBytes) {
        r.detail = QStringLiteral("the base64 does not decode to %1 bytes").arg(zlibBytes);
        return r;
    }
    if (bytes > (qint64(1) << 31)) {
        r.detail = QStringLiteral("the session is said to be %1 bytes (over 2 GiB)").arg(bytes);
        return r;
    }
    QByteArray prefixed(4, '\0');
    prefixed[0] = char((bytes >> 24) & 0xff);
    prefixed[1] = char((bytes >> 16) & 0xff);
    prefixed[2] = char((bytes >> 8) & 0xff);
    prefixed[3] = char(bytes & 0xff);
    const QByteArray session = qUncompress(prefixed + decoded.decoded);
    if (session.size() != bytes) {
        r.detail =
            QStringLiteral("the zlib stream gives %1 bytes, not %2").arg(session.size()).arg(bytes);
        return r;
    }
    if (sha256Hex(session) != sha) {
        r.detail = QStringLiteral("the SHA-256 of the session differs from its marker's");
        return r;
    }
    r.status = S::Ok;
    r.session = session;
    r.detail = QStringLiteral("%1 bytes, SHA-256 checked").arg(bytes);
    return r;
}

} // namespace vw::k8s
