#include "vault/targetresolver.h"

#include "util/duration.h"
#include "vault/localtargetstate.h"

#include <QHostAddress>
#include <QUrl>

#include <utility>

namespace vw {

namespace {
/// The start of an address source that names a local target node (localTargetNodeOfSource()).
constexpr char kLocalTargetSource[] = "local target ";
} // namespace

QString localTargetNodeOfSource(const QString &addressSource)
{
    if (!addressSource.startsWith(QLatin1String(kLocalTargetSource)))
        return {};
    const QString name =
        addressSource.mid(int(qstrlen(kLocalTargetSource))).section(QLatin1Char(' '), 0, 0);
    return isLocalTargetName(name) ? name : QString();
}

QString defaultRunLabel(const QString &profileName, const ResolvedTarget &target)
{
    if (!target.localTargetNode.isEmpty())
        return QStringLiteral("%1 @ %2").arg(profileName, target.localTargetNode);
    if (const QStringList nodes = target.target.loadAddresses(); nodes.size() > 1)
        return QStringLiteral("%1 @ %2 nodes").arg(profileName).arg(nodes.size());
    return profileName;
}

namespace {

constexpr qint64 kMaxRequestTimeoutMs = 3600 * 1000; // as target.request_timeout

/// Go's strconv.ParseBool, which the Vault CLI uses for VAULT_SKIP_VERIFY.
std::optional<bool> parseGoBool(const QString &text)
{
    static const QStringList yes{QStringLiteral("1"),    QStringLiteral("t"),
                                 QStringLiteral("T"),    QStringLiteral("TRUE"),
                                 QStringLiteral("true"), QStringLiteral("True")};
    static const QStringList no{QStringLiteral("0"),     QStringLiteral("f"),
                                QStringLiteral("F"),     QStringLiteral("FALSE"),
                                QStringLiteral("false"), QStringLiteral("False")};
    if (yes.contains(text))
        return true;
    if (no.contains(text))
        return false;
    return std::nullopt;
}

} // namespace

std::optional<qint64> parseClientTimeoutMs(const QString &text)
{
    bool isNumber = false;
    const double seconds = text.toDouble(&isNumber);
    const std::optional<qint64> ms =
        isNumber ? std::optional<qint64>(qint64(seconds * 1000.0)) : parseDurationMs(text);
    if (!ms || *ms <= 0 || *ms > kMaxRequestTimeoutMs)
        return std::nullopt;
    return ms;
}

namespace {

QString addressProblem(const QString &address)
{
    const QUrl url(address, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty()
        || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return QStringLiteral("invalid target address \"%1\" (expected http(s)://host:port)")
            .arg(address);
    if (!url.userInfo().isEmpty())
        return QStringLiteral("target address \"%1\" must not contain a user name or password")
            .arg(address);
    if ((!url.path().isEmpty() && url.path() != QLatin1String("/")) || url.hasQuery()
        || url.hasFragment())
        return QStringLiteral("target address \"%1\" must be scheme://host[:port] only (no "
                              "path, query or fragment)")
            .arg(address);
    return QString();
}

/// The value given for `s`: the flag's, else VAULT_*, else BAO_*; nullopt when none.
struct Given {
    QString text;
    QString source; ///< "env VAULT_ADDR"
};

std::optional<Given> fromEnvironment(const TargetSetting &s, const EnvironmentLookup &env)
{
    for (const char *name : {s.vaultEnv, s.baoEnv}) {
        const QString v = env(name).trimmed();
        if (!v.isEmpty())
            return Given{v, QStringLiteral("env ") + QLatin1String(name)};
    }
    return std::nullopt;
}

/// `r->target.address` is a name ("leader"): the local target's node of that name.
void resolveLocalTargetName(ResolvedTarget *r, const EnvironmentLookup &env)
{
    const QString name = r->target.address;
    const QString given = r->sources.value(QStringLiteral("address"));
    const QString dir = defaultLocalTargetDir(env);
    LocalTargetState state;
    QString error;
    if (!readLocalTargetState(dir, &state, &error)) {
        r->errors << QStringLiteral("%1: \"%2\" is not an address, and %3").arg(given, name, error);
        return;
    }
    const LocalTargetNode *node = state.node(name);
    if (!node) {
        QStringList names;
        for (const LocalTargetNode &n : state.nodes)
            names << n.name;
        r->errors << QStringLiteral("%1: the local target in %2 has no node \"%3\" (it has %4)")
                         .arg(given, dir, name, names.join(QStringLiteral(", ")));
        return;
    }
    if (node->isService()) {
        r->errors << QStringLiteral("%1: \"%2\" is the local target's %3 service, not an OpenBao "
                                    "node (profiles name it in `connection: %2`)")
                         .arg(given, name, node->kind);
        return;
    }
    r->target.address = node->address;
    r->sources[QStringLiteral("address")] =
        QStringLiteral("%1%2 (from %3)").arg(QLatin1String(kLocalTargetSource), name, given);
    r->localTargetDir = state.dir;
    r->localTargetNode = name;
    r->localTargetPid = isLocalTargetProcess(node->pid, node->configFile) ? node->pid : 0;
    r->topology.node = name;
    if (node->isBao()) {
        r->localTargetServerPid = r->localTargetPid;
        r->localTargetServerAddress = node->address;
        r->topology.kind =
            state.topology == QLatin1String("dev") ? QStringLiteral("dev") : QStringLiteral("node");
    } else {
        r->topology.kind = QStringLiteral("load_balancer");
        r->topology.balancer = node->kind;
        r->topology.lbRoute = state.lbRoute.isEmpty() ? QStringLiteral("any") : state.lbRoute;
        r->topology.backends = state.baoAddresses();
        for (const LocalTargetNode &n : state.nodes)
            if (n.isBao()) { // the leader: bao nodes come leader first
                r->localTargetServerAddress = n.address;
                r->localTargetServerPid = isLocalTargetProcess(n.pid, n.configFile) ? n.pid : 0;
                break;
            }
    }
    if (state.tls && r->target.caFile.isEmpty() && r->target.caPath.isEmpty()) {
        r->target.caFile = state.caFile;
        r->sources[QStringLiteral("ca_file")] = QStringLiteral("local target");
    }
    if (r->target.addresses.isEmpty())
        for (const QString &a : state.baoAddresses())
            if (a != node->address)
                r->target.addresses << a;
}

} // namespace

const QList<TargetSetting> &targetSettings()
{
    static const QList<TargetSetting> all{
        {"address", "--addr", "VAULT_ADDR", "BAO_ADDR"},
        {"namespace", "--namespace", "VAULT_NAMESPACE", "BAO_NAMESPACE"},
        {"ca_file", "--ca-cert", "VAULT_CACERT", "BAO_CACERT"},
        {"ca_path", "--ca-path", "VAULT_CAPATH", "BAO_CAPATH"},
        {"client_cert", "--client-cert", "VAULT_CLIENT_CERT", "BAO_CLIENT_CERT"},
        {"client_key", "--client-key", "VAULT_CLIENT_KEY", "BAO_CLIENT_KEY"},
        {"tls_skip_verify", "--tls-skip-verify", "VAULT_SKIP_VERIFY", "BAO_SKIP_VERIFY"},
        {"request_timeout", "--client-timeout", "VAULT_CLIENT_TIMEOUT", "BAO_CLIENT_TIMEOUT"},
    };
    return all;
}

QString processEnvironment(const char *name)
{
    return qEnvironmentVariable(name);
}

ResolvedTarget resolveTarget(const TargetSpec &profileTarget, const TargetFlags &flags,
                             const EnvironmentLookup &env)
{
    ResolvedTarget r;
    r.target = profileTarget;
    const TargetSpec defaults;

    // One text setting: flag, environment, then the profile (already in r.target).
    auto text = [&](const TargetSetting &s, const std::optional<QString> &flag, QString *field,
                    const QString &defaultValue) {
        const QString key = QLatin1String(s.key);
        r.sources[key] =
            *field == defaultValue ? QStringLiteral("default") : QStringLiteral("profile");
        std::optional<Given> given;
        if (flag)
            given = Given{flag->trimmed(), QStringLiteral("flag ") + QLatin1String(s.flag)};
        else
            given = fromEnvironment(s, env);
        if (!given)
            return;
        *field = given->text;
        r.sources[key] = given->source;
    };

    const QList<TargetSetting> &all = targetSettings();
    text(all[0], flags.address, &r.target.address, defaults.address);
    text(all[1], flags.vaultNamespace, &r.target.vaultNamespace, defaults.vaultNamespace);
    text(all[2], flags.caFile, &r.target.caFile, defaults.caFile);
    text(all[3], flags.caPath, &r.target.caPath, defaults.caPath);
    text(all[4], flags.clientCert, &r.target.clientCert, defaults.clientCert);
    text(all[5], flags.clientKey, &r.target.clientKey, defaults.clientKey);

    // tls_skip_verify
    {
        const TargetSetting &s = all[6];
        r.sources[QLatin1String(s.key)] = r.target.tlsSkipVerify != defaults.tlsSkipVerify
                                              ? QStringLiteral("profile")
                                              : QStringLiteral("default");
        if (flags.tlsSkipVerify) {
            r.target.tlsSkipVerify = *flags.tlsSkipVerify;
            r.sources[QLatin1String(s.key)] = QStringLiteral("flag ") + QLatin1String(s.flag);
        } else if (const auto given = fromEnvironment(s, env)) {
            if (const auto b = parseGoBool(given->text)) {
                r.target.tlsSkipVerify = *b;
                r.sources[QLatin1String(s.key)] = given->source;
            } else {
                r.errors << QStringLiteral("%1: \"%2\" is not a boolean (true/false, 1/0)")
                                .arg(given->source, given->text);
            }
        }
    }
    // request_timeout
    {
        const TargetSetting &s = all[7];
        r.sources[QLatin1String(s.key)] = r.target.requestTimeoutMs != defaults.requestTimeoutMs
                                              ? QStringLiteral("profile")
                                              : QStringLiteral("default");
        if (flags.requestTimeoutMs) {
            if (*flags.requestTimeoutMs > 0 && *flags.requestTimeoutMs <= kMaxRequestTimeoutMs) {
                r.target.requestTimeoutMs = *flags.requestTimeoutMs;
                r.sources[QLatin1String(s.key)] = QStringLiteral("flag ") + QLatin1String(s.flag);
            } else {
                r.errors << QStringLiteral("flag %1: must be > 0 and at most 1h")
                                .arg(QLatin1String(s.flag));
            }
        } else if (const auto given = fromEnvironment(s, env)) {
            if (const auto ms = parseClientTimeoutMs(given->text)) {
                r.target.requestTimeoutMs = *ms;
                r.sources[QLatin1String(s.key)] = given->source;
            } else {
                r.errors << QStringLiteral("%1: \"%2\" is not a timeout (seconds, or a duration "
                                           "such as 30s; > 0 and at most 1h)")
                                .arg(given->source, given->text);
            }
        }
    }

    if (isLocalTargetName(r.target.address))
        resolveLocalTargetName(&r, env);
    const QString addrSource = r.sources.value(QStringLiteral("address"));
    if (const QString why = addressProblem(r.target.address); !why.isEmpty()) {
        r.errors << QStringLiteral("%1: %2").arg(addrSource, why);
        return r;
    }
    while (r.target.address.endsWith(QLatin1Char('/')))
        r.target.address.chop(1);

    // TLS files with a plain http:// address: the user meant https, or a stray setting.
    if (QUrl(r.target.address).scheme().toLower() == QLatin1String("http")) {
        const std::pair<const char *, QString *> tlsFiles[] = {
            {"ca_file", &r.target.caFile},
            {"ca_path", &r.target.caPath},
            {"client_cert", &r.target.clientCert},
            {"client_key", &r.target.clientKey},
        };
        for (const auto &[key, field] : tlsFiles) {
            const QString k = QLatin1String(key);
            const QString value = *field;
            if (value.isEmpty())
                continue;
            if (r.sources.value(k).startsWith(QLatin1String("env "))) {
                // A variable set for every target (VAULT_CACERT in a shell profile): the Vault
                // CLI ignores it for http://, and so do we, saying so.
                r.warnings << QStringLiteral("%1 ignored: the address %2 (from %3) is http://")
                                  .arg(r.sources.value(k), r.target.address, addrSource);
                field->clear();
                r.sources[k] = QStringLiteral("default");
                continue;
            }
            r.errors << QStringLiteral("%1: %2 \"%3\" needs an https:// address, but the "
                                       "address %4 (from %5) is http://")
                            .arg(r.sources.value(k), k, value, r.target.address, addrSource);
        }
    }

    // A client certificate needs its key and the other way round (after the http:// check
    // above: an ignored variable is no half of a pair).
    const bool hasCert = !r.target.clientCert.isEmpty(), hasKey = !r.target.clientKey.isEmpty();
    if (hasCert != hasKey) {
        const QString given = QLatin1String(hasCert ? "client_cert" : "client_key");
        r.errors << QStringLiteral("%1: %2 is set but %3 is not: mutual TLS needs both a "
                                   "client certificate and its key")
                        .arg(r.sources.value(given), given,
                             QLatin1String(hasCert ? "client_key" : "client_cert"));
    }

    return r;
}

QStringList ResolvedTarget::describe() const
{
    QStringList lines;
    lines << QStringLiteral("%1 (from %2)")
                 .arg(target.address, sources.value(QStringLiteral("address")));
    auto line = [&](const char *key, const QString &value) {
        const QString source = sources.value(QLatin1String(key));
        if (source == QLatin1String("default") || source.isEmpty())
            return;
        lines << QStringLiteral("%1 %2 (from %3)").arg(QLatin1String(key), value, source);
    };
    line("namespace",
         target.vaultNamespace.isEmpty() ? QStringLiteral("(root)") : target.vaultNamespace);
    line("ca_file", target.caFile);
    line("ca_path", target.caPath);
    line("client_cert", target.clientCert);
    line("client_key", target.clientKey);
    line("request_timeout", formatDurationMs(target.requestTimeoutMs));
    if (target.tlsSkipVerify)
        lines << QStringLiteral("tls_skip_verify true (from %1): the server's certificate is "
                                "NOT verified")
                     .arg(sources.value(QStringLiteral("tls_skip_verify")));
    else
        line("tls_skip_verify", QStringLiteral("false"));
    return lines;
}

bool isLoopbackAddress(const QString &address)
{
    QString host = QUrl(address).host();
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    const QHostAddress ip(host);
    return !ip.isNull() && ip.isLoopback();
}

} // namespace vw
