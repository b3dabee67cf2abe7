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
    QString topology = QStringLiteral("dev"); ///< "dev", "raft" or "cluster"
    int nodes = 3; ///< cluster only: 2..9
    QString loadBalancer; ///< "", "nginx" or "haproxy" (cluster only)
    /// With a balancer, where it sends requests (`--lb-route`; docs/local-targets.md, "Load
    /// balancers and failover"): "any" every unsealed node (standbys serve reads and forward
    /// writes), "active" the active node only. Empty: "any".
    QString lbRoute;
    bool tls = false; ///< raft and cluster: listeners with TLS
    QString audit = QStringLiteral("none"); ///< "none", "file" or "file-raw"
    bool telemetry = false; ///< telemetry stanza (Prometheus retention)
    QString stateDir; ///< empty: defaultLocalTargetDir()
    /// Services started beside the target (`--with postgres,mariadb,redis`; docs/local-targets.md
    /// "Services"), each from its Debian package on loopback under the state directory.
    QStringList services;
    /// `--with slapd`: users seeded under ou=users (`--ldap-users`, 1..100000;
    /// core/localtarget/slapd.h).
    int ldapUsers = 100;

    /// lbRoute, or "any" when it is empty.
    QString effectiveLbRoute() const;
    /// The services `--with` may name: "postgres", "mariadb", "redis", "slapd" (they start
    /// in the order given).
    static QStringList knownServices();
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
    QString nodeId; ///< "node-1"
    int apiPort = 0; ///< 127.0.0.1:apiPort
    int clusterPort = 0; ///< 127.0.0.1:clusterPort (raft and request forwarding)
    QString dataDir; ///< raft storage path (absolute)
    QString certFile, keyFile; ///< TLS listener (empty: tls_disable)
    QString auditFile; ///< audit log path (used when options.audit != "none")
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
/// ("127.0.0.1:8201", ...; the active node first), HTTP keep-alive to the backends; with
/// `tls` it terminates TLS with `certFile`/`keyFile` and re-encrypts to the nodes (verifying
/// them with `caFile`). `dir` holds its PID file, error log and temporary files. nginx:
/// `nginx -c FILE` (daemon off); haproxy: `haproxy -db -f FILE`.
/// Failover, as Vault/OpenBao are deployed behind these (docs/local-targets.md, "Load
/// balancers and failover"):
/// - haproxy checks every node actively (`option httpchk GET /v1/sys/health`, every
///   kHaproxyCheckInterMs, down after 2 failed checks, up after 2 good ones; "active": only
///   200 = the active node passes; "any": `?standbyok=true` so standbys pass too), closes
///   the sessions of a node marked down, and re-sends a request whose connection failed to
///   another node (`option redispatch`, `retries 3`).
/// - nginx (open source) has no active checks: a node that fails a request (connection
///   error, timeout, 502/503) is skipped for kNginxFailTimeoutS s (`max_fails=1
///   fail_timeout=...`) and the request goes to the next node (`proxy_next_upstream error
///   timeout http_502 http_503`, at most 3 tries within 5 s; a POST only when it was not sent
///   yet). "active": the first backend (the node active at `target up`) is the only primary,
///   the others are `backup` servers used while it fails; "any": all are primaries.
constexpr int kHaproxyCheckInterMs = 1000;
constexpr int kNginxFailTimeoutS = 2;
struct BalancerFiles {
    int port = 0;
    QStringList backends;
    bool activeOnly = false; ///< --lb-route active (see above)
    QString dir;
    bool tls = false;
    QString certFile, keyFile, caFile;
    QString user; ///< nginx started as root: its workers run as this user (not nobody)
};
QString nginxConfig(const BalancerFiles &b);
QString haproxyConfig(const BalancerFiles &b);

} // namespace vw
