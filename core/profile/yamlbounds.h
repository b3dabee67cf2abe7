// A guard for walking untrusted YAML. yaml-cpp resolves an alias to the node it names, so an
// alias inside its own anchor (`x: &a [*a]`) is a cycle, and nested aliases expand
// exponentially ("billion laughs"): a recursive walk would overflow the stack or never end.
// Call this before any recursive walk of a document read from a file.
#pragma once

#include <QString>
#include <yaml-cpp/yaml.h>

#include <string>

namespace vw {

/// What checkYamlStream() found wrong with a YAML text, before any node was built.
struct YamlStreamProblem {
    int line = 0; ///< 1-based, 0 when unknown
    int column = 0; ///< 1-based, 0 when unknown
    QString message; ///< e.g. "unexpected \",\"" or "a second YAML document"
};

/// Reads `text` as a stream of parse events (no nodes are built) and stops at the first sign
/// of trouble, so that yaml-cpp's node loader is only handed one document that parses:
/// - a second document (a second `---`), or a document that does not advance the stream:
///   yaml-cpp 0.7 reports an empty document again and again, forever, for a stray flow
///   indicator such as a lone "," (the loader then grows without bound);
/// - more than `maxEvents` parse events (a profile has a few hundred).
/// Returns false with *problem set when one is found; a syntax error is left to the loader,
/// which reports it with its position. Never loops: at most two documents are read.
bool checkYamlStream(const std::string &text, YamlStreamProblem *problem, int maxEvents = 200000);

/// Whether walking `root` stays within `maxDepth` nesting levels and `maxNodes` node visits
/// (a node reached through several aliases counts each time). Profiles are a few hundred nodes.
bool yamlWithinBounds(const YAML::Node &root, int maxDepth = 64, int maxNodes = 100000);

} // namespace vw
