#include "localtarget/slapd.h"

#include "util/childenvironment.h"
#include "vault/localtargetstate.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QUrl>

#include <ldap.h> // Debian libldap-dev

#include <sys/time.h>

#include <vector>

namespace vw {

QString findSlapdBinDir()
{
    auto holds = [](const QString &dir) {
        return QFileInfo(dir + QStringLiteral("/slapd")).isExecutable()
               && QFileInfo(dir + QStringLiteral("/slapadd")).isExecutable();
    };
    if (const QString d = qEnvironmentVariable("VW_SLAPD_BIN_DIR"); !d.isEmpty())
        return holds(d) ? d : QString();
    const QString sbin = QStringLiteral("/usr/sbin");
    return holds(sbin) ? sbin : QString();
}

QByteArray ldapSshaHash(const QByteArray &password)
{
    QByteArray salt(8, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(salt.data()), 2);
    const QByteArray digest =
        QCryptographicHash::hash(password + salt, QCryptographicHash::Sha1) + salt;
    return "{SSHA}" + digest.toBase64();
}

namespace {

QByteArray randomPassword()
{
    QByteArray random(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), 4);
    return random.toHex();
}

QString tail(const QString &path, int lines = 12)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    const QList<QByteArray> all = f.readAll().trimmed().split('\n');
    return QString::fromUtf8(all.mid(qMax<qsizetype>(0, all.size() - lines)).join('\n'));
}

bool readSecret(const QString &path, QByteArray *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error =
            QStringLiteral("cannot read the LDAP password file %1: %2").arg(path, f.errorString());
        return false;
    }
    *out = f.readAll().trimmed();
    if (out->isEmpty()) {
        *error = QStringLiteral("the LDAP password file %1 is empty").arg(path);
        return false;
    }
    return true;
}

} // namespace

