// OpenSSH public-key encoding (core/ops/sshkeys): the authorized_keys line decodes to the
// RFC 4253 wire format of the very key OpenSSL generated, and ssh-keygen accepts it.
#include "ops/sshkeys.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <memory>

using namespace vw;

namespace {

struct PkeyFree {
    void operator()(EVP_PKEY *k) const { EVP_PKEY_free(k); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

/// Reads RFC 4251 strings off the front of a blob.
class BlobReader {
public:
    explicit BlobReader(const QByteArray &b)
        : m_b(b)
    {
    }
    bool next(QByteArray *out)
    {
        if (m_pos + 4 > m_b.size())
            return false;
        const auto *p = reinterpret_cast<const uchar *>(m_b.constData() + m_pos);
        const quint32 n =
            (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) | p[3];
        if (m_pos + 4 + qsizetype(n) > m_b.size())
            return false;
        *out = m_b.mid(m_pos + 4, n);
        m_pos += 4 + n;
        return true;
    }
    bool atEnd() const { return m_pos == m_b.size(); }

private:
    QByteArray m_b;
    qsizetype m_pos = 0;
};

QByteArray bnBytes(EVP_PKEY *key, const char *param)
{
    BIGNUM *bn = nullptr;
    if (EVP_PKEY_get_bn_param(key, param, &bn) != 1)
        return {};
    QByteArray out(BN_num_bytes(bn), Qt::Uninitialized);
    BN_bn2bin(bn, reinterpret_cast<unsigned char *>(out.data()));
    BN_free(bn);
    return out;
}

/// "SHA256:<unpadded base64>" as ssh-keygen -l prints it.
QByteArray sshFingerprint(const QByteArray &blob)
{
    QByteArray b64 = QCryptographicHash::hash(blob, QCryptographicHash::Sha256).toBase64();
    while (b64.endsWith('='))
        b64.chop(1);
    return "SHA256:" + b64;
}

} // namespace

class TestSshKeys : public QObject {
    Q_OBJECT

private:
    void checkWithSshKeygen(const QByteArray &line, const QByteArray &expectType, int bits)
    {
        const QString keygen = QStringLiteral("/usr/bin/ssh-keygen");
        if (!QFile::exists(keygen))
            return; // optional cross-check; the wire-format checks above still ran
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("key.pub"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(line + '\n');
        f.close();
        QProcess p;
        p.start(keygen, {QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"),
                         QStringLiteral("-f"), path});
        QVERIFY(p.waitForFinished(10000));
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        // "<bits> SHA256:<fp> <comment> (<TYPE>)"
        QVERIFY2(out.startsWith(QByteArray::number(bits) + ' '), out.constData());
        QVERIFY2(out.contains(sshFingerprint(openSshKeyBlob(line))), out.constData());
        QVERIFY2(out.contains("(" + expectType + ")"), out.constData());
        QVERIFY2(out.contains("vwb-test"), out.constData());
    }

private slots:
    void ed25519Line()
    {
        Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
        QVERIFY(key);
        QString error;
        const QByteArray line = encodeOpenSshPublicKey(key.get(), "vwb-test", &error);
        QVERIFY2(!line.isEmpty(), qPrintable(error));
        QVERIFY(line.startsWith("ssh-ed25519 AAAA"));
        QVERIFY(line.endsWith(" vwb-test"));

        unsigned char raw[32];
        size_t len = sizeof raw;
        QCOMPARE(EVP_PKEY_get_raw_public_key(key.get(), raw, &len), 1);

        BlobReader r(openSshKeyBlob(line));
        QByteArray name, pub;
        QVERIFY(r.next(&name));
        QVERIFY(r.next(&pub));
        QVERIFY(r.atEnd());
        QCOMPARE(name, QByteArray("ssh-ed25519"));
        QCOMPARE(pub, QByteArray(reinterpret_cast<const char *>(raw), int(len)));
        checkWithSshKeygen(line, "ED25519", 256);
    }

    void rsaLine()
    {
        Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048)));
        QVERIFY(key);
        QString error;
        const QByteArray line = encodeOpenSshPublicKey(key.get(), "vwb-test", &error);
        QVERIFY2(!line.isEmpty(), qPrintable(error));
        QVERIFY(line.startsWith("ssh-rsa AAAA"));

        BlobReader r(openSshKeyBlob(line));
        QByteArray name, e, n;
        QVERIFY(r.next(&name));
        QVERIFY(r.next(&e));
        QVERIFY(r.next(&n));
        QVERIFY(r.atEnd());
        QCOMPARE(name, QByteArray("ssh-rsa"));
        // mpint: e = 65537 has no high bit, so no padding; a 2048-bit n always has it, so a
        // leading zero byte keeps it positive.
        QCOMPARE(e, bnBytes(key.get(), OSSL_PKEY_PARAM_RSA_E));
        QCOMPARE(e, QByteArray("\x01\x00\x01", 3));
        QCOMPARE(n.size(), 257);
        QCOMPARE(n.at(0), '\0');
        QVERIFY(uchar(n.at(1)) & 0x80);
        QCOMPARE(n.mid(1), bnBytes(key.get(), OSSL_PKEY_PARAM_RSA_N));
        checkWithSshKeygen(line, "RSA", 2048);
    }

    void generatedKeysAreFreshAndTyped()
    {
        QString error;
        const QByteArray a = generateOpenSshPublicKey(SshKeyType::Ed25519, "c", &error);
        const QByteArray b = generateOpenSshPublicKey(SshKeyType::Ed25519, "c", &error);
        QVERIFY2(!a.isEmpty() && !b.isEmpty(), qPrintable(error));
        QVERIFY(a.startsWith("ssh-ed25519 "));
        QVERIFY(a != b);
        const QByteArray rsa = generateOpenSshPublicKey(SshKeyType::Rsa2048, QByteArray(), &error);
        QVERIFY2(rsa.startsWith("ssh-rsa "), qPrintable(error));
        QCOMPARE(rsa.count(' '), 1); // no comment requested, none written
    }

    void unsupportedKeyIsAnError()
    {
        Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
        QVERIFY(key);
        QString error;
        QVERIFY(encodeOpenSshPublicKey(key.get(), "x", &error).isEmpty());
        QVERIFY(error.contains(QLatin1String("unsupported")));
        error.clear();
        QVERIFY(encodeOpenSshPublicKey(nullptr, "x", &error).isEmpty());
        QVERIFY(!error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSshKeys)
#include "tst_sshkeys.moc"
