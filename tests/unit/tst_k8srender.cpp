// `k8s render` (core/k8s/k8srender.h, docs/distributed.md "The manifests, field by field"):
// the manifests of two option sets equal the golden files in tests/data/k8s/golden/<case>/
// byte for byte (VW_UPDATE_GOLDEN=1 rewrites them: review the diff), and the fields the issue
// names hold when the YAML is read back: an Indexed Job with parallelism = completions = N,
// no retries, FailJob on run's exit codes, a deadline from the plan, requests = limits, no
// service-account token, a spread over nodes, the token Secret as a 0400 file, the barrier from
// the start ConfigMap; a NetworkPolicy with no ingress, DNS and Vault only (an ipBlock for an
// IP, a port-only rule with a note for a name). And what render refuses.
#include "k8s/jobmanifest.h"
#include "k8s/jobstatus.h"
#include "k8s/k8srender.h"
#include "k8s/networkpolicymanifest.h"
#include "profile/profileparser.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <yaml-cpp/yaml.h>

using namespace vw;
using namespace vw::k8s;

namespace {

QString dataDir()
{
    return QStringLiteral(VW_SOURCE_DIR "/tests/data/k8s");
}

RenderOptions baseOptions()
{
    const ProfileParseResult parsed = loadProfileFile(dataDir() + QStringLiteral("/profile.yaml"));
    if (!parsed.ok())
        qFatal("tests/data/k8s/profile.yaml does not parse");
    RenderOptions o;
    o.profile = *parsed.profile;
    o.profileYaml = parsed.profile->sourceYaml;
    return o;
}

/// The golden cases: (name, options).
QList<QPair<QString, RenderOptions>> cases()
{
    RenderOptions ip = baseOptions();
    ip.parallelism = 3;
    ip.address = QStringLiteral("http://10.0.0.5:8200");
    ip.image = QStringLiteral("registry.example/vault-workbench:1.0");

    RenderOptions named = baseOptions();
    named.parallelism = 4;
    named.address = QStringLiteral("https://vault.vault.svc:8200");
    named.kubeNamespace = QStringLiteral("load");
    named.name = QStringLiteral("vwb-custom");
    named.image = QStringLiteral("registry.example/vault-workbench:1.0");
    named.tokenSecret = {QStringLiteral("vault-token"), QStringLiteral("t")};
    named.caSecret = SecretRef{QStringLiteral("vault-ca"), QStringLiteral("ca.crt")};
    named.vaultNamespace = QStringLiteral("team-a");
    named.startDelayS = 90;
    named.cpu = QStringLiteral("2");
    named.memory = QStringLiteral("1Gi");
    return {{QStringLiteral("ip"), ip}, {QStringLiteral("named"), named}};
}

QMap<QString, QByteArray> render(const RenderOptions &o)
{
    QString error;
    const std::optional<QList<RenderedFile>> files = renderManifests(o, &error);
    if (!files)
        qFatal("render: %s", qPrintable(error));
    QMap<QString, QByteArray> out;
    for (const RenderedFile &f : *files)
        out.insert(f.name, f.text);
    return out;
}

YAML::Node load(const QByteArray &text)
{
    return YAML::Load(text.toStdString());
}

} // namespace

