// The effective target of a run, decided as the Vault CLI decides it: a command-line flag,
// then the environment (VAULT_*, then BAO_*), then the profile's `target:`, then the default.
// One resolver for the command line (`run`, `cleanup`) and the GUI; it records where each
// setting came from, which `run` prints and the session keeps (docs/profile-format.md,
// "Target"; docs/session-format.md, `target.sources`). No network traffic here.
#pragma once

#include "vault/targetspec.h"
#include "vault/targettopology.h"

#include <QMap>
#include <QStringList>
#include <functional>
#include <optional>

namespace vw {

/// What the command line (or the GUI) says; nullopt = not given. The flags are named as
/// the Vault CLI names them.
struct TargetFlags {
    std::optional<QString> address; ///< --addr
    std::optional<QString> vaultNamespace; ///< --namespace
    std::optional<QString> caFile; ///< --ca-cert
    std::optional<QString> caPath; ///< --ca-path
    std::optional<QString> clientCert; ///< --client-cert
    std::optional<QString> clientKey; ///< --client-key
    std::optional<bool> tlsSkipVerify; ///< --tls-skip-verify
    std::optional<qint64> requestTimeoutMs; ///< --client-timeout, milliseconds
};

/// One setting of the target: its profile key ("address", "namespace", "ca_file", "ca_path",
/// "client_cert", "client_key", "tls_skip_verify", "request_timeout"), its flag and its
/// environment variables in the order they are asked.
struct TargetSetting {
    const char *key;
    const char *flag; ///< "--addr"
    const char *vaultEnv; ///< "VAULT_ADDR"
    const char *baoEnv; ///< "BAO_ADDR"
};
/// Every setting, in the order they are printed (address first).
const QList<TargetSetting> &targetSettings();

/// The value of an environment variable, empty when unset. The default reads the process's
/// environment (qEnvironmentVariable); tests pass their own.
using EnvironmentLookup = std::function<QString(const char *name)>;
QString processEnvironment(const char *name);

struct ResolvedTarget {
    TargetSpec target;
    /// By setting key (TargetSetting::key): "flag --addr", "env VAULT_ADDR", "profile" or
    /// "default". A profile value equal to the default is reported as "default".
    QMap<QString, QString> sources;
    /// Usage errors, each naming its source: "env VAULT_SKIP_VERIFY: ...", "flag --ca-cert:
    /// ...". A setting in error keeps the lower-precedence value.
    QStringList errors;
    /// Settings ignored, each naming its source: "env VAULT_CACERT ignored: the address
    /// http://... (from profile) is http://" (a TLS variable with an http:// address, as the
    /// Vault CLI ignores it; from a flag or the profile that is an error instead).
    QStringList warnings;
    /// The address was a local target's node name (`--addr leader`, core/vault/
    /// localtargetstate.h): its state directory and the node's name and PID (0 when the
    /// process is gone). Empty otherwise.
    QString localTargetDir;
    QString localTargetNode;
    qint64 localTargetPid = 0;
    /// The bao process that serves the address, for the server's /proc telemetry
    /// (RunOptions::serverPid): the node's own PID for a bao node; for the balancer the
    /// leader's (the active node: every request with route "active", every write and the
    /// forwarded ones with "any"). 0 when unknown or gone.
    qint64 localTargetServerPid = 0;
    /// That process's own address (the leader's for the balancer): where the server's
    /// sys/metrics is read (RunOptions::telemetryAddress), so that every reading is of the
    /// process whose /proc is read, never of whichever node the balancer picked.
    QString localTargetServerAddress;
    /// What the address is (a local target's node name only; kind empty otherwise).
    TargetTopology topology;

    bool ok() const { return errors.isEmpty(); }
    /// "http://127.0.0.1:8200 (from env VAULT_ADDR)" and one such line per setting that is
    /// not the default ("namespace ns1 (from flag --namespace)", "tls_skip_verify true (from
    /// profile): the server's certificate is NOT verified"). The first line is the address.
    QStringList describe() const;
};

/// Flags over environment over profile over default, for every setting of TargetSpec.
/// An address that is a node name of the local target (`leader`, `standby-1`, `lb`, `dev`;
/// core/vault/localtargetstate.h, state directory from $VW_TARGET_DIR or the default) becomes
/// that node's address, with the source "local target NAME (from <source>)"; with it come the
/// target's CA file (TLS, unless a CA is given) and, when `addresses` is empty, the other
/// bao nodes (so a standby's redirect is followed).
/// Checks what does not need the network: the address is http(s)://host[:port]; a boolean
/// and a duration parse (VAULT_CLIENT_TIMEOUT: seconds, or a duration such as "30s", > 0 and
/// at most 1h); a client certificate comes with its key; CA or client certificate files with
/// an http:// address are an error naming both sources.
ResolvedTarget resolveTarget(const TargetSpec &profileTarget, const TargetFlags &flags,
                             const EnvironmentLookup &env = processEnvironment);

/// The local target node an address source names: "leader" for "local target leader (from
/// flag --addr)" (the source resolveTarget() records, kept in a session's target.sources);
/// empty for any other source.
QString localTargetNodeOfSource(const QString &addressSource);

/// The label a run gets when the user gave none: the profile name, and the node or topology
/// the load goes to, so that runs of one profile against different nodes are told apart:
/// "ssh-sign @ leader", "ssh-sign @ standby-1", "ssh-sign @ lb" (a local target's node,
/// localTargetNode), "ssh-sign @ 3 nodes" (target.spread round_robin); else the profile name.
QString defaultRunLabel(const QString &profileName, const ResolvedTarget &target);

/// VAULT_CLIENT_TIMEOUT and --client-timeout: a number of seconds ("30", "2.5"), or a
/// duration ("30s", "1m"); nullopt unless > 0 and at most 1h.
std::optional<qint64> parseClientTimeoutMs(const QString &text);

/// true when the address's host is loopback: 127.0.0.0/8, ::1 or "localhost". A run to any
/// other host needs the user's confirmation (`run --yes`, the GUI's question).
bool isLoopbackAddress(const QString &address);

} // namespace vw
