#include "targetoptions.h"

#include "cli.h"
#include "vault/serveranswer.h"

#include <algorithm>
#include "vault/vaultclient.h"

#include <QCommandLineParser>

#include <cstdio>
#include <string>
#include <unistd.h>

namespace vw::cli {

TargetOptions::TargetOptions()
    : m_addr(QStringLiteral("addr"), QStringLiteral("target address"), QStringLiteral("URL"))
    , m_namespace(QStringLiteral("namespace"), QStringLiteral("X-Vault-Namespace"),
                  QStringLiteral("NS"))
    , m_caCert(QStringLiteral("ca-cert"), QStringLiteral("PEM CA bundle"), QStringLiteral("FILE"))
    , m_caPath(QStringLiteral("ca-path"), QStringLiteral("folder of PEM CA certificates"),
               QStringLiteral("DIR"))
    , m_clientCert(QStringLiteral("client-cert"), QStringLiteral("PEM client certificate"),
                   QStringLiteral("FILE"))
    , m_clientKey(QStringLiteral("client-key"), QStringLiteral("PEM client key"),
                  QStringLiteral("FILE"))
    , m_skipVerify(QStringLiteral("tls-skip-verify"),
                   QStringLiteral("do not verify the server's certificate"))
    , m_clientTimeout(QStringLiteral("client-timeout"), QStringLiteral("per-request timeout"),
                      QStringLiteral("DURATION"))
    , m_yes(QStringLiteral("yes"),
            QStringLiteral("do not ask (a non-loopback target; cleanup --all)"))
{
}

void TargetOptions::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({m_addr, m_namespace, m_caCert, m_caPath, m_clientCert, m_clientKey,
                       m_skipVerify, m_clientTimeout, m_yes});
}

std::optional<ResolvedTarget> TargetOptions::resolve(const QCommandLineParser &p,
                                                     const TargetSpec &profileTarget) const
{
    TargetFlags flags;
    auto text = [&p](const QCommandLineOption &o) {
        return p.isSet(o) ? std::optional<QString>(p.value(o)) : std::nullopt;
    };
    flags.address = text(m_addr);
    flags.vaultNamespace = text(m_namespace);
    flags.caFile = text(m_caCert);
    flags.caPath = text(m_caPath);
    flags.clientCert = text(m_clientCert);
    flags.clientKey = text(m_clientKey);
    if (p.isSet(m_skipVerify))
        flags.tlsSkipVerify = true;
    QStringList errors;
    if (p.isSet(m_clientTimeout)) {
        flags.requestTimeoutMs = parseClientTimeoutMs(p.value(m_clientTimeout));
        if (!flags.requestTimeoutMs)
            errors << QStringLiteral("flag --client-timeout: \"%1\" is not a timeout (seconds, "
                                     "or a duration such as 30s; > 0 and at most 1h)")
                          .arg(p.value(m_clientTimeout));
    }
    ResolvedTarget r = resolveTarget(profileTarget, flags);
    errors += r.errors;
    if (!errors.isEmpty()) {
        for (const QString &e : errors)
            printErr(QStringLiteral("error: %1\n").arg(e));
        return std::nullopt;
    }
    return r;
}

void TargetOptions::print(const ResolvedTarget &target)
{
    const QStringList lines = target.describe();
    printOut(QStringLiteral("target %1\n").arg(lines.value(0)));
    for (int i = 1; i < lines.size(); ++i)
        printOut(QStringLiteral("  %1\n").arg(lines.at(i)));
    for (const QString &w : target.warnings)
        printErr(QStringLiteral("warning: %1\n").arg(w));
    if (target.target.tlsSkipVerify)
        printErr(QStringLiteral("warning: TLS verification is off (tls_skip_verify from %1): "
                                "the token goes to whichever server answers\n")
                     .arg(target.sources.value(QStringLiteral("tls_skip_verify"))));
}

bool TargetOptions::yes(const QCommandLineParser &p) const
{
    return p.isSet(m_yes);
}

int TargetOptions::confirm(const QCommandLineParser &p, const ResolvedTarget &target,
                           const QString &action) const
{
    const QString address = target.target.address;
    if (p.isSet(m_yes) || isLoopbackAddress(address))
        return ExitOk;
    if (!::isatty(STDIN_FILENO)) {
        printErr(QStringLiteral("error: %1 is not a loopback address: the token would go to it "
                                "(%2); pass --yes to confirm\n")
                     .arg(address, action.isEmpty() ? QStringLiteral("and the benchmark's mounts")
                                                    : action));
        return ExitUsage;
    }
    // On a terminal, as the GUI does (ui/targetconfirmation.h): asked before any contact;
    // then what answers there is named (the unauthenticated health probe, no token, at most
    // kProbeTimeoutMs) and asked about once more.
    if (!askYesNo(QStringLiteral("%1 is not a loopback address; nothing has been sent to it "
                                 "yet.\nContact it to see what answers (GET sys/health, without "
                                 "the token, at most %2 s)?")
                      .arg(address)
                      .arg(kProbeTimeoutMs / 1000))) {
        printErr(QStringLiteral("not confirmed: nothing sent to %1\n").arg(address));
        return ExitUsage;
    }
    TargetSpec probeTarget = target.target;
    probeTarget.requestTimeoutMs = std::min<qint64>(probeTarget.requestTimeoutMs, kProbeTimeoutMs);
    VaultClient probe(probeTarget, QByteArray());
    const ServerInfo info = probe.serverInfo();
    const QString what =
        info.reachable
            ? QStringLiteral("%1 %2, cluster %3")
                  .arg(info.product == QLatin1String("openbao") ? QStringLiteral("OpenBao")
                                                                : QStringLiteral("Vault"),
                       info.version.isEmpty() ? QStringLiteral("(version unknown)") : info.version,
                       info.clusterName.isEmpty() ? QStringLiteral("(unnamed)") : info.clusterName)
            : unreachableWords(info);
    if (askYesNo(QStringLiteral("%1 is not a loopback address (%2).\n%3?")
                     .arg(address, what,
                          action.isEmpty()
                              ? QStringLiteral("Run the benchmark against it (its mounts are "
                                               "created there and the token is sent)")
                              : action)))
        return ExitOk;
    printErr(
        QStringLiteral("not confirmed: no token sent to %1, nothing created there\n").arg(address));
    return ExitUsage;
}

QString TargetOptions::helpText()
{
    return QStringLiteral(
        "  Target (each: flag, then $VAULT_*, then $BAO_*, then the profile's target:):\n"
        "  --addr URL          VAULT_ADDR        target.address\n"
        "  --namespace NS      VAULT_NAMESPACE   target.namespace\n"
        "  --ca-cert FILE      VAULT_CACERT      target.ca_file (https only)\n"
        "  --ca-path DIR       VAULT_CAPATH      target.ca_path (https only)\n"
        "  --client-cert FILE  VAULT_CLIENT_CERT target.client_cert (mutual TLS)\n"
        "  --client-key FILE   VAULT_CLIENT_KEY  target.client_key (mutual TLS)\n"
        "  --tls-skip-verify   VAULT_SKIP_VERIFY target.tls_skip_verify\n"
        "  --client-timeout D  VAULT_CLIENT_TIMEOUT target.request_timeout\n"
        "  --yes               run against a non-loopback address without asking (needed\n"
        "                      when stdin is not a terminal)\n");
}

} // namespace vw::cli
