#include "k8scommand.h"

#include "cli.h"
#include "k8s/jobmanifest.h"
#include "k8s/k8srender.h"
#include "k8s/sessionframe.h"
#include "k8sdriver.h"
#include "profile/profileparser.h"
#include "runcommand.h"
#include "util/atomicfile.h"

#include <QDir>
#include <QFile>

namespace vw::cli {

// The Job's podFailurePolicy names run's exit codes (core/k8s/jobmanifest.h).
static_assert(ExitFailed == 1 && ExitUsage == 2 && ExitSetup == 3 && ExitLateStart == 5
                  && ExitAborted == 130,
              "core/k8s/jobmanifest.cpp failJobExitCodes() lists these numbers");

namespace {

int renderCommand(const QStringList &args)
{
    CommandLine cl(k8sHelp());
    const QCommandLineOption parallelism(QStringLiteral("parallelism"),
                                         QStringLiteral("shards (pods)"), QStringLiteral("N"));
    const QCommandLineOption addr(QStringLiteral("addr"), QStringLiteral("Vault address"),
                                  QStringLiteral("URL"));
    const QCommandLineOption ns(QStringLiteral("namespace"), QStringLiteral("Kubernetes namespace"),
                                QStringLiteral("NS"));
    const QCommandLineOption image(QStringLiteral("image"), QStringLiteral("container image"),
                                   QStringLiteral("IMG"));
    const QCommandLineOption tokenSecret(QStringLiteral("token-secret"),
                                         QStringLiteral("Secret with the token"),
                                         QStringLiteral("NAME[/KEY]"));
    const QCommandLineOption caSecret(QStringLiteral("cacert-secret"),
                                      QStringLiteral("Secret with the CA"),
                                      QStringLiteral("NAME[/KEY]"));
    const QCommandLineOption startDelay(QStringLiteral("start-delay"),
                                        QStringLiteral("start barrier delay, s"),
                                        QStringLiteral("S"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("object names"),
                                  QStringLiteral("NAME"));
    const QCommandLineOption vaultNs(QStringLiteral("vault-namespace"),
                                     QStringLiteral("Vault namespace"), QStringLiteral("NS"));
    const QCommandLineOption cpu(QStringLiteral("cpu"), QStringLiteral("CPU per pod"),
                                 QStringLiteral("Q"));
    const QCommandLineOption memory(QStringLiteral("memory"), QStringLiteral("memory per pod"),
                                    QStringLiteral("Q"));
    const QCommandLineOption outDir(QStringLiteral("out-dir"), QStringLiteral("output folder"),
                                    QStringLiteral("DIR"));
    cl.addOptions({parallelism, addr, ns, image, tokenSecret, caSecret, startDelay, name, vaultNs,
                   cpu, memory, outDir});
    if (const std::optional<int> done = cl.parse(args, 1, 1, QStringLiteral("one PROFILE file")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    if (!p.isSet(parallelism) || !p.isSet(addr) || !p.isSet(outDir))
        return cl.usageError(QStringLiteral("k8s render needs --parallelism N, --addr URL and "
                                            "--out-dir DIR"));
    const QString profilePath = cl.positional().first();
    const ProfileParseResult parsed = loadProfileFile(profilePath);
    if (!parsed.ok()) {
        for (const ProfileError &e : parsed.errors)
            printErr(QStringLiteral("%1:%2:%3: %4\n")
                         .arg(profilePath)
                         .arg(e.line)
                         .arg(e.column)
                         .arg(e.message));
        return ExitUsage;
    }
    k8s::RenderOptions o;
    o.profile = *parsed.profile;
    o.profileYaml = parsed.profile->sourceYaml;
    bool ok = false;
    o.parallelism = p.value(parallelism).toInt(&ok);
    if (!ok)
        return cl.usageError(
            QStringLiteral("--parallelism: \"%1\" is not a number").arg(p.value(parallelism)));
    o.address = p.value(addr);
    o.kubeNamespace = p.value(ns);
    o.name = p.value(name);
    o.vaultNamespace = p.value(vaultNs);
    if (p.isSet(image))
        o.image = p.value(image);
    if (p.isSet(cpu))
        o.cpu = p.value(cpu);
    if (p.isSet(memory))
        o.memory = p.value(memory);
    if (p.isSet(startDelay)) {
        o.startDelayS = p.value(startDelay).toInt(&ok);
        if (!ok || o.startDelayS < 1)
            return cl.usageError(QStringLiteral("--start-delay: \"%1\" is not a whole number of "
                                                "seconds >= 1")
                                     .arg(p.value(startDelay)));
    }
    QString error;
    if (p.isSet(tokenSecret)) {
        const auto ref = k8s::parseSecretRef(p.value(tokenSecret), QStringLiteral("token"), &error);
        if (!ref)
            return cl.usageError(QStringLiteral("--token-secret: ") + error);
        o.tokenSecret = *ref;
    }
    if (p.isSet(caSecret)) {
        o.caSecret = k8s::parseSecretRef(p.value(caSecret), QStringLiteral("ca.crt"), &error);
        if (!o.caSecret)
            return cl.usageError(QStringLiteral("--cacert-secret: ") + error);
    }
    const std::optional<QList<k8s::RenderedFile>> files = k8s::renderManifests(o, &error);
    if (!files)
        return cl.usageError(error);
    const QString dir = p.value(outDir);
    if (!QDir().mkpath(dir)) {
        printErr(QStringLiteral("error: cannot create %1\n").arg(dir));
        return ExitUsage;
    }
    for (const k8s::RenderedFile &f : *files) {
        const QString path = QDir(dir).filePath(f.name);
        if (!writeFileAtomically(path, f.text, &error, 0644)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitFailed;
        }
        printOut(path + QLatin1Char('\n'));
    }
    printOut(QStringLiteral("rendered %1 shard(s) of %2 against %3; the token comes from Secret "
                            "%4 (key %5): create it, then `vault-workbench k8s run %6`\n")
                 .arg(o.parallelism)
                 .arg(o.profile.name, o.address, o.tokenSecret.name, o.tokenSecret.key, dir));
    return ExitOk;
}

/// `k8s shard run ARGS... --out FILE`: run, then the session (or its checkpoint) framed on
/// stdout for `k8s collect`; the run's exit code.
int shardCommand(const QStringList &args)
{
    if (args.isEmpty() || args.first() != QLatin1String("run")) {
        printErr(QStringLiteral("vault-workbench k8s shard: expected \"run PROFILE ... --out "
                                "FILE\" (what a pod of the Job runs); see k8s --help\n"));
        return ExitUsage;
    }
    QString out;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--out") && i + 1 < args.size())
            out = args.at(i + 1);
        else if (args.at(i).startsWith(QLatin1String("--out=")))
            out = args.at(i).mid(6);
    }
    if (out.isEmpty()) {
        printErr(QStringLiteral("vault-workbench k8s shard: run needs --out FILE here\n"));
        return ExitUsage;
    }
    const int code = runCommand(args.mid(1));
    bool ok = false;
    const int index = qEnvironmentVariable("JOB_COMPLETION_INDEX").toInt(&ok);
    QFile f(out);
    if (!f.open(QIODevice::ReadOnly)) {
        printErr(QStringLiteral("k8s shard: no session to print (%1)\n").arg(f.errorString()));
        return code;
    }
    printOut(QString::fromLatin1(k8s::encodeSessionFrame(ok ? index : 0, f.readAll())));
    return code;
}

} // namespace

CommandHelp k8sHelp()
{
    return {
        QStringLiteral("k8s"),
        QStringLiteral(
            "  vault-workbench k8s render PROFILE --parallelism N --addr URL --out-dir DIR\n"
            "                  [--namespace NS] [--image IMG] [--token-secret NAME[/KEY]]\n"
            "                  [--cacert-secret NAME[/KEY]] [--start-delay S] [--name NAME]\n"
            "                  [--vault-namespace NS] [--cpu Q] [--memory Q]\n"
            "  vault-workbench k8s up|run|collect|down DIR [--out SESSION] [--start-delay S]\n"),
        QStringLiteral(
            "k8s render: writes the manifests of an Indexed Job of N shards of PROFILE to DIR\n"
            "  (kustomization.yaml, configmap.yaml, start.yaml, networkpolicy.yaml, job.yaml):\n"
            "  pod I runs `run --shard I/N --start-at T` against URL. The token is a Secret\n"
            "  reference (default vault-workbench-token/token), mounted as a 0400 file; no\n"
            "  token is ever written. --namespace is the Kubernetes namespace (--vault-namespace\n"
            "  Vault's); --image default vault-workbench:latest (packaging/Dockerfile);\n"
            "  --start-delay S (default 60): the barrier T is the apply time + S; --cpu and\n"
            "  --memory (default 1 and 512Mi) are each pod's requests and limits.\n"
            "k8s up DIR: writes T (now + the start delay) into DIR/start.yaml and applies DIR\n"
            "  with `kubectl apply -k`. k8s run DIR: up, then follows the Job until it is\n"
            "  complete or failed (the failed index and its exit code), then with --out collects.\n"
            "k8s collect DIR --out SESSION: reads each index's session from `kubectl logs`\n"
            "  (framed base64 with length and SHA-256), says which index is cut or missing,\n"
            "  keeps them in --shard-dir (default SESSION.shards/) and merges them as `merge`.\n"
            "k8s down DIR: deletes the Job and the rendered objects (`kubectl delete -k`).\n"
            "  kubectl is $VW_KUBECTL or kubectl on PATH, with KUBECONFIG as set; it never\n"
            "  gets the token. Exit: render 0/2; up and down 0, or 1 when kubectl failed; run\n"
            "  and collect 0 completed, 1 failed, 5 a shard started late "
            "(docs/distributed.md).\n")};
}

int k8sCommand(const QStringList &args)
{
    const QString sub = args.value(0);
    const QStringList rest = args.mid(1);
    if (sub == QLatin1String("render"))
        return renderCommand(rest);
    if (sub == QLatin1String("shard"))
        return shardCommand(rest);
    if (sub == QLatin1String("up") || sub == QLatin1String("run") || sub == QLatin1String("collect")
        || sub == QLatin1String("down"))
        return k8sDriverCommand(sub, rest);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        printOut(commandHelpText(k8sHelp()));
        return ExitOk;
    }
    printErr(QStringLiteral("vault-workbench k8s: expected render, up, run, collect or down; see "
                            "--help\n"));
    return ExitUsage;
}

} // namespace vw::cli
