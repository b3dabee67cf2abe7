// The YAML writing of the Kubernetes manifests (core/k8s/, docs/distributed.md "Kubernetes"):
// yaml-cpp's emitter, keys in the order the code writes them (so the golden files of
// tst_k8srender are stable), and string scalars quoted where a YAML 1.1 reader (kubectl's,
// PyYAML's) would read their plain form as something else.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

namespace vw::k8s {

/// True when plain `text` would not read back as that string: empty, null/~, a YAML 1.1 bool
/// (true, no, on, y, ...), or starting like a number or a date ("1", "-2", ".5", "512Mi").
bool needsQuotes(const QString &text);

/// `text` as a string scalar, double-quoted when needsQuotes().
void emitString(YAML::Emitter &e, const QString &text);
/// `key: text` inside a map.
void emitPair(YAML::Emitter &e, const char *key, const QString &text);
void emitPair(YAML::Emitter &e, const char *key, qint64 value);
void emitPair(YAML::Emitter &e, const char *key, bool value);
/// `key:` followed by a block map of `pairs` (key, value, key, value ...), in that order.
void emitStringMap(YAML::Emitter &e, const char *key, const QStringList &pairs);
/// `key:` then a block sequence of strings.
void emitStringList(YAML::Emitter &e, const char *key, const QStringList &items);
/// `key: |` with `text` as a literal block (a profile, the plan JSON); a double-quoted
/// scalar when a literal block would not read back exactly (no final line break, several, a
/// leading blank, tabs or CRs).
void emitLiteral(YAML::Emitter &e, const char *key, const QString &text);

/// The emitter's document as UTF-8, ending with exactly one newline, after `header` (comment
/// lines, each written "# line").
QByteArray documentText(const YAML::Emitter &e, const QStringList &header = {});

} // namespace vw::k8s