bool prepareSlapd(const QString &binDir, const QString &svcDir, int port, int users,
                  LocalTargetNode *node, QStringList *args, QString *error)
{
    const QString base = ldapBaseDn();
    const QString dataDir = svcDir + QStringLiteral("/data");
    if (!QDir().mkpath(dataDir)) {
        *error = QStringLiteral("cannot create %1").arg(dataDir);
        return false;
    }
    node->name = slapdServiceName();
    node->kind = slapdServiceName();
    node->address = QStringLiteral("ldap://127.0.0.1:%1/%2").arg(port).arg(base);
    node->configFile = svcDir + QStringLiteral("/slapd.conf"); // `-f <it>` is in its argv
    node->logFile = svcDir + QStringLiteral("/slapd.log");
    node->user = QStringLiteral("cn=admin,") + base;
    node->secretFile = svcDir + QStringLiteral("/admin-password");

    // Passwords: clear in 0600 files only; the config and the seed hold salted hashes.
    const QByteArray admin = randomPassword();
    QByteArray usersText;
    QByteArray ldif = QStringLiteral("dn: %1\nobjectClass: dcObject\nobjectClass: organization\n"
                                     "o: vault-workbench\ndc: vwb\n\n"
                                     "dn: ou=users,%1\nobjectClass: organizationalUnit\n"
                                     "ou: users\n\n"
                                     "dn: ou=groups,%1\nobjectClass: organizationalUnit\n"
                                     "ou: groups\n\n")
                          .arg(base)
                          .toUtf8();
    QByteArray members;
    for (int i = 0; i < users; ++i) {
        const QByteArray uid = "user" + QByteArray::number(i);
        const QByteArray pw = randomPassword();
        usersText += uid + '\t' + pw + '\n';
        ldif += "dn: uid=" + uid + ",ou=users," + base.toUtf8()
                + "\nobjectClass: inetOrgPerson\nuid: " + uid + "\ncn: " + uid + "\nsn: " + uid
                + "\nuserPassword: " + ldapSshaHash(pw) + "\n\n";
        members += "memberUid: " + uid + '\n';
    }
    ldif += "dn: cn=bench,ou=groups," + base.toUtf8()
            + "\nobjectClass: posixGroup\ncn: bench\ngidNumber: 5000\n" + members + '\n';
    // The LDAP secrets engine's: dynamic entries are made under ou=dynamic (and deleted at
    // revocation), static roles rotate the passwords of ou=services' accounts.
    ldif +=
        "dn: ou=dynamic," + base.toUtf8() + "\nobjectClass: organizationalUnit\nou: dynamic\n\n";
    ldif +=
        "dn: ou=services," + base.toUtf8() + "\nobjectClass: organizationalUnit\nou: services\n\n";
    for (int i = 0; i < kLdapServiceAccounts; ++i) {
        const QByteArray uid = "svc" + QByteArray::number(i);
        ldif += "dn: uid=" + uid + ",ou=services," + base.toUtf8()
                + "\nobjectClass: inetOrgPerson\nuid: " + uid + "\ncn: " + uid + "\nsn: " + uid
                + "\nuserPassword: " + ldapSshaHash(randomPassword()) + "\n\n";
    }
    const QString config =
        QStringLiteral("# written by vault-workbench target up --with slapd\n"
                       "include /etc/ldap/schema/core.schema\n"
                       "include /etc/ldap/schema/cosine.schema\n"
                       "include /etc/ldap/schema/inetorgperson.schema\n"
                       "include /etc/ldap/schema/nis.schema\n"
                       "pidfile %1/slapd.pid\n"
                       "argsfile %1/slapd.args\n"
                       "modulepath /usr/lib/ldap\n"
                       "moduleload back_mdb\n"
                       "sizelimit unlimited\n"
                       "database mdb\n"
                       "maxsize 1073741824\n"
                       "suffix \"%2\"\n"
                       "rootdn \"%3\"\n"
                       "rootpw %4\n"
                       "directory %5\n"
                       "index objectClass eq\n"
                       "index uid,cn,memberUid eq\n"
                       "access to attrs=userPassword by self write by anonymous auth by * none\n"
                       "access to * by * read\n"
                       // cn=Monitor (built into Debian's slapd): connections, operations,
                       // entries, for the probe beside the server (core/ops/slapdprobe.h).
                       "database monitor\n"
                       "access to dn.subtree=\"cn=Monitor\" by dn.exact=\"%3\" read "
                       "by * none\n")
            .arg(svcDir, base, node->user, QString::fromLatin1(ldapSshaHash(admin)), dataDir);
    const QString seed = svcDir + QStringLiteral("/seed.ldif");
    // No newline: ldap-utils' -y FILE takes the whole file as the password.
    if (!writePrivateFile(node->secretFile, admin, error)
        || !writePrivateFile(svcDir + QStringLiteral("/users-passwords"), usersText, error)
        || !writePrivateFile(node->configFile, config.toUtf8(), error)
        || !writePrivateFile(seed, ldif, error) || !writePrivateFile(node->logFile, {}, error))
        return false;

    QProcess slapadd;
    slapadd.setProgram(binDir + QStringLiteral("/slapadd"));
    slapadd.setArguments(
        {QStringLiteral("-q"), QStringLiteral("-f"), node->configFile, QStringLiteral("-l"), seed});
    slapadd.setProcessEnvironment(childEnvironment());
    slapadd.setStandardInputFile(QProcess::nullDevice());
    slapadd.setStandardOutputFile(node->logFile, QIODevice::Append);
    slapadd.setStandardErrorFile(node->logFile, QIODevice::Append);
    slapadd.start();
    const bool done = slapadd.waitForFinished(120000);
    if (!done || slapadd.exitStatus() != QProcess::NormalExit || slapadd.exitCode() != 0) {
        if (!done)
            slapadd.kill();
        *error = QStringLiteral("slapd: slapadd of %1 failed; the end of %2:\n%3")
                     .arg(seed, node->logFile, tail(node->logFile));
        return false;
    }
    *args = {binDir + QStringLiteral("/slapd"),
             QStringLiteral("-d"),
             QStringLiteral("0"),
             QStringLiteral("-h"),
             QStringLiteral("ldap://127.0.0.1:%1/").arg(port),
             QStringLiteral("-f"),
             node->configFile};
    return true;
}

QString LdapConnection::display() const
{
    return QStringLiteral("%1/%2 as %3").arg(url, baseDn, bindDn);
}

bool readLdapUsersFile(const QString &path, QList<QPair<QString, QByteArray>> *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error =
            QStringLiteral("cannot read the LDAP users file %1: %2").arg(path, f.errorString());
        return false;
    }
    out->clear();
    int lineNo = 0;
    for (const QByteArray &raw : f.readAll().split('\n')) {
        ++lineNo;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const qsizetype tab = line.indexOf('\t');
        if (tab <= 0 || tab == line.size() - 1) {
            *error = QStringLiteral("%1:%2: not \"uid<TAB>password\"").arg(path).arg(lineNo);
            return false;
        }
        out->append({QString::fromUtf8(line.left(tab)), line.mid(tab + 1)});
    }
    if (out->isEmpty()) {
        *error = QStringLiteral("the LDAP users file %1 names no user").arg(path);
        return false;
    }
    return true;
}

