// The target as the Vault CLI decides it (core/vault/targetresolver.h; issue 9, item 4):
// flag > VAULT_* > BAO_* > profile > default, each setting's source, and the errors that
// need no network (bad values, TLS files with http://).
#include "vault/serveranswer.h"
#include "vault/targetresolver.h"

#include <QHash>
#include <QTest>

using namespace vw;

namespace {

/// A fake environment: only the variables given.
EnvironmentLookup envOf(const QHash<QString, QString> &vars)
{
    return [vars](const char *name) { return vars.value(QLatin1String(name)); };
}

TargetSpec profileTarget()
{
    TargetSpec t;
    t.address = QStringLiteral("https://profile.example:8200");
    t.vaultNamespace = QStringLiteral("from-profile");
    t.caFile = QStringLiteral("/profile/ca.pem");
    return t;
}

} // namespace

class TestTargetResolver : public QObject {
    Q_OBJECT
private slots:
    // Trial of issue 22 (newuser): an address that answered 404 was called "not reachable:
    // not a Vault/OpenBao server: sys/health answered 404" in the non-loopback question.
    void unreachableWordsSayWhetherAnythingAnswered()
    {
        ServerInfo refused;
        refused.errorClass = ErrorClass::Connection;
        refused.errorText = QStringLiteral("connection refused");
        QCOMPARE(unreachableWords(refused), QStringLiteral("not reachable: connection refused"));
        ServerInfo notVault;
        notVault.errorClass = ErrorClass::InvalidResponse;
        notVault.errorText =
            QStringLiteral("not a Vault/OpenBao server: sys/health answered 404: Not Found");
        QCOMPARE(unreachableWords(notVault), notVault.errorText);
    }

    void defaultsWhenNothingIsGiven()
    {
        const ResolvedTarget r = resolveTarget(TargetSpec(), TargetFlags(), envOf({}));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(r.target.address, QStringLiteral("http://127.0.0.1:8200"));
        QCOMPARE(r.target.requestTimeoutMs, qint64(30000));
        for (const TargetSetting &s : targetSettings())
            QCOMPARE(r.sources.value(QLatin1String(s.key)), QStringLiteral("default"));
        QCOMPARE(r.describe(), QStringList{QStringLiteral("http://127.0.0.1:8200 (from default)")});
    }

    void profileBeatsDefault()
    {
        const ResolvedTarget r = resolveTarget(profileTarget(), TargetFlags(), envOf({}));
        QVERIFY(r.ok());
        QCOMPARE(r.target.address, QStringLiteral("https://profile.example:8200"));
        QCOMPARE(r.target.vaultNamespace, QStringLiteral("from-profile"));
        QCOMPARE(r.sources.value(QStringLiteral("address")), QStringLiteral("profile"));
        QCOMPARE(r.sources.value(QStringLiteral("namespace")), QStringLiteral("profile"));
        QCOMPARE(r.sources.value(QStringLiteral("ca_file")), QStringLiteral("profile"));
        QCOMPARE(r.sources.value(QStringLiteral("ca_path")), QStringLiteral("default"));
    }

