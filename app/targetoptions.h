// The target options shared by the commands that talk to a server (`run`, `cleanup`): the
// Vault CLI's flags (--addr, --namespace, --ca-cert, --ca-path, --client-cert, --client-key,
// --tls-skip-verify, --client-timeout) and --yes, resolved with the environment and the
// profile by core/vault/targetresolver.h, and the confirmation a non-loopback target needs.
#pragma once

#include "vault/targetresolver.h"

#include <QCommandLineOption>
#include <QList>
#include <optional>

class QCommandLineParser;

namespace vw::cli {

class TargetOptions {
public:
    /// The non-loopback question's health probe waits at most this long (ms), as the GUI's.
    static constexpr qint64 kProbeTimeoutMs = 3000;

    TargetOptions();
    /// Adds the target flags and --yes to `parser`.
    void addTo(QCommandLineParser &parser) const;

    /// The effective target: flags over VAULT_* over BAO_* over `profileTarget`. On an error
    /// prints "error: <source>: <problem>" lines to stderr and returns nullopt (exit 2).
    std::optional<ResolvedTarget> resolve(const QCommandLineParser &parser,
                                          const TargetSpec &profileTarget) const;

    /// Prints "target <address> (from <source>)" and one line per non-default setting; a
    /// warning on stderr when TLS verification is off.
    static void print(const ResolvedTarget &target);

    /// A loopback target, or --yes: ExitOk at once, without any network traffic. Otherwise,
    /// when stdin is not a terminal: a message naming the address and ExitUsage, still without
    /// any network traffic. On a terminal: asks first whether to contact it at all (nothing is
    /// sent before a "y"), then names the server's version and cluster name from the
    /// unauthenticated health probe (at most kProbeTimeoutMs) and asks again; ExitOk on
    /// "y"/"yes" to both, else ExitUsage.
    /// `action` says what would happen there, for the question ("run the benchmark against
    /// it (its mounts are created there and the token is sent)" by default).
    int confirm(const QCommandLineParser &parser, const ResolvedTarget &target,
                const QString &action = QString()) const;

    /// --yes was given (also cleanup --all's "do not ask").
    bool yes(const QCommandLineParser &parser) const;

    /// The help lines of these options.
    static QString helpText();

private:
    QCommandLineOption m_addr, m_namespace, m_caCert, m_caPath, m_clientCert, m_clientKey,
        m_skipVerify, m_clientTimeout, m_yes;
};

} // namespace vw::cli
