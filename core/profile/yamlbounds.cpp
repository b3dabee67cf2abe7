#include "profile/yamlbounds.h"

namespace vw {

namespace {

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

} // namespace vw
