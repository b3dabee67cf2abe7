// A run killed mid-stage and the sweep after it (tst_ops_db, tst_ops_mariadb, tst_ops_redis,
// tst_ops_ldap): the crash case of docs/local-targets.md "Services", where no cleanup ran and
// `cleanup --all --yes` must remove what the run left in Vault and, through its leases, in the
// service.
#pragma once

#include "apprun.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStringList>

#include <functional>

namespace vw::test {

/// Writes a profile into `dir` (one stage: 2 VUs, 60 s, no warm-up; one operation of `type`
/// with params { connection: `connection` }) against `address`, starts `run` on it with `env`
/// and kills it with SIGKILL once `started()` holds (polled every 50 ms, at most 60 s).
/// False, with `error` set, when it did not start, ended before `started()` held, or did not
/// end within 10 s of the kill.
bool runUntilKilled(const QString &address, const QString &type, const QString &connection,
                    const QProcessEnvironment &env, const QString &dir,
                    const std::function<bool()> &started, QString *error);

/// The sweep: `cleanup --addr address --all --yes` in `dir` with `env` (at most 120 s).
AppResult sweepAll(const QString &address, const QProcessEnvironment &env, const QString &dir);

/// The VUs of runUntilKilled()'s profile.
constexpr int kKilledRunVus = 2;

/// After the sweep, the service's names (users, roles, entries) `now` against the `seed` it
/// had before the run: "" when `now` holds every seed name and, beyond them, at most one name
/// per VU, each matching `vaultName` (Vault's own names); otherwise what is wrong. The one per
/// VU: a creds request in flight at the kill may leave its user without a lease (created, the
/// lease never registered, the client gone): nothing in Vault names it, so no sweep finds it
/// (seen with PostgreSQL, MariaDB and Redis; docs/profile-format.md).
QString checkSweptService(const QStringList &seed, const QStringList &now,
                          const QRegularExpression &vaultName);

} // namespace vw::test
