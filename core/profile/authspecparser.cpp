#include "profile/authspecparser.h"

#include "profile/nearestword.h"

namespace vw {

QStringList authKeys()
{
    return {QStringLiteral("method"), QStringLiteral("policy"), QStringLiteral("per"),
            QStringLiteral("ttl")};
}

QStringList authPerValues()
{
    return {QStringLiteral("vu"), QStringLiteral("run")};
}

void parseAuthBlock(YamlFieldReader &r, const YAML::Node &n, AuthSpec *out)
{
    QMap<QString, YAML::Node> keys;
    if (!r.checkMap(n, QStringLiteral("auth"), authKeys(), &keys))
        return;
    const QStringList methods = AuthSpec::methods();
    if (!keys.contains(QStringLiteral("method"))) {
        r.add(n.Mark(), QStringLiteral("auth.method"),
              QStringLiteral("required: one of %1").arg(methods.join(QStringLiteral(", "))));
    } else if (const auto m = r.text(n["method"], QStringLiteral("auth.method"), true)) {
        if (!methods.contains(*m))
            r.add(n["method"].Mark(), QStringLiteral("auth.method"),
                  unknownWithSuggestion(QStringLiteral("unknown method"), *m, methods,
                                        QStringLiteral("known")));
        else
            out->method = *m;
    }
    if (keys.contains(QStringLiteral("policy"))) {
        if (const auto p = r.text(n["policy"], QStringLiteral("auth.policy"), true)) {
            if (*p != QLatin1String("least") && !p->contains(QLatin1String("path")))
                r.add(n["policy"].Mark(), QStringLiteral("auth.policy"),
                      QStringLiteral("must be \"least\" or HCL policy rules with at least one "
                                     "path \"...\" { capabilities = [...] } block"));
            else
                out->policy = *p;
        }
    }
    if (keys.contains(QStringLiteral("per"))) {
        if (const auto p = r.text(n["per"], QStringLiteral("auth.per"), true)) {
            if (authPerValues().contains(*p))
                out->perVu = *p == QLatin1String("vu");
            else
                r.add(n["per"].Mark(), QStringLiteral("auth.per"),
                      QStringLiteral("must be vu (a token per VU) or run (one token for the "
                                     "run), got \"%1\"")
                          .arg(*p));
        }
    }
    if (keys.contains(QStringLiteral("ttl"))) {
        const YAML::Node v = n["ttl"];
        if (const auto ms = r.duration(v, QStringLiteral("auth.ttl"), 1, 24LL * 3600 * 1000)) {
            if (*ms < kMinAuthTtlMs)
                r.add(v.Mark(), QStringLiteral("auth.ttl"),
                      QStringLiteral("must be at least 10s (renewals come at half of it)"));
            else if (*ms % 1000 != 0)
                r.add(v.Mark(), QStringLiteral("auth.ttl"),
                      QStringLiteral("must be whole seconds (Vault's token TTLs are)"));
            else
                out->ttlMs = *ms;
        }
    }
}

} // namespace vw