bool resolveLdapConnection(const QString &connection, const QString &bindDn,
                           const QString &passwordFile, const QString &usersFile,
                           LdapConnection *out, QString *error, const QString &localTargetDir)
{
    LdapConnection c;
    if (connection == slapdServiceName()) {
        const QString dir = localTargetDir.isEmpty() ? defaultLocalTargetDir() : localTargetDir;
        LocalTargetState state;
        if (!readLocalTargetState(dir, &state, error))
            return false;
        const LocalTargetNode *n = state.node(slapdServiceName());
        if (!n || n->kind != slapdServiceName()) {
            *error = QStringLiteral("the local target in %1 has no slapd service (`target up dev "
                                    "--with slapd` starts one)")
                         .arg(dir);
            return false;
        }
        if (!isLocalTargetProcess(n->pid, n->configFile)) {
            *error = QStringLiteral("the local target's slapd (pid %1) is not running").arg(n->pid);
            return false;
        }
        const QUrl url(n->address);
        c.url = QStringLiteral("ldap://%1:%2").arg(url.host()).arg(url.port(389));
        c.baseDn = url.path().mid(1);
        c.bindDn = n->user;
        c.pid = n->pid;
        const QString svcDir = QFileInfo(n->secretFile).absolutePath();
        if (!readSecret(n->secretFile, &c.password, error)
            || !readLdapUsersFile(svcDir + QStringLiteral("/users-passwords"), &c.users, error))
            return false;
        *out = c;
        return true;
    }
    const QUrl url(connection, QUrl::StrictMode);
    if (!url.isValid() || url.scheme() != QLatin1String("ldap") || url.host().isEmpty()
        || url.path().size() < 2) {
        *error = QStringLiteral("connection \"%1\" is neither \"slapd\" (the local target's "
                                "service) nor ldap://HOST:PORT/BASEDN")
                     .arg(connection);
        return false;
    }
    if (bindDn.isEmpty() || passwordFile.isEmpty()) {
        *error = QStringLiteral("connection %1 needs bind_dn and password_file (its password)")
                     .arg(connection);
        return false;
    }
    c.url = QStringLiteral("ldap://%1:%2").arg(url.host()).arg(url.port(389));
    c.baseDn = url.path().mid(1);
    c.bindDn = bindDn;
    if (!readSecret(passwordFile, &c.password, error)
        || (!usersFile.isEmpty() && !readLdapUsersFile(usersFile, &c.users, error)))
        return false;
    *out = c;
    return true;
}

struct LdapClient::Impl {
    LDAP *ld = nullptr;
    void close()
    {
        if (ld)
            ldap_unbind_ext_s(ld, nullptr, nullptr);
        ld = nullptr;
    }
    ~Impl() { close(); }
};

LdapClient::LdapClient()
    : d(std::make_unique<Impl>())
{
}

LdapClient::~LdapClient() = default;

bool LdapClient::open(const QString &url, QString *error)
{
    d->close();
    const int rc = ldap_initialize(&d->ld, url.toUtf8().constData());
    if (rc != LDAP_SUCCESS || !d->ld) {
        *error = QStringLiteral("open %1: %2").arg(url, QString::fromUtf8(ldap_err2string(rc)));
        d->ld = nullptr;
        return false;
    }
    const int version = LDAP_VERSION3;
    ldap_set_option(d->ld, LDAP_OPT_PROTOCOL_VERSION, &version);
    timeval tv{5, 0};
    ldap_set_option(d->ld, LDAP_OPT_NETWORK_TIMEOUT, &tv);
    ldap_set_option(d->ld, LDAP_OPT_TIMEOUT, &tv);
    ldap_set_option(d->ld, LDAP_OPT_REFERRALS, LDAP_OPT_OFF);
    return true;
}

int LdapClient::bind(const QString &dn, const QByteArray &password, QString *error)
{
    if (!d->ld) {
        *error = QStringLiteral("not connected to LDAP");
        return LDAP_SERVER_DOWN;
    }
    QByteArray pw = password;
    berval cred{ber_len_t(pw.size()), pw.data()};
    const int rc = ldap_sasl_bind_s(d->ld, dn.isEmpty() ? nullptr : dn.toUtf8().constData(),
                                    LDAP_SASL_SIMPLE, &cred, nullptr, nullptr, nullptr);
    if (rc != LDAP_SUCCESS)
        *error = QStringLiteral("bind as %1: %2 (%3)")
                     .arg(dn.isEmpty() ? QStringLiteral("anonymous") : dn,
                          QString::fromUtf8(ldap_err2string(rc)))
                     .arg(rc);
    return rc;
}

