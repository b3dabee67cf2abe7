// The configuration files of a local target's processes (`vault-workbench target up`,
// docs/local-targets.md), as text: an OpenBao server config (HCL) per node, the dev server's
// extra config, and the load balancer's config (nginx or haproxy, each started as the same
// user with its PID file, log and temporary files in the state directory). Pure functions:
// no files written, no processes started (core/localtarget/localtarget.h does that).
#pragma once

#include <QString>
#include <QStringList>

namespace vw {

/// What `target up` was asked for.
struct LocalTargetOptions {
    QString topology = QStringLiteral("dev");   ///< "dev", "raft" or "cluster"
    int nodes = 3;                              ///< cluster only: 2..9
    QString loadBalancer;                       ///< "", "nginx" or "haproxy" (cluster only)
    bool tls = false;                           ///< raft and cluster: listeners with TLS
    QString audit = QStringLiteral("none");     ///< "none", "file" or "file-raw"
    bool telemetry = false;                     ///< telemetry stanza (Prometheus retention)
    QString stateDir;                           ///< empty: defaultLocalTargetDir()

    /// The problem with these options ("--nodes must be 2..9 for a cluster"), empty if none.
    QString problem() const;
    /// Number of bao nodes: 1 for dev and raft, `nodes` for a cluster.
    int baoNodeCount() const;
    /// The names `target up` gives the nodes (what `--addr <name>` and a study's target
    /// `addr` may name): "dev"; "leader"; "leader", "standby-1", ... and "lb" with a
    /// load balancer.
    QStringList nodeNames() const;
};

/// One bao node's listener and files, for baoNodeConfig().
struct BaoNodeFiles {
    QString nodeId;          ///< "node-1"
    int apiPort = 0;         ///< 127.0.0.1:apiPort
    int clusterPort = 0;     ///< 127.0.0.1:clusterPort (raft and request forwarding)
    QString dataDir;         ///< raft storage path (absolute)
    QString certFile, keyFile;   ///< TLS listener (empty: tls_disable)
    QString auditFile;       ///< audit log path (used when options.audit != "none")
};

/// The HCL of a raft node: raft storage, a loopback TCP listener, api_addr, cluster_addr,
/// disable_mlock, and as asked the telemetry stanza (prometheus_retention_time = "60s",
/// disable_hostname = true) and a declarative file audit device (OpenBao enables audit
/// devices from the config only; `file-raw` sets log_raw).
QString baoNodeConfig(const LocalTargetOptions &options, const BaoNodeFiles &node);

/// The extra -config file of a dev server (telemetry and audit stanzas only; the dev flags
/// give the listener). Empty when neither is asked.
QString baoDevExtraConfig(const LocalTargetOptions &options, const QString &auditFile);

/// The load balancer's config: listens on 127.0.0.1:`port`, round-robin over `backends`
/// ("127.0.0.1:8201", ...), HTTP keep-alive to the backends; with `tls` it terminates TLS
/// with `certFile`/`keyFile` and re-encrypts to the nodes (verifying them with `caFile`).
/// `dir` holds its PID file, error log and temporary files. nginx: `nginx -c FILE`
/// (daemon off); haproxy: `haproxy -db -f FILE`.
struct BalancerFiles {
    int port = 0;
    QStringList backends;
    QString dir;
    bool tls = false;
    QString certFile, keyFile, caFile;
    QString user;   ///< nginx started as root: its workers run as this user (not nobody)
};
QString nginxConfig(const BalancerFiles &b);
QString haproxyConfig(const BalancerFiles &b);

} // namespace vw
