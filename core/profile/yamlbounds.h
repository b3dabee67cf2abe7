// A guard for walking untrusted YAML. yaml-cpp resolves an alias to the node it names, so an
// alias inside its own anchor (`x: &a [*a]`) is a cycle, and nested aliases expand
// exponentially ("billion laughs"): a recursive walk would overflow the stack or never end.
// Call this before any recursive walk of a document read from a file.
#pragma once

#include <yaml-cpp/yaml.h>

namespace vw {

/// Whether walking `root` stays within `maxDepth` nesting levels and `maxNodes` node visits
/// (a node reached through several aliases counts each time). Profiles are a few hundred nodes.
bool yamlWithinBounds(const YAML::Node &root, int maxDepth = 64, int maxNodes = 100000);

} // namespace vw
