// Internal to core/profile (and core/study above it): reads typed fields out of a yaml-cpp tree and collects located
// ProfileErrors (1-based line and column, dotted field path such as "ramp.stages[1].vus").
// Used by profileparser.cpp and the study parser (core/study/studyparser.cpp); the reader
// reports problems and returns nullopt, never throws.
#pragma once

#include "profile/profileerror.h"

#include <QMap>
#include <QStringList>
#include <optional>
#include <yaml-cpp/yaml.h>

namespace vw {

class YamlFieldReader {
public:
    ProfileErrors errors;

    static QString joinPath(const QString &parent, const QString &key); ///< "a" + "b" -> "a.b"
    static QString indexPath(const QString &parent, int i); ///< "a", 1 -> "a[1]"
    /// Contains "token", any case, except the keys that set a token's properties, never hold
    /// one: token_ttl and token_type (the login operations' params, issue 10).
    static bool isTokenKey(const QString &key);
    static QString scalarText(const YAML::Node &n);
    static bool isQuoted(const YAML::Node &n); ///< quoted or block scalar, or explicit !!str

    /// Appends an error at `m` (yaml-cpp marks are 0-based; a null mark gives line 0).
    void add(const YAML::Mark &m, const QString &field, const QString &message);

    /// Reports, anywhere below `n`, every key containing "token" and every key that is not
    /// a scalar (checkMap() and yamlToVariant() callers then skip both).
    void scanKeys(const YAML::Node &n, const QString &path);

    /// Checks that `n` is a mapping whose keys are in `allowed` (token and non-scalar keys are
    /// reported by scanKeys() and skipped here); reports unknown and duplicate keys. Fills
    /// `keys` with the key node of each allowed key present. False if `n` is not a mapping.
    bool checkMap(const YAML::Node &n, const QString &path, const QStringList &allowed,
                  QMap<QString, YAML::Node> *keys);

    /// A scalar as text (null reads as ""); `nonEmpty` rejects blank text.
    std::optional<QString> text(const YAML::Node &n, const QString &field, bool nonEmpty);
    /// A plain (unquoted) integer scalar in [min, max].
    std::optional<qint64> wholeNumber(const YAML::Node &n, const QString &field, qint64 min,
                                      qint64 max);
    /// A plain true/false scalar.
    std::optional<bool> boolean(const YAML::Node &n, const QString &field);
    /// The longest duration a profile may give (7 days): anything longer is an error rather
    /// than a value that overflows when the engine turns it into nanoseconds.
    static constexpr qint64 kMaxDurationMs = 7LL * 24 * 3600 * 1000;
    /// A duration (core/util/duration.h) of at least `minMs` milliseconds (0 or 1) and at most
    /// `maxMs` (default kMaxDurationMs); an error at the value's line and column otherwise.
    std::optional<qint64> duration(const YAML::Node &n, const QString &field, qint64 minMs,
                                   qint64 maxMs = kMaxDurationMs);
};

} // namespace vw