class TestK8sRender : public QObject {
    Q_OBJECT
private slots:
    void goldenFiles_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto &c : cases())
            QTest::newRow(qPrintable(c.first)) << c.first;
    }

    void goldenFiles()
    {
        QFETCH(QString, name);
        RenderOptions o;
        for (const auto &c : cases())
            if (c.first == name)
                o = c.second;
        const QMap<QString, QByteArray> files = render(o);
        QCOMPARE(files.keys(),
                 (QStringList{QStringLiteral("configmap.yaml"), QStringLiteral("job.yaml"),
                              QStringLiteral("kustomization.yaml"),
                              QStringLiteral("networkpolicy.yaml"), QStringLiteral("start.yaml")}));
        const QString dir = dataDir() + QStringLiteral("/golden/") + name;
        const bool update = qEnvironmentVariableIntValue("VW_UPDATE_GOLDEN") == 1;
        if (update)
            QVERIFY(QDir().mkpath(dir));
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            QFile f(dir + QLatin1Char('/') + it.key());
            if (update) {
                QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
                f.write(it.value());
                continue;
            }
            QVERIFY2(f.open(QIODevice::ReadOnly),
                     qPrintable(f.fileName()
                                + QStringLiteral(": missing; VW_UPDATE_GOLDEN=1 "
                                                 "writes it")));
            const QByteArray golden = f.readAll();
            if (golden != it.value())
                qWarning("%s differs; rendered:\n%s", qPrintable(f.fileName()),
                         it.value().constData());
            QVERIFY2(golden == it.value(),
                     qPrintable(it.key()
                                + QStringLiteral(" differs from its golden file (a "
                                                 "wanted change: VW_UPDATE_GOLDEN=1)")));
        }
        // The same options, the same bytes.
        QCOMPARE(render(o), files);
    }

    void jobHasTheIssuesFields()
    {
        RenderOptions o = cases().at(0).second;
        const YAML::Node job = load(render(o).value(QStringLiteral("job.yaml")));
        const YAML::Node spec = job["spec"];
        QCOMPARE(spec["completionMode"].as<std::string>(), std::string("Indexed"));
        QCOMPARE(spec["completions"].as<int>(), 3);
        QCOMPARE(spec["parallelism"].as<int>(), 3);
        QCOMPARE(spec["backoffLimitPerIndex"].as<int>(), 0);
        QCOMPARE(spec["maxFailedIndexes"].as<int>(), 0);
        // 60 s delay + 90 s of stages + 600 s margin
        QCOMPARE(spec["activeDeadlineSeconds"].as<int>(), 60 + 90 + 600);
        QCOMPARE(spec["ttlSecondsAfterFinished"].as<int>(), 86400);
        const YAML::Node rule = spec["podFailurePolicy"]["rules"][0];
        QCOMPARE(rule["action"].as<std::string>(), std::string("FailJob"));
        QCOMPARE(rule["onExitCodes"]["containerName"].as<std::string>(), std::string("shard"));
        QCOMPARE(rule["onExitCodes"]["values"].as<std::vector<int>>(),
                 (std::vector<int>{1, 2, 3, 5, 130}));
        const YAML::Node pod = spec["template"]["spec"];
        QCOMPARE(pod["restartPolicy"].as<std::string>(), std::string("Never"));
        QCOMPARE(pod["automountServiceAccountToken"].as<bool>(), false);
        QCOMPARE(pod["topologySpreadConstraints"][0]["topologyKey"].as<std::string>(),
                 std::string("kubernetes.io/hostname"));
        const YAML::Node c = pod["containers"][0];
        QCOMPARE(c["resources"]["requests"]["cpu"].as<std::string>(),
                 c["resources"]["limits"]["cpu"].as<std::string>());
        QCOMPARE(c["resources"]["requests"]["memory"].as<std::string>(),
                 c["resources"]["limits"]["memory"].as<std::string>());
        const auto args = c["args"].as<std::vector<std::string>>();
        const auto at = [&args](const std::string &flag) {
            const auto it = std::find(args.begin(), args.end(), flag);
            return it == args.end() || it + 1 == args.end() ? std::string() : *(it + 1);
        };
        QCOMPARE(at("--shard"), std::string("auto/3"));
        QCOMPARE(at("--start-at"), std::string("$(VW_START_AT)"));
        QCOMPARE(at("--addr"), std::string("http://10.0.0.5:8200"));
        QCOMPARE(at("--token-file"), std::string("/var/run/secrets/vault-workbench/token"));
        QCOMPARE(c["env"][0]["valueFrom"]["configMapKeyRef"]["name"].as<std::string>(),
                 std::string("vwb-k8s-golden-start"));
        bool tokenVolume = false;
        for (const YAML::Node &v : pod["volumes"])
            if (v["name"].as<std::string>() == "token") {
                tokenVolume = true;
                QCOMPARE(v["secret"]["secretName"].as<std::string>(),
                         std::string("vault-workbench-token"));
                QCOMPARE(v["secret"]["items"][0]["mode"].as<int>(), 0400);
                QCOMPARE(v["secret"]["defaultMode"].as<int>(), 0400);
            }
        QVERIFY(tokenVolume);
    }

    void networkPolicy()
    {
        const YAML::Node ip =
            load(render(cases().at(0).second).value(QStringLiteral("networkpolicy.yaml")))["spec"];
        QCOMPARE(ip["policyTypes"].as<std::vector<std::string>>(),
                 (std::vector<std::string>{"Ingress", "Egress"}));
        QVERIFY(!ip["ingress"]); // no rule: nothing gets in
        QCOMPARE(ip["egress"].size(), size_t(2));
        QCOMPARE(ip["egress"][0]["ports"][0]["port"].as<int>(), 53);
        QCOMPARE(ip["egress"][1]["to"][0]["ipBlock"]["cidr"].as<std::string>(),
                 std::string("10.0.0.5/32"));
        QCOMPARE(ip["egress"][1]["ports"][0]["port"].as<int>(), 8200);
        const QByteArray namedText =
            render(cases().at(1).second).value(QStringLiteral("networkpolicy.yaml"));
        const YAML::Node named = load(namedText)["spec"];
        QVERIFY(!named["egress"][1]["to"]); // a name: port only
        QCOMPARE(named["egress"][1]["ports"][0]["port"].as<int>(), 8200);
        QVERIFY(namedText.startsWith("# The shards")
                && namedText.contains("# vault.vault.svc is a name"));
        QString error;
        QCOMPARE(vaultEndpoint(QStringLiteral("http://[fd00::5]:8200"), &error)->cidr,
                 QStringLiteral("fd00::5/128"));
        QCOMPARE(vaultEndpoint(QStringLiteral("https://vault.example"), &error)->port, 443);
        QVERIFY(!vaultEndpoint(QStringLiteral("vault:8200"), &error));
        QVERIFY(!vaultEndpoint(QStringLiteral("http://u:p@vault:8200"), &error));
    }

    void configMapHoldsProfileAndPlanNotToken()
    {
        const QMap<QString, QByteArray> files = render(cases().at(0).second);
        const YAML::Node cm = load(files.value(QStringLiteral("configmap.yaml")));
        QCOMPARE(QByteArray::fromStdString(cm["data"]["profile.yaml"].as<std::string>()),
                 baseOptions().profileYaml);
        QVERIFY(cm["data"]["plan.json"].as<std::string>().find("plan_hash") != std::string::npos);
        const YAML::Node start = load(files.value(QStringLiteral("start.yaml")));
        QCOMPARE(start["data"]["start_at"].as<std::string>(), std::string(kStartAtPlaceholder));
        // The barrier k8s up writes reads back as the string it is (quoted: it looks like a date).
        const YAML::Node set = load(renderStartConfigMap(
            QStringLiteral("x"), QString(), QStringLiteral("2026-12-01T21:00:00.000Z")));
        QCOMPARE(set["data"]["start_at"].as<std::string>(),
                 std::string("2026-12-01T21:00:00.000Z"));
        QVERIFY(renderStartConfigMap(QStringLiteral("x"), QString(),
                                     QStringLiteral("2026-12-01T21:00:00.000Z"))
                    .contains("\"2026-12-01T21:00:00.000Z\""));
    }

    void renderedJobReadsBack()
    {
        QTemporaryDir dir;
        const QMap<QString, QByteArray> files = render(cases().at(1).second);
        QFile f(dir.filePath(QStringLiteral("job.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(files.value(QStringLiteral("job.yaml")));
        f.close();
        QString error;
        const std::optional<RenderedJob> job = readRenderedJob(dir.path(), &error);
        QVERIFY2(job, qPrintable(error));
        QCOMPARE(job->name, QStringLiteral("vwb-custom"));
        QCOMPARE(job->kubeNamespace, QStringLiteral("load"));
        QCOMPARE(job->completions, 4);
        QCOMPARE(job->startDelayS, 90);
        QCOMPARE(job->activeDeadlineS, qint64(90 + 90 + 600));
    }

    void refusals()
    {
        QString error;
        RenderOptions o = cases().at(0).second;
        o.parallelism = 0;
        QVERIFY(!renderManifests(o, &error));
        o = cases().at(0).second;
        o.address = QStringLiteral("10.0.0.5:8200");
        QVERIFY(!renderManifests(o, &error));
        o = cases().at(0).second;
        o.name = QStringLiteral("Not_A_Name");
        QVERIFY(!renderManifests(o, &error));
        QVERIFY(!parseSecretRef(QStringLiteral("Bad Name"), QStringLiteral("token"), &error));
        QCOMPARE(parseSecretRef(QStringLiteral("s/k"), QStringLiteral("token"), &error)->key,
                 QStringLiteral("k"));
        QCOMPARE(parseSecretRef(QStringLiteral("s"), QStringLiteral("token"), &error)->key,
                 QStringLiteral("token"));
        QCOMPARE(jobName(QStringLiteral("SSH sign: RSA-2048!")),
                 QStringLiteral("vwb-ssh-sign-rsa-2048"));
        QCOMPARE(jobName(QStringLiteral("***")), QStringLiteral("vwb-run"));
    }

    void quotesWhatWouldNotReadBackAsAString()
    {
        QVERIFY(needsQuotes(QStringLiteral("1")));
        QVERIFY(needsQuotes(QStringLiteral("512Mi")));
        QVERIFY(needsQuotes(QStringLiteral("yes")));
        QVERIFY(needsQuotes(QStringLiteral("")));
        QVERIFY(!needsQuotes(QStringLiteral("auto/3")));
        QVERIFY(!needsQuotes(QStringLiteral("vault-workbench")));
    }
};

QTEST_GUILESS_MAIN(TestK8sRender)
#include "tst_k8srender.moc"
