#include "targetcommand.h"

#include "cli.h"
#include "localtarget/localtarget.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QUrl>

namespace vw::cli {

namespace {

/// Prints each node's status; false when a node's process is gone (the target is not up).
bool printStatus(const LocalTargetState &state)
{
    printOut(
        QStringLiteral("local target: %1%2%3, started %4, state %5\n")
            .arg(state.topology,
                 state.loadBalancer.isEmpty()
                     ? QString()
                     : QStringLiteral(" + %1 (route %2)")
                           .arg(state.loadBalancer,
                                state.lbRoute.isEmpty() ? QStringLiteral("any") : state.lbRoute),
                 state.tls ? QStringLiteral(", TLS") : QString(), state.startedAt, state.dir));
    printOut(QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                 .arg(QStringLiteral("name"), -10)
                 .arg(QStringLiteral("kind"), -8)
                 .arg(QStringLiteral("address"), -24)
                 .arg(QStringLiteral("pid"), -8)
                 .arg(QStringLiteral("role"), -12)
                 .arg(QStringLiteral("raft"), -12)
                 .arg(QStringLiteral("version")));
    bool allAlive = true;
    for (const LocalTargetNodeStatus &s : localTargetStatus(state)) {
        allAlive = allAlive && s.alive;
        printOut(QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                     .arg(s.node.name, -10)
                     .arg(s.node.kind, -8)
                     .arg(s.node.address, -24)
                     .arg(s.alive ? QString::number(s.node.pid)
                                  : QStringLiteral("%1 (gone)").arg(s.node.pid),
                          -8)
                     .arg(s.role, -12)
                     .arg(s.raft.isEmpty() ? QStringLiteral("-") : s.raft, -12)
                     .arg(s.version.isEmpty() ? QStringLiteral("-") : s.version));
    }
    if (!allAlive)
        printErr(QStringLiteral("error: a process of the local target is gone; `vault-workbench "
                                "target down` stops the rest, then `target up` starts it again\n"));
    return allAlive;
}

/// `target env` of a MariaDB or Redis service (docs/local-targets.md "Services"): its URL
/// without the password, the 0600 password file, and for MariaDB the client option file
/// (`mariadb --defaults-extra-file=$VW_MARIADB_DEFAULTS_FILE` logs in) or for Redis the
/// host, port and user (`redis-cli --user $VW_REDIS_USER --askpass`).
void printServiceEnv(const LocalTargetNode &s)
{
    const QUrl url(s.address);
    const QString svcDir = QFileInfo(s.secretFile).absolutePath();
    const QString prefix = s.kind == QLatin1String("mariadb") ? QStringLiteral("VW_MARIADB")
                                                              : QStringLiteral("VW_REDIS");
    const QString scheme =
        s.kind == QLatin1String("mariadb") ? QStringLiteral("mysql") : QStringLiteral("redis");
    printOut(QStringLiteral("export %1_HOST=%2 %1_PORT=%3 %1_USER=%4\n")
                 .arg(prefix, url.host())
                 .arg(url.port())
                 .arg(shellQuoted(s.user)));
    printOut(QStringLiteral("export %1_URL=%2\n")
                 .arg(prefix, shellQuoted(QStringLiteral("%1://%2@%3:%4")
                                              .arg(scheme, s.user, url.host())
                                              .arg(url.port()))));
    printOut(QStringLiteral("export %1_PASSWORD_FILE=%2\n").arg(prefix, shellQuoted(s.secretFile)));
    if (s.kind == QLatin1String("mariadb"))
        printOut(QStringLiteral("export VW_MARIADB_DEFAULTS_FILE=%1\n")
                     .arg(shellQuoted(svcDir + QStringLiteral("/my.cnf"))));
}

} // namespace

CommandHelp targetHelp()
{
    return {
        QStringLiteral("target"),
        QStringLiteral(
            "  vault-workbench target up dev|raft|cluster [--nodes 3] [--lb nginx|haproxy]\n"
            "                  [--lb-route active|any] [--tls] [--audit none|file|file-raw]\n"
            "                  [--telemetry] [--with postgres,mariadb,redis,slapd]\n"
            "                  [--ldap-users N] [--state-dir DIR]\n"
            "  vault-workbench target status|env|down [--state-dir DIR]\n"),
        QStringLiteral(
            "target: OpenBao on this machine's loopback, for benchmarks (docs/local-targets.md).\n"
            "  target up dev|raft|cluster [--nodes 3] [--lb nginx|haproxy]\n"
            "            [--lb-route active|any] [--tls] [--audit none|file|file-raw]\n"
            "            [--telemetry] [--with postgres,mariadb,redis,slapd] [--ldap-users N]\n"
            "            [--state-dir DIR]\n"
            "                starts a dev server (node \"dev\"), one raft node (\"leader\") or a\n"
            "                raft cluster (\"leader\", \"standby-1\", ...; init, unseal, join;\n"
            "                up once every node is a raft voter), with a load balancer (\"lb\")\n"
            "                health-checking the nodes (--lb-route active: the active node only;\n"
            "                any, the default: every unsealed node) and TLS from a CA made here;\n"
            "                --with postgres: PostgreSQL (\"postgres\") on loopback, its own data\n"
            "                directory and a generated admin password (0600), for the "
            "db_postgres_*\n"
            "                operations (`connection: postgres`); --with mariadb and --with redis\n"
            "                the same for db_mysql_creds (`connection: mariadb`) and db_redis_*\n"
            "                (`connection: redis`); --with slapd: OpenLDAP's slapd\n"
            "                (\"slapd\") on loopback, base dc=vwb,dc=test seeded with\n"
            "                --ldap-users N users (default 100), passwords in 0600 files, for\n"
            "                ldap_login (`connection: slapd`)\n"
            "  target status   each node: name, address, PID, role (active/standby), raft\n"
            "                membership (leader/voter/non-voter), version\n"
            "  target env [--node NAME]   prints export VAULT_ADDR=... VAULT_TOKEN=... (and\n"
            "                VAULT_CACERT with TLS) for the node (default: leader or dev), and\n"
            "                each service's settings (PGHOST, PGPORT, PGUSER, PGPASSFILE, ...;\n"
            "                VW_MARIADB_URL, VW_REDIS_URL, ..._PASSWORD_FILE; slapd: LDAPURI,\n"
            "                LDAPBASE, LDAPBINDDN, VW_LDAP_PASSWORD_FILE; no password)\n"
            "  target down     stops every process it started (by PID) and removes the state\n"
            "  The state (config, logs, PIDs, the root token and unseal key, mode 0600) is in\n"
            "  --state-dir, else $VW_TARGET_DIR, else ~/.local/state/vault-workbench/target.\n"
            "  run --addr leader (or standby-1, lb, dev) targets a node by its name.\n")};
}

int targetCommand(const QStringList &args)
{
    CommandLine cl(targetHelp());
    const QCommandLineOption nodes(QStringLiteral("nodes"), QStringLiteral("cluster size"),
                                   QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption lb(QStringLiteral("lb"), QStringLiteral("nginx or haproxy"),
                                QStringLiteral("NAME"));
    const QCommandLineOption lbRoute(QStringLiteral("lb-route"), QStringLiteral("active or any"),
                                     QStringLiteral("ROUTE"));
    const QCommandLineOption tls(QStringLiteral("tls"), QStringLiteral("TLS listeners"));
    const QCommandLineOption audit(QStringLiteral("audit"), QStringLiteral("none, file, file-raw"),
                                   QStringLiteral("KIND"), QStringLiteral("none"));
    const QCommandLineOption telemetry(QStringLiteral("telemetry"),
                                       QStringLiteral("telemetry stanza"));
    const QCommandLineOption stateDir(QStringLiteral("state-dir"), QStringLiteral("state"),
                                      QStringLiteral("DIR"));
    const QCommandLineOption node(QStringLiteral("node"), QStringLiteral("env: node name"),
                                  QStringLiteral("NAME"));
    const QCommandLineOption with(
        QStringLiteral("with"),
        QStringLiteral("services, comma-separated: postgres, mariadb, redis, slapd"),
        QStringLiteral("SERVICES"));
    const QCommandLineOption ldapUsers(QStringLiteral("ldap-users"),
                                       QStringLiteral("slapd: users seeded"), QStringLiteral("N"),
                                       QStringLiteral("100"));
    cl.addOptions({nodes, lb, lbRoute, tls, audit, telemetry, stateDir, node, with, ldapUsers});
    if (const std::optional<int> done = cl.parse(args, 0, -1))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList pos = cl.positional();
    if (pos.isEmpty()) { // no action: what the actions are, as an error
        cl.printHelp(true);
        return ExitUsage;
    }
    const QString action = pos.first();
    const QString dir = p.isSet(stateDir) ? p.value(stateDir) : defaultLocalTargetDir();
    auto usageError = [&cl](const QString &text) { return cl.usageError(text); };
    const int expected = action == QLatin1String("up") ? 2 : 1;
    if (pos.size() != expected)
        return usageError(action == QLatin1String("up")
                              ? QStringLiteral("up takes one of dev, raft, cluster")
                              : QStringLiteral("%1 takes no arguments").arg(action));
    auto progress = [](const QString &line) { printErr(line + QLatin1Char('\n')); };

    if (action == QLatin1String("up")) {
        LocalTargetOptions o;
        o.topology = pos.at(1);
        bool numberOk = false;
        o.nodes = p.value(nodes).toInt(&numberOk);
        if (!numberOk)
            return usageError(QStringLiteral("--nodes must be a number"));
        if (p.isSet(nodes) && o.topology != QLatin1String("cluster"))
            return usageError(QStringLiteral("--nodes is for a cluster"));
        o.loadBalancer = p.value(lb);
        o.lbRoute = p.value(lbRoute);
        o.tls = p.isSet(tls);
        o.audit = p.value(audit);
        o.telemetry = p.isSet(telemetry);
        o.stateDir = dir;
        for (const QString &v : p.values(with))
            for (const QString &service : v.split(QLatin1Char(','), Qt::SkipEmptyParts))
                if (!o.services.contains(service.trimmed()))
                    o.services << service.trimmed();
        o.ldapUsers = p.value(ldapUsers).toInt(&numberOk);
        if (!numberOk)
            return usageError(QStringLiteral("--ldap-users must be a number"));
        if (p.isSet(ldapUsers) && !o.services.contains(QStringLiteral("slapd")))
            return usageError(QStringLiteral("--ldap-users is for --with slapd"));
        if (const QString problem = o.problem(); !problem.isEmpty())
            return usageError(problem);
        LocalTargetState state;
        QString error;
        if (!startLocalTarget(o, progress, &state, &error)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitSetup;
        }
        printStatus(state);
        printOut(QStringLiteral("run --addr %1 targets it; `vault-workbench target env` prints "
                                "its VAULT_ADDR and VAULT_TOKEN\n")
                     .arg(state.nodes.first().name));
        return ExitOk;
    }
    LocalTargetState state;
    QString error;
    if (action == QLatin1String("down")) {
        if (!stopLocalTarget(dir, progress, &error)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitSetup;
        }
        return ExitOk;
    }
    if (action != QLatin1String("status") && action != QLatin1String("env"))
        return usageError(
            QStringLiteral("unknown action \"%1\" (up, status, env, down)").arg(action));
    if (!readLocalTargetState(dir, &state, &error)) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitSetup;
    }
    if (action == QLatin1String("status"))
        return printStatus(state) ? ExitOk : ExitFailed;
    const QString name = p.isSet(node) ? p.value(node) : state.nodes.value(0).name;
    const LocalTargetNode *n = state.node(name);
    if (!n)
        return usageError(QStringLiteral("the local target has no node \"%1\"").arg(name));
    const QByteArray token = readLocalTargetToken(dir, &error);
    if (token.isEmpty()) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitSetup;
    }
    printOut(QStringLiteral("export VAULT_ADDR=%1\n").arg(shellQuoted(n->address)));
    printOut(
        QStringLiteral("export VAULT_TOKEN=%1\n").arg(shellQuoted(QString::fromLatin1(token))));
    if (state.tls)
        printOut(QStringLiteral("export VAULT_CACERT=%1\n").arg(shellQuoted(state.caFile)));
    // Each service's connection settings: libpq's variables (psql works as is; the password
    // is in the 0600 pgpass file, never printed) and the URL a profile may name instead of
    // `connection: postgres` (docs/local-targets.md "Services").
    for (const LocalTargetNode &s : std::as_const(state.nodes)) {
        if (s.kind == QLatin1String("mariadb") || s.kind == QLatin1String("redis")) {
            printServiceEnv(s);
        }
        if (s.kind == QLatin1String("slapd")) {
            // ldap-utils' variables (ldapsearch -x -y "$VW_LDAP_PASSWORD_FILE" works as is);
            // the users' passwords are in users-passwords beside it.
            const QUrl url(s.address);
            printOut(QStringLiteral("export LDAPURI=%1 LDAPBASE=%2 LDAPBINDDN=%3\n")
                         .arg(shellQuoted(
                                  QStringLiteral("ldap://%1:%2").arg(url.host()).arg(url.port())),
                              shellQuoted(url.path().mid(1)), shellQuoted(s.user)));
            printOut(QStringLiteral("export VW_LDAP_URL=%1 VW_LDAP_BIND_DN=%2\n")
                         .arg(shellQuoted(s.address), shellQuoted(s.user)));
            printOut(QStringLiteral("export VW_LDAP_PASSWORD_FILE=%1 VW_LDAP_USERS_FILE=%2\n")
                         .arg(shellQuoted(s.secretFile),
                              shellQuoted(QFileInfo(s.secretFile).absolutePath()
                                          + QStringLiteral("/users-passwords"))));
            continue;
        }
        if (s.kind != QLatin1String("postgres"))
            continue;
        const QUrl url(s.address);
        const QString svcDir = QFileInfo(s.secretFile).absolutePath();
        printOut(QStringLiteral("export PGHOST=%1 PGPORT=%2 PGUSER=%3 PGDATABASE=%4\n")
                     .arg(url.host())
                     .arg(url.port())
                     .arg(shellQuoted(s.user), shellQuoted(url.path().mid(1))));
        printOut(QStringLiteral("export PGPASSFILE=%1\n")
                     .arg(shellQuoted(svcDir + QStringLiteral("/pgpass"))));
        printOut(QStringLiteral("export VW_POSTGRES_URL=%1\n")
                     .arg(shellQuoted(QStringLiteral("postgresql://%1@%2:%3%4")
                                          .arg(s.user, url.host())
                                          .arg(url.port())
                                          .arg(url.path()))));
        printOut(
            QStringLiteral("export VW_POSTGRES_PASSWORD_FILE=%1\n").arg(shellQuoted(s.secretFile)));
    }
    return ExitOk;
}

} // namespace vw::cli