std::optional<QStringList> LdapClient::searchDns(const QString &base, const QString &filter,
                                                 QString *error)
{
    if (!d->ld) {
        *error = QStringLiteral("not connected to LDAP");
        return std::nullopt;
    }
    char noAttrs[] = "1.1";
    char *attrs[] = {noAttrs, nullptr};
    timeval tv{10, 0};
    LDAPMessage *res = nullptr;
    const int rc = ldap_search_ext_s(d->ld, base.toUtf8().constData(), LDAP_SCOPE_SUBTREE,
                                     filter.toUtf8().constData(), attrs, 0, nullptr, nullptr, &tv,
                                     LDAP_NO_LIMIT, &res);
    if (rc != LDAP_SUCCESS) {
        *error = QStringLiteral("search %1 %2: %3")
                     .arg(base, filter, QString::fromUtf8(ldap_err2string(rc)));
        if (res)
            ldap_msgfree(res);
        return std::nullopt;
    }
    QStringList out;
    for (LDAPMessage *e = ldap_first_entry(d->ld, res); e; e = ldap_next_entry(d->ld, e)) {
        char *dn = ldap_get_dn(d->ld, e);
        if (dn) {
            out << QString::fromUtf8(dn);
            ldap_memfree(dn);
        }
    }
    ldap_msgfree(res);
    return out;
}

bool LdapClient::remove(const QString &dn, QString *error)
{
    if (!d->ld) {
        *error = QStringLiteral("not connected to LDAP");
        return false;
    }
    const int rc = ldap_delete_ext_s(d->ld, dn.toUtf8().constData(), nullptr, nullptr);
    if (rc != LDAP_SUCCESS) {
        *error = QStringLiteral("delete %1: %2").arg(dn, QString::fromUtf8(ldap_err2string(rc)));
        return false;
    }
    return true;
}

std::optional<QList<LdapClient::Entry>> LdapClient::search(const QString &base,
                                                           const QString &filter,
                                                           const QStringList &attrs, QString *error)
{
    if (!d->ld) {
        *error = QStringLiteral("not connected to LDAP");
        return std::nullopt;
    }
    QList<QByteArray> names;
    for (const QString &a : attrs)
        names << a.toUtf8();
    std::vector<char *> attrv;
    for (QByteArray &n : names)
        attrv.push_back(n.data());
    attrv.push_back(nullptr);
    timeval tv{5, 0};
    LDAPMessage *res = nullptr;
    const int rc = ldap_search_ext_s(d->ld, base.toUtf8().constData(), LDAP_SCOPE_SUBTREE,
                                     filter.toUtf8().constData(), attrv.data(), 0, nullptr, nullptr,
                                     &tv, LDAP_NO_LIMIT, &res);
    if (rc != LDAP_SUCCESS) {
        *error = QStringLiteral("search %1 %2: %3")
                     .arg(base, filter, QString::fromUtf8(ldap_err2string(rc)));
        if (res)
            ldap_msgfree(res);
        return std::nullopt;
    }
    QList<Entry> out;
    for (LDAPMessage *e = ldap_first_entry(d->ld, res); e; e = ldap_next_entry(d->ld, e)) {
        Entry entry;
        if (char *dn = ldap_get_dn(d->ld, e)) {
            entry.dn = QString::fromUtf8(dn);
            ldap_memfree(dn);
        }
        for (const QByteArray &name : names) {
            berval **values = ldap_get_values_len(d->ld, e, name.constData());
            if (!values)
                continue;
            if (values[0])
                entry.values.insert(QString::fromUtf8(name).toLower(),
                                    QByteArray(values[0]->bv_val, int(values[0]->bv_len)));
            ldap_value_free_len(values);
        }
        out << entry;
    }
    ldap_msgfree(res);
    return out;
}

QString slapdVersionFromMonitoredInfo(const QString &info)
{
    const qsizetype at = info.indexOf(QLatin1String("slapd "));
    if (at < 0)
        return {};
    return info.mid(at + 6).section(QLatin1Char(' '), 0, 0, QString::SectionSkipEmpty);
}

QString slapdServerVersion(const LdapConnection &c)
{
    LdapClient client;
    QString error;
    if (!client.open(c.url, &error) || client.bind(c.bindDn, c.password, &error) != LDAP_SUCCESS)
        return {};
    const auto monitor = client.search(QStringLiteral("cn=Monitor"), QStringLiteral("(cn=Monitor)"),
                                       {QStringLiteral("monitoredInfo")}, &error);
    if (!monitor)
        return {};
    for (const LdapClient::Entry &e : *monitor)
        if (e.values.contains(QStringLiteral("monitoredinfo")))
            return slapdVersionFromMonitoredInfo(
                QString::fromUtf8(e.values.value(QStringLiteral("monitoredinfo"))));
    return {};
}

bool ldapAnswers(const QString &url)
{
    const QUrl u(url);
    LdapClient c;
    QString error;
    if (!c.open(QStringLiteral("ldap://%1:%2").arg(u.host()).arg(u.port(389)), &error))
        return false;
    return c.bind(QString(), QByteArray(), &error) == LDAP_SUCCESS;
}

} // namespace vw
