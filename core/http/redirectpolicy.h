// The one redirect rule of the control plane (core/vault/vaultclient.cpp) and both load
// transports (directtransport.cpp, qnamtransport.cpp); issue 9, item 5; docs/profile-format.md
// (`target.addresses`) and docs/measurement.md ("Statistics", the `redirect` class).
//
// A Vault standby answers a request it cannot serve with 307 (or 308) and the active node's
// address in `Location`. Such a redirect is followed once, with the same method, body and
// headers (the token included), only when the `Location` is inside the target: the same
// scheme, host and port as `target.address`, or as one of `target.addresses` (the other
// nodes of the cluster). Everything else is not followed and counts as ErrorClass::Redirect:
// a Location on another host, a second redirect, 301/302/303 (which would turn a POST into a
// GET) and a redirect without a usable Location. The token never goes to an address outside
// the target, since nothing is sent there at all.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

namespace vw {

class RedirectPolicy {
public:
    /// Redirects a request may follow in all (Vault: a standby points to the active node).
    static constexpr int kMaxFollowed = 1;

    enum class Action {
        None, ///< not a redirect status: the response is the answer
        Follow, ///< send the same request to `url`
        Refuse, ///< not followed: the request fails as ErrorClass::Redirect (`reason`)
    };
    struct Decision {
        Action action = Action::None;
        QUrl url; ///< Follow: where to send it (absolute, path and query included)
        QString reason; ///< Refuse: why, for error texts ("redirect to http://h:1 not
            ///  followed: ..."; the address only, never the path or query)
    };

    /// Nothing allowed besides the target itself: an empty target allows nothing.
    RedirectPolicy() = default;
    /// `target` is scheme://host[:port]; `nodes` are the target's other node addresses
    /// (TargetSpec::addresses). Paths in either are ignored.
    RedirectPolicy(const QUrl &target, const QList<QUrl> &nodes);

    /// 301, 302, 303, 307 or 308.
    static bool isRedirect(int status);

    /// What to do with a response of `status` carrying `location` (the raw header, maybe
    /// relative) to a request sent to `requestUrl` after `followed` redirects already.
    Decision decide(int status, const QByteArray &location, const QUrl &requestUrl,
                    int followed) const;

    /// Same scheme, host (case-insensitive) and port (defaults applied) as the target or
    /// one of its nodes.
    bool isInsideTarget(const QUrl &url) const;

private:
    struct Origin {
        QString scheme;
        QString host;
        int port = 0;
        bool operator==(const Origin &o) const
        {
            return scheme == o.scheme && host == o.host && port == o.port;
        }
    };
    static Origin originOf(const QUrl &url);

    QList<Origin> m_allowed;
};

} // namespace vw
