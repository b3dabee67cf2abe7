// What `vault-workbench target up` started on this machine (core/localtarget/), as it is kept
// in its state directory: the nodes with their names, addresses and PIDs, and where their
// config, logs, TLS files and secrets are. Reading it needs no network, so `run --addr
// leader` (core/vault/targetresolver.h), `target status|env|down` and a workbench that
// crashed after `target up` all start from the directory alone (docs/local-targets.md).
//
// Layout of the state directory (mode 0700):
//   target.json        this state (no secrets)
//   root-token         the target's root token, mode 0600, never printed but by `target env`
//   unseal-keys.json   raft targets: the unseal key(s), mode 0600
//   <node>/            per node: its config, log, raft data (and TLS certificate and key)
//   tls/ca.pem         --tls: the CA certificate (its key is not kept)
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace vw {

/// One process of a local target.
struct LocalTargetNode {
    QString name; ///< "dev", "leader", "standby-1", "standby-2", ..., "lb"
    /// "bao", "nginx", "haproxy", or a service: "postgres", "mariadb", "redis", "slapd"
    QString kind;
    QString address; ///< scheme://127.0.0.1:port
    QString nodeId; ///< raft node_id ("node-1"); empty for dev and the balancer
    qint64 pid = 0; ///< the process started (0 = not started)
    QString configFile; ///< absolute; its path is in the process's command line
    QString logFile; ///< absolute: the process's stdout and stderr
    /// A service (`target up --with postgres`, docs/local-targets.md "Services"): its admin
    /// user and the 0600 file holding its password; empty for bao nodes and the balancer.
    QString user{};
    QString secretFile{};

    bool isBao() const { return kind == QLatin1String("bao"); }
    /// A database or directory beside the target (not a Vault node, not the balancer).
    bool isService() const
    {
        return kind == QLatin1String("postgres") || kind == QLatin1String("mariadb")
               || kind == QLatin1String("redis") || kind == QLatin1String("slapd");
    }
};

struct LocalTargetState {
    QString dir; ///< the state directory (absolute)
    QString topology; ///< "dev", "raft" or "cluster"
    QString loadBalancer; ///< "", "nginx" or "haproxy"
    QString lbRoute; ///< with a balancer: "active" or "any" (target up --lb-route)
    bool tls = false;
    bool telemetry = false;
    QString audit = QStringLiteral("none"); ///< "none", "file" or "file-raw"
    QString caFile; ///< --tls: <dir>/tls/ca.pem, else empty
    QString baoBinary; ///< the bao executable that was started
    QString startedAt; ///< ISO 8601 UTC
    /// bao nodes first (leader first), then the balancer, then the services
    QList<LocalTargetNode> nodes;

    /// The node named `name`, null when there is none.
    const LocalTargetNode *node(const QString &name) const;
    /// The bao nodes' addresses (leader first).
    QStringList baoAddresses() const;
    QString tokenFile() const; ///< <dir>/root-token
    QString unsealKeysFile() const; ///< <dir>/unseal-keys.json
    QString stateFile() const; ///< <dir>/target.json
};

/// The state directory: $VW_TARGET_DIR, else $XDG_STATE_HOME/vault-workbench/target, else
/// ~/.local/state/vault-workbench/target. `env` reads an environment variable (empty when
/// unset).
QString defaultLocalTargetDir(const std::function<QString(const char *)> &env);
/// The same with the process's environment.
QString defaultLocalTargetDir();

/// Reads <dir>/target.json. false + *error ("no local target in DIR (target up starts
/// one)", or what is wrong with the file).
bool readLocalTargetState(const QString &dir, LocalTargetState *state, QString *error);
/// Writes <dir>/target.json atomically and durably (util/atomicfile.h; the directory must
/// exist); *error names the path and the OS reason.
bool writeLocalTargetState(const LocalTargetState &state, QString *error);
/// Writes `data` to `path` with mode 0600 from the start (never readable by others),
/// atomically and durably (util/atomicfile.h).
bool writePrivateFile(const QString &path, const QByteArray &data, QString *error);
/// The root token of the local target in `dir` (<dir>/root-token, trimmed); empty + *error.
QByteArray readLocalTargetToken(const QString &dir, QString *error);

/// True when `text` can name a node of a local target: a lower-case word with digits and
/// '-' ("leader", "standby-1", "lb"), nothing URL-like.
bool isLocalTargetName(const QString &text);

/// True when process `pid` is alive (not a zombie) and its command line (/proc/<pid>/cmdline)
/// contains `needle` (a node's config file path): the PID still belongs to the process
/// `target up` started, not to a process that reused the number. An empty command line
/// (a process in the middle of exec) is read again for up to 200 ms.
bool isLocalTargetProcess(qint64 pid, const QString &needle);

/// The PID of the local target's node named `name` (in `dir`, default
/// defaultLocalTargetDir()), 0 when there is no such node or its process is gone. For
/// reading /proc/<pid> of the server a run targets.
qint64 localTargetPid(const QString &name, const QString &dir = QString());

} // namespace vw