    // Every setting: flag over VAULT_* over BAO_* over the profile.
    void precedencePerSetting_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("vaultEnv");
        QTest::addColumn<QString>("baoEnv");
        for (const TargetSetting &s : targetSettings())
            QTest::newRow(s.key) << QString::fromLatin1(s.key) << QString::fromLatin1(s.vaultEnv)
                                 << QString::fromLatin1(s.baoEnv);
    }
    void precedencePerSetting()
    {
        QFETCH(QString, key);
        QFETCH(QString, vaultEnv);
        QFETCH(QString, baoEnv);
        // Values that parse for each setting, one per source.
        auto value = [&key](const QString &who) -> QString {
            if (key == QLatin1String("address"))
                return QStringLiteral("https://%1.example:8200").arg(who);
            if (key == QLatin1String("tls_skip_verify"))
                return who == QLatin1String("vault") ? QStringLiteral("true") : QStringLiteral("1");
            if (key == QLatin1String("request_timeout"))
                return who == QLatin1String("vault") ? QStringLiteral("7") : QStringLiteral("9s");
            return QStringLiteral("/%1/%2").arg(who, key);
        };
        auto field = [&key](const ResolvedTarget &r) -> QString {
            const TargetSpec &t = r.target;
            if (key == QLatin1String("address"))
                return t.address;
            if (key == QLatin1String("namespace"))
                return t.vaultNamespace;
            if (key == QLatin1String("ca_file"))
                return t.caFile;
            if (key == QLatin1String("ca_path"))
                return t.caPath;
            if (key == QLatin1String("client_cert"))
                return t.clientCert;
            if (key == QLatin1String("client_key"))
                return t.clientKey;
            if (key == QLatin1String("tls_skip_verify"))
                return t.tlsSkipVerify ? "true" : "false";
            return QString::number(t.requestTimeoutMs);
        };
        // client_cert and client_key go together: give the other one from the profile.
        TargetSpec profile = profileTarget();
        profile.clientCert = QStringLiteral("/profile/cert.pem");
        profile.clientKey = QStringLiteral("/profile/key.pem");

        QHash<QString, QString> env{{vaultEnv, value(QStringLiteral("vault"))},
                                    {baoEnv, value(QStringLiteral("bao"))}};
        TargetFlags flags;
        const QString flagValue = value(QStringLiteral("flag"));
        if (key == QLatin1String("address"))
            flags.address = flagValue;
        else if (key == QLatin1String("namespace"))
            flags.vaultNamespace = flagValue;
        else if (key == QLatin1String("ca_file"))
            flags.caFile = flagValue;
        else if (key == QLatin1String("ca_path"))
            flags.caPath = flagValue;
        else if (key == QLatin1String("client_cert"))
            flags.clientCert = flagValue;
        else if (key == QLatin1String("client_key"))
            flags.clientKey = flagValue;
        else if (key == QLatin1String("tls_skip_verify"))
            flags.tlsSkipVerify = true;
        else
            flags.requestTimeoutMs = 11000;

        // 1. the flag
        ResolvedTarget r = resolveTarget(profile, flags, envOf(env));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QString flagName = [&] {
            for (const TargetSetting &s : targetSettings())
                if (key == QLatin1String(s.key))
                    return QString::fromLatin1(s.flag);
            return QString();
        }();
        QCOMPARE(r.sources.value(key), QStringLiteral("flag ") + flagName);
        if (key == QLatin1String("request_timeout"))
            QCOMPARE(field(r), QStringLiteral("11000"));
        else if (key != QLatin1String("tls_skip_verify"))
            QCOMPARE(field(r), flagValue);

        // 2. VAULT_*
        r = resolveTarget(profile, TargetFlags(), envOf(env));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(r.sources.value(key), QStringLiteral("env ") + vaultEnv);
        if (key == QLatin1String("request_timeout"))
            QCOMPARE(field(r), QStringLiteral("7000")); // a bare number is seconds
        else if (key == QLatin1String("tls_skip_verify"))
            QCOMPARE(field(r), QStringLiteral("true"));
        else
            QCOMPARE(field(r), value(QStringLiteral("vault")));

        // 3. BAO_*
        env.remove(vaultEnv);
        r = resolveTarget(profile, TargetFlags(), envOf(env));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(r.sources.value(key), QStringLiteral("env ") + baoEnv);
        if (key == QLatin1String("request_timeout"))
            QCOMPARE(field(r), QStringLiteral("9000"));
        else if (key != QLatin1String("tls_skip_verify"))
            QCOMPARE(field(r), value(QStringLiteral("bao")));

        // 4. the profile (or the default for what the profile leaves out)
        r = resolveTarget(profile, TargetFlags(), envOf({}));
        QVERIFY(r.ok());
        QVERIFY(r.sources.value(key) == QLatin1String("profile")
                || r.sources.value(key) == QLatin1String("default"));
    }

    void skipVerifyIsPrintedWithAWarning()
    {
        const ResolvedTarget r =
            resolveTarget(TargetSpec(), TargetFlags(),
                          envOf({{QStringLiteral("VAULT_SKIP_VERIFY"), QStringLiteral("t")}}));
        QVERIFY(r.ok());
        QVERIFY(r.target.tlsSkipVerify);
        QVERIFY(r.describe().contains(QStringLiteral(
            "tls_skip_verify true (from env VAULT_SKIP_VERIFY): the server's certificate is NOT "
            "verified")));
        // an explicit false in VAULT_* beats a true in the profile
        TargetSpec p;
        p.tlsSkipVerify = true;
        const ResolvedTarget off =
            resolveTarget(p, TargetFlags(),
                          envOf({{QStringLiteral("VAULT_SKIP_VERIFY"), QStringLiteral("false")}}));
        QVERIFY(!off.target.tlsSkipVerify);
    }

    void badValuesNameTheirSource()
    {
        const ResolvedTarget r = resolveTarget(
            TargetSpec(), TargetFlags(),
            envOf({{QStringLiteral("VAULT_SKIP_VERIFY"), QStringLiteral("maybe")},
                   {QStringLiteral("BAO_CLIENT_TIMEOUT"), QStringLiteral("forever")}}));
        QCOMPARE(r.errors.size(), 2);
        QVERIFY(r.errors.at(0).startsWith(QStringLiteral("env VAULT_SKIP_VERIFY: \"maybe\"")));
        QVERIFY(r.errors.at(1).startsWith(QStringLiteral("env BAO_CLIENT_TIMEOUT: \"forever\"")));

        TargetFlags flags;
        flags.address = QStringLiteral("ftp://x:1");
        const ResolvedTarget bad = resolveTarget(TargetSpec(), flags, envOf({}));
        QCOMPARE(bad.errors.size(), 1);
        QVERIFY(
            bad.errors.first().startsWith(QStringLiteral("flag --addr: invalid target address")));

        QCOMPARE(parseClientTimeoutMs(QStringLiteral("2.5")), std::optional<qint64>(2500));
        QCOMPARE(parseClientTimeoutMs(QStringLiteral("1m")), std::optional<qint64>(60000));
        QVERIFY(!parseClientTimeoutMs(QStringLiteral("0")));
        QVERIFY(!parseClientTimeoutMs(QStringLiteral("2h"))); // over the 1h cap
    }

    // A CA (or client certificate) with an http:// address is an error naming both sources
    // when a flag or the profile gives it; from the environment it is ignored with a warning.
    void tlsFilesWithHttpAreAnError()
    {
        TargetFlags flags;
        flags.caFile = QStringLiteral("/tmp/ca.pem");
        const ResolvedTarget byFlag = resolveTarget(
            TargetSpec(), flags,
            envOf({{QStringLiteral("VAULT_ADDR"), QStringLiteral("http://10.0.0.1:8200")}}));
        QCOMPARE(byFlag.errors.size(), 1);
        QCOMPARE(byFlag.errors.first(),
                 QStringLiteral("flag --ca-cert: ca_file \"/tmp/ca.pem\" needs an https:// "
                                "address, but the address http://10.0.0.1:8200 (from env "
                                "VAULT_ADDR) is http://"));
        // From the environment (a VAULT_CACERT set for every target) it is ignored with a
        // warning, as the Vault CLI ignores it for http://; a lone client cert too.
        const ResolvedTarget byEnv = resolveTarget(
            TargetSpec(), TargetFlags(),
            envOf({{QStringLiteral("BAO_CAPATH"), QStringLiteral("/etc/cas")},
                   {QStringLiteral("VAULT_CLIENT_CERT"), QStringLiteral("/etc/me.pem")}}));
        QVERIFY2(byEnv.ok(), qPrintable(byEnv.errors.join(QLatin1Char('\n'))));
        QCOMPARE(byEnv.warnings.size(), 2);
        QVERIFY2(byEnv.warnings.contains(QStringLiteral("env BAO_CAPATH ignored: the address "
                                                        "http://127.0.0.1:8200 (from default) is "
                                                        "http://")),
                 qPrintable(byEnv.warnings.join(QLatin1Char('\n'))));
        QVERIFY(byEnv.target.caPath.isEmpty());
        QVERIFY(byEnv.target.clientCert.isEmpty());
        QCOMPARE(byEnv.sources.value(QStringLiteral("ca_path")), QStringLiteral("default"));
        // the same with https is fine
        const ResolvedTarget https = resolveTarget(
            TargetSpec(), flags,
            envOf({{QStringLiteral("VAULT_ADDR"), QStringLiteral("https://10.0.0.1:8200")}}));
        QVERIFY2(https.ok(), qPrintable(https.errors.join(QLatin1Char('\n'))));
        QCOMPARE(https.target.caFile, QStringLiteral("/tmp/ca.pem"));
    }

    void clientCertNeedsItsKey()
    {
        TargetFlags flags;
        flags.address = QStringLiteral("https://127.0.0.1:8200");
        flags.clientCert = QStringLiteral("/c.pem");
        const ResolvedTarget r = resolveTarget(TargetSpec(), flags, envOf({}));
        QCOMPARE(r.errors.size(), 1);
        QVERIFY(r.errors.first().startsWith(
            QStringLiteral("flag --client-cert: client_cert is set but client_key is not")));
    }

    void loopback()
    {
        for (const char *a : {"http://127.0.0.1:8200", "http://127.3.4.5:1",
                              "https://localhost:8200", "http://LOCALHOST", "http://[::1]:8200"})
            QVERIFY2(isLoopbackAddress(QLatin1String(a)), a);
        for (const char *a :
             {"http://192.0.2.1:8200", "https://vault.example:8200", "http://[2001:db8::1]:8200",
              "http://10.0.0.1", "http://0.0.0.0:8200", "http://localhost.example.com"})
            QVERIFY2(!isLoopbackAddress(QLatin1String(a)), a);
    }
};

QTEST_GUILESS_MAIN(TestTargetResolver)
#include "tst_targetresolver.moc"
