// OpenLDAP's slapd beside a local target (`vault-workbench target up dev --with slapd`,
// docs/local-targets.md "Services") and the directory connection the LDAP operation types use
// (core/ops/ldaplogin.h): where Debian's binaries are, the files of the service (a generated
// slapd.conf with an mdb database, a seeded directory), the connection settings of the service
// or of a user's own directory, and a small libldap client (Debian libldap-dev) for the few
// binds and searches the workbench itself does (setup checks, tests). Synchronous, with
// network timeouts; the control thread or the CLI, never the GUI thread. The admin and user
// passwords are only in 0600 files and in memory (slapd.conf holds salted SHA-1 hashes), never
// in argv or a log.
//
// The seeded directory (base dc=vwb,dc=test):
//   cn=admin,dc=vwb,dc=test                    the rootdn (no entry; password in admin-password)
//   ou=users,dc=vwb,dc=test                    uid=user0 .. uid=user<N-1> (inetOrgPerson)
//   ou=groups,dc=vwb,dc=test                   cn=bench (posixGroup, every user a memberUid)
//   ou=dynamic,dc=vwb,dc=test                  empty: ldap_dynamic_creds' entries go here
//   ou=services,dc=vwb,dc=test                 uid=svc0 .. uid=svc7: ldap_static_read's
//                                              accounts (random passwords nobody keeps)
// slapd.conf also declares the monitor database (cn=Monitor: connections, operations, entries;
// read by the admin only), which core/ops/slapdprobe.h reads beside the server.
// Files in <state>/slapd/: slapd.conf, data/ (mdb), slapd.log, seed.ldif (no clear passwords),
// admin-password and users-passwords (mode 0600; "uid<TAB>password" lines).
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace vw {

struct LocalTargetNode;

/// The name and kind of the slapd service of a local target ("slapd").
inline QString slapdServiceName()
{
    return QStringLiteral("slapd");
}

/// The seeded directory's base DN: "dc=vwb,dc=test".
inline QString ldapBaseDn()
{
    return QStringLiteral("dc=vwb,dc=test");
}

/// Users seeded when `--ldap-users` is not given, and its bounds.
constexpr int kDefaultLdapUsers = 100;
constexpr int kMaxLdapUsers = 100000;
/// The accounts under ou=services (uid=svc0 ..) whose passwords static roles rotate.
constexpr int kLdapServiceAccounts = 8;

/// The folder of slapd and slapadd: $VW_SLAPD_BIN_DIR, else /usr/sbin (Debian's slapd
/// package). Empty when either is missing.
QString findSlapdBinDir();

/// Writes the service's files into `svcDir` (slapd.conf listening nowhere by itself, an mdb
/// database in svcDir/data, the generated admin and user passwords in 0600 files), seeds the
/// directory with `users` users by slapadd (offline, from an LDIF file), and fills `node`
/// (name, kind, address "ldap://127.0.0.1:<port>/dc=vwb,dc=test", configFile = slapd.conf,
/// logFile, user = the rootdn, secretFile) and *args: slapd's command line (`slapd -d 0 -h
/// ldap://127.0.0.1:<port>/ -f <slapd.conf>`: in the foreground, so its PID is the server's).
/// slapd runs as the user that starts it (root included: no -u). false + *error (slapadd's
/// output) otherwise.
bool prepareSlapd(const QString &binDir, const QString &svcDir, int port, int users,
                  LocalTargetNode *node, QStringList *args, QString *error);

/// How to reach one LDAP directory, and the accounts VUs log in as.
struct LdapConnection {
    QString url; ///< "ldap://127.0.0.1:38911" (no DN)
    QString baseDn = ldapBaseDn();
    QString bindDn; ///< the admin (the service's rootdn)
    QByteArray password; ///< in memory only (read from a 0600 file)
    /// uid and password of each user under usersDn() (the service's seeded users).
    QList<QPair<QString, QByteArray>> users;
    /// slapd's process when it is a local target's service, else 0 (its CPU not read).
    qint64 pid = 0;

    QString usersDn() const { return QStringLiteral("ou=users,") + baseDn; }
    QString groupsDn() const { return QStringLiteral("ou=groups,") + baseDn; }
    QString dynamicDn() const { return QStringLiteral("ou=dynamic,") + baseDn; }
    QString servicesDn() const { return QStringLiteral("ou=services,") + baseDn; }
    /// "ldap://host:port/<base> as <bindDn>" (no password): what errors show.
    QString display() const;
};

/// The directory a profile names (`connection:` param of ldap_login):
/// - "slapd": the slapd service of the local target in `localTargetDir` (empty:
///   defaultLocalTargetDir()), its rootdn, the passwords from its 0600 files;
/// - "ldap://HOST:PORT/BASEDN": a user's own directory; `bindDn` and `passwordFile` are the
///   admin's (required: a DN that may search ou=users and ou=groups below BASEDN, and for
///   the LDAP secrets engine add and delete below ou=dynamic and set passwords below
///   ou=services), `usersFile` holds "uid<TAB>password" lines of users under
///   ou=users,BASEDN (optional: empty leaves `users` empty).
/// false + *error when the service is not running, the URL does not parse or a file cannot be
/// read.
bool resolveLdapConnection(const QString &connection, const QString &bindDn,
                           const QString &passwordFile, const QString &usersFile,
                           LdapConnection *out, QString *error,
                           const QString &localTargetDir = QString());

/// Reads "uid<TAB>password" lines (a users-passwords file). false + *error.
bool readLdapUsersFile(const QString &path, QList<QPair<QString, QByteArray>> *out, QString *error);

/// One libldap connection (LDAPv3, 5 s network and operation timeouts; the password is a
/// berval, never a string that is logged). Not thread-safe: one per thread.
class LdapClient {
public:
    LdapClient();
    ~LdapClient();
    LdapClient(const LdapClient &) = delete;
    LdapClient &operator=(const LdapClient &) = delete;

    /// Opens `url` (ldap://host:port). false + *error.
    bool open(const QString &url, QString *error);
    /// A simple bind as `dn` with `password`: libldap's result code (0 LDAP_SUCCESS, 49
    /// LDAP_INVALID_CREDENTIALS, -1 LDAP_SERVER_DOWN, ...); *error set when it is not 0.
    int bind(const QString &dn, const QByteArray &password, QString *error);
    /// The DNs of the entries below `base` (subtree, `base` included) matching `filter`;
    /// nullopt + *error.
    std::optional<QStringList> searchDns(const QString &base, const QString &filter,
                                         QString *error);
    /// Deletes the entry `dn`. false + *error.
    bool remove(const QString &dn, QString *error);
    /// One entry of search(): its DN and the first value of each attribute asked for that it
    /// has (keys lower-case, operational attributes such as cn=Monitor's included).
    struct Entry {
        QString dn;
        QHash<QString, QByteArray> values;
    };
    /// The entries below `base` (subtree, `base` included) matching `filter`, with `attrs`;
    /// nullopt + *error.
    std::optional<QList<Entry>> search(const QString &base, const QString &filter,
                                       const QStringList &attrs, QString *error);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// True when an LDAP server at `url` (ldap://host:port, a DN after it is ignored) answers an
/// anonymous bind (5 s at most).
bool ldapAnswers(const QString &url);

/// slapd's version from cn=Monitor's monitoredInfo ("OpenLDAP: slapd 2.5.13+dfsg-5 (...)"
/// gives "2.5.13+dfsg-5"), bound as the admin of `c`; empty when it cannot be read (another
/// server, no monitor database, an admin that may not read it).
QString slapdServerVersion(const LdapConnection &c);

/// The version in a monitoredInfo value: the word after "slapd "; empty when there is none.
QString slapdVersionFromMonitoredInfo(const QString &info);

/// "{SSHA}<base64(sha1(password + salt) + salt)>" with an 8-byte random salt: a userPassword
/// or rootpw value slapd checks.
QByteArray ldapSshaHash(const QByteArray &password);

} // namespace vw
