#include "profile/yamlbounds.h"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <sstream>

namespace vw {

namespace {

struct TooManyEvents { };

/// Counts events and remembers where each document starts and the furthest position seen.
class StreamProbe : public YAML::EventHandler {
public:
    explicit StreamProbe(int maxEvents)
        : m_budget(maxEvents)
    {
    }

    YAML::Mark documentStart;
    size_t furthest = 0; ///< furthest event position of the last document

    void OnDocumentStart(const YAML::Mark &m) override
    {
        documentStart = m;
        furthest = size_t(std::max(0, m.pos));
        bump(m);
    }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &m, YAML::anchor_t) override { bump(m); }
    void OnAlias(const YAML::Mark &m, YAML::anchor_t) override { bump(m); }
    void OnScalar(const YAML::Mark &m, const std::string &, YAML::anchor_t,
                  const std::string &) override
    {
        bump(m);
    }
    void OnSequenceStart(const YAML::Mark &m, const std::string &, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
        bump(m);
    }
    void OnSequenceEnd() override { }
    void OnMapStart(const YAML::Mark &m, const std::string &, YAML::anchor_t,
                    YAML::EmitterStyle::value) override
    {
        bump(m);
    }
    void OnMapEnd() override { }

private:
    void bump(const YAML::Mark &m)
    {
        furthest = std::max(furthest, size_t(std::max(0, m.pos)));
        if (--m_budget < 0)
            throw TooManyEvents{};
    }
    int m_budget;
};

YamlStreamProblem problemAt(const YAML::Mark &m, const QString &message)
{
    return {m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0, message};
}

bool walk(const YAML::Node &n, int depth, int maxDepth, int *budget)
{
    if (--*budget < 0 || depth > maxDepth)
        return false;
    if (n.IsMap()) {
        for (auto it = n.begin(); it != n.end(); ++it)
            if (!walk(it->first, depth + 1, maxDepth, budget)
                || !walk(it->second, depth + 1, maxDepth, budget))
                return false;
    } else if (n.IsSequence()) {
        for (auto it = n.begin(); it != n.end(); ++it)
            if (!walk(*it, depth + 1, maxDepth, budget))
                return false;
    }
    return true;
}

} // namespace

bool yamlWithinBounds(const YAML::Node &root, int maxDepth, int maxNodes)
{
    int budget = maxNodes;
    return walk(root, 0, maxDepth, &budget);
}

bool checkYamlStream(const std::string &text, YamlStreamProblem *problem, int maxEvents)
{
    std::istringstream in(text);
    YAML::Parser parser(in);
    StreamProbe probe(maxEvents);
    YamlStreamProblem found;
    try {
        if (!parser.HandleNextDocument(probe))
            return true; // no document at all
        const YAML::Mark first = probe.documentStart;
        const size_t firstEnd = probe.furthest;
        if (!parser.HandleNextDocument(probe))
            return true; // exactly one document
        const YAML::Mark second = probe.documentStart;
        if (size_t(std::max(0, second.pos)) <= firstEnd && second.pos == first.pos) {
            // The parser is stuck on a character it cannot place (yaml-cpp 0.7).
            const size_t at = size_t(std::max(0, second.pos));
            const QString ch =
                at < text.size() ? QString::fromUtf8(text.data() + at, 1) : QString();
            found = problemAt(second,
                              ch.trimmed().isEmpty()
                                  ? QStringLiteral("YAML syntax error: unexpected text")
                                  : QStringLiteral("YAML syntax error: unexpected \"%1\"").arg(ch));
        } else {
            found = problemAt(second, QStringLiteral("a profile is a single YAML document "
                                                     "(remove the second ---)"));
        }
    } catch (const TooManyEvents &) {
        found = {0, 0, QStringLiteral("the YAML has more than %1 elements").arg(maxEvents)};
    } catch (const YAML::Exception &) {
        return true; // the loader reports it, with its position
    }
    if (problem)
        *problem = found;
    return false;
}

} // namespace vw
