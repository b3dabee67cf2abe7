#include "localtarget/localtargetconfig.h"

namespace vw {

namespace {

/// An HCL string literal.
QString hcl(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

QString telemetryStanza()
{
    return QStringLiteral("telemetry {\n"
                          "  prometheus_retention_time = \"60s\"\n"
                          "  disable_hostname = true\n"
                          "}\n");
}

QString auditStanza(const QString &audit, const QString &file)
{
    QString s = QStringLiteral("audit \"file\" \"vwb-audit\" {\n  options {\n    file_path = %1\n")
                    .arg(hcl(file));
    if (audit == QLatin1String("file-raw"))
        s += QStringLiteral("    log_raw = \"true\"\n");
    return s + QStringLiteral("  }\n}\n");
}

} // namespace

QString LocalTargetOptions::problem() const
{
    static const QStringList topologies{QStringLiteral("dev"), QStringLiteral("raft"),
                                        QStringLiteral("cluster")};
    if (!topologies.contains(topology))
        return QStringLiteral("unknown target \"%1\" (dev, raft or cluster)").arg(topology);
    if (topology == QLatin1String("cluster") && (nodes < 2 || nodes > 9))
        return QStringLiteral("--nodes must be 2..9 for a cluster (got %1)").arg(nodes);
    if (!loadBalancer.isEmpty() && loadBalancer != QLatin1String("nginx")
        && loadBalancer != QLatin1String("haproxy"))
        return QStringLiteral("--lb must be nginx or haproxy (got \"%1\")").arg(loadBalancer);
    if (!loadBalancer.isEmpty() && topology != QLatin1String("cluster"))
        return QStringLiteral("--lb needs a cluster (target up cluster --lb %1)").arg(loadBalancer);
    if (!lbRoute.isEmpty() && lbRoute != QLatin1String("active") && lbRoute != QLatin1String("any"))
        return QStringLiteral("--lb-route must be active or any (got \"%1\")").arg(lbRoute);
    if (!lbRoute.isEmpty() && loadBalancer.isEmpty())
        return QStringLiteral("--lb-route needs a load balancer (--lb nginx|haproxy)");
    if (tls && topology == QLatin1String("dev"))
        return QStringLiteral("--tls needs raft or cluster (the dev server listens on plain "
                              "http)");
    if (audit != QLatin1String("none") && audit != QLatin1String("file")
        && audit != QLatin1String("file-raw"))
        return QStringLiteral("--audit must be none, file or file-raw (got \"%1\")").arg(audit);
    if (ldapUsers < 1 || ldapUsers > 100000)
        return QStringLiteral("--ldap-users must be 1..100000 (got %1)").arg(ldapUsers);
    for (const QString &s : services)
        if (!knownServices().contains(s))
            return QStringLiteral("--with: unknown service \"%1\" (%2)")
                .arg(s, knownServices().join(QStringLiteral(", ")));
    return QString();
}

QStringList LocalTargetOptions::knownServices()
{
    return {QStringLiteral("postgres"), QStringLiteral("mariadb"), QStringLiteral("redis"),
            QStringLiteral("slapd")};
}

QString LocalTargetOptions::effectiveLbRoute() const
{
    return lbRoute.isEmpty() ? QStringLiteral("any") : lbRoute;
}

int LocalTargetOptions::baoNodeCount() const
{
    return topology == QLatin1String("cluster") ? nodes : 1;
}

QStringList LocalTargetOptions::nodeNames() const
{
    if (topology == QLatin1String("dev"))
        return {QStringLiteral("dev")};
    QStringList out{QStringLiteral("leader")};
    for (int i = 1; i < baoNodeCount(); ++i)
        out << QStringLiteral("standby-%1").arg(i);
    if (!loadBalancer.isEmpty())
        out << QStringLiteral("lb");
    return out;
}

QString baoNodeConfig(const LocalTargetOptions &options, const BaoNodeFiles &node)
{
    const QString scheme =
        node.certFile.isEmpty() ? QStringLiteral("http") : QStringLiteral("https");
    QString s = QStringLiteral("# written by vault-workbench target up\n"
                               "storage \"raft\" {\n  path = %1\n  node_id = %2\n}\n")
                    .arg(hcl(node.dataDir), hcl(node.nodeId));
    s += QStringLiteral("listener \"tcp\" {\n  address = \"127.0.0.1:%1\"\n"
                        "  cluster_address = \"127.0.0.1:%2\"\n")
             .arg(node.apiPort)
             .arg(node.clusterPort);
    if (node.certFile.isEmpty())
        s += QStringLiteral("  tls_disable = true\n");
    else
        s += QStringLiteral("  tls_cert_file = %1\n  tls_key_file = %2\n")
                 .arg(hcl(node.certFile), hcl(node.keyFile));
    s += QStringLiteral("}\n");
    s += QStringLiteral("api_addr = \"%1://127.0.0.1:%2\"\n"
                        "cluster_addr = \"https://127.0.0.1:%3\"\n"
                        "disable_mlock = true\n")
             .arg(scheme)
             .arg(node.apiPort)
             .arg(node.clusterPort);
    if (options.telemetry)
        s += telemetryStanza();
    if (options.audit != QLatin1String("none"))
        s += auditStanza(options.audit, node.auditFile);
    return s;
}

QString baoDevExtraConfig(const LocalTargetOptions &options, const QString &auditFile)
{
    QString s;
    if (options.telemetry)
        s += telemetryStanza();
    if (options.audit != QLatin1String("none"))
        s += auditStanza(options.audit, auditFile);
    return s;
}

QString nginxConfig(const BalancerFiles &b)
{
    // Passive failure detection only (open-source nginx): see localtargetconfig.h.
    QString servers;
    for (qsizetype i = 0; i < b.backends.size(); ++i)
        servers += QStringLiteral("    server %1 max_fails=1 fail_timeout=%2s%3;\n")
                       .arg(b.backends.at(i))
                       .arg(kNginxFailTimeoutS)
                       .arg(b.activeOnly && i > 0 ? QStringLiteral(" backup") : QString());
    const QString d = b.dir;
    QString s = QStringLiteral("# written by vault-workbench target up\n"
                               "%3"
                               "daemon off;\n"
                               "worker_processes 1;\n"
                               "pid %1/nginx.pid;\n"
                               "error_log %1/error.log warn;\n"
                               "events { worker_connections 4096; }\n"
                               "http {\n"
                               "  access_log off;\n"
                               "  client_body_temp_path %1/tmp/body;\n"
                               "  proxy_temp_path %1/tmp/proxy;\n"
                               "  fastcgi_temp_path %1/tmp/fastcgi;\n"
                               "  uwsgi_temp_path %1/tmp/uwsgi;\n"
                               "  scgi_temp_path %1/tmp/scgi;\n"
                               "  upstream vault_nodes {\n%2    keepalive 256;\n  }\n"
                               "  server {\n")
                    .arg(d, servers,
                         b.user.isEmpty() ? QString() : QStringLiteral("user %1;\n").arg(b.user));
    if (b.tls)
        s += QStringLiteral("    listen 127.0.0.1:%1 ssl;\n"
                            "    ssl_certificate %2;\n    ssl_certificate_key %3;\n"
                            "    location / {\n      proxy_pass https://vault_nodes;\n"
                            "      proxy_ssl_trusted_certificate %4;\n"
                            "      proxy_ssl_verify on;\n      proxy_ssl_name 127.0.0.1;\n"
                            "      proxy_ssl_session_reuse on;\n")
                 .arg(b.port)
                 .arg(b.certFile, b.keyFile, b.caFile);
    else
        s += QStringLiteral("    listen 127.0.0.1:%1;\n"
                            "    location / {\n      proxy_pass http://vault_nodes;\n")
                 .arg(b.port);
    s += QStringLiteral("      proxy_http_version 1.1;\n"
                        "      proxy_set_header Connection \"\";\n"
                        "      proxy_set_header Host $host;\n"
                        "      proxy_set_header X-Forwarded-For $remote_addr;\n"
                        "      proxy_read_timeout 60s;\n"
                        "      proxy_connect_timeout 2s;\n"
                        "      proxy_next_upstream error timeout http_502 http_503;\n"
                        "      proxy_next_upstream_tries 3;\n"
                        "      proxy_next_upstream_timeout 5s;\n"
                        "      client_max_body_size 32m;\n"
                        // A body nginx spools to a temp file (over the 8-16 KiB default) is
                        // sent upstream in a second write that waits out the backend's delayed
                        // ACK: 44 ms per 30 KiB transit request (22.8/s at 1 VU vs 1093/s).
                        "      client_body_buffer_size 32m;\n"
                        "    }\n  }\n}\n");
    return s;
}

QString haproxyConfig(const BalancerFiles &b)
{
    // Active health checks, redispatch and retries: see localtargetconfig.h.
    QString s = QStringLiteral("# written by vault-workbench target up\n"
                               "global\n  pidfile %1/haproxy.pid\n  maxconn 8192\n"
                               "defaults\n  mode http\n  timeout connect 2s\n"
                               "  timeout client 60s\n  timeout server 60s\n"
                               "  timeout check 2s\n"
                               "  option http-keep-alive\n"
                               "  option redispatch\n  retries 3\n"
                               "frontend vault\n")
                    .arg(b.dir);
    if (b.tls)
        s += QStringLiteral("  bind 127.0.0.1:%1 ssl crt %2\n").arg(b.port).arg(b.certFile);
    else
        s += QStringLiteral("  bind 127.0.0.1:%1\n").arg(b.port);
    s += QStringLiteral("  default_backend nodes\nbackend nodes\n  balance roundrobin\n");
    // sys/health: 200 active; 429 standby (200 with standbyok); 503 sealed; 501 not
    // initialised. The check carries no token.
    s += QStringLiteral("  option httpchk GET /v1/sys/health%1\n"
                        "  http-check expect status 200\n"
                        "  default-server check inter %2 fall 2 rise 2 "
                        "on-marked-down shutdown-sessions\n")
             .arg(b.activeOnly ? QString() : QStringLiteral("?standbyok=true&perfstandbyok=true"))
             .arg(kHaproxyCheckInterMs);
    int i = 0;
    for (const QString &backend : b.backends) {
        ++i;
        s += QStringLiteral("  server node-%1 %2").arg(i).arg(backend);
        if (b.tls) // the health check goes over the same TLS, verified the same way
            s += QStringLiteral(" ssl verify required ca-file %1").arg(b.caFile);
        s += QLatin1Char('\n');
    }
    return s;
}

} // namespace vw
