#include "http/redirectpolicy.h"

namespace vw {

RedirectPolicy::RedirectPolicy(const QUrl &target, const QList<QUrl> &nodes)
{
    for (const QUrl &u : QList<QUrl>{target} + nodes) {
        const Origin o = originOf(u);
        if (!o.host.isEmpty() && !m_allowed.contains(o))
            m_allowed.append(o);
    }
}

RedirectPolicy::Origin RedirectPolicy::originOf(const QUrl &url)
{
    Origin o;
    o.scheme = url.scheme().toLower();
    o.host = url.host().toLower();
    o.port = url.port(o.scheme == QLatin1String("https") ? 443 : 80);
    return o;
}

bool RedirectPolicy::isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

bool RedirectPolicy::isInsideTarget(const QUrl &url) const
{
    if (!url.isValid() || !url.userInfo().isEmpty())
        return false;
    return m_allowed.contains(originOf(url));
}

RedirectPolicy::Decision RedirectPolicy::decide(int status, const QByteArray &location,
                                                const QUrl &requestUrl, int followed) const
{
    Decision d;
    if (!isRedirect(status))
        return d;
    d.action = Action::Refuse;
    const QUrl relative = QUrl::fromEncoded(location.trimmed(), QUrl::StrictMode);
    if (location.trimmed().isEmpty() || !relative.isValid()) {
        d.reason = QStringLiteral("redirect without a usable Location not followed");
        return d;
    }
    const QUrl url = requestUrl.resolved(relative);
    // The address only: a Location's query may carry anything and error texts reach logs.
    const QString where = url.toString(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment
                                       | QUrl::RemoveUserInfo);
    if (status != 307 && status != 308) {
        d.reason = QStringLiteral("redirect to %1 not followed: a %2 may change the method (a "
                                  "Vault standby answers 307)")
                       .arg(where)
                       .arg(status);
    } else if (followed >= kMaxFollowed) {
        d.reason = QStringLiteral("redirect to %1 not followed: %2 redirect(s) followed already")
                       .arg(where)
                       .arg(followed);
    } else if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) {
        d.reason = QStringLiteral("redirect to a non-HTTP address not followed");
    } else if (!isInsideTarget(url)) {
        d.reason = QStringLiteral("redirect to %1 not followed: neither the target's address "
                                  "nor one of target.addresses")
                       .arg(where);
    } else {
        d.action = Action::Follow;
        d.url = url;
    }
    return d;
}

} // namespace vw
