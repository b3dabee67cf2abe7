// "Did you mean": the known word nearest to a mistyped one, for the parsers' unknown-key and
// unknown-name errors (yamlfieldreader.cpp, profileparser.cpp, authspecparser.cpp;
// docs/profile-format.md, "Errors"). Pure, any thread.
#pragma once

#include <QString>
#include <QStringList>

namespace vw {

/// The optimal-string-alignment edit distance: insertions, deletions, substitutions and
/// swaps of two adjacent characters each count 1 ("wieght" -> "weight" is 1). Case-sensitive.
int editDistance(const QString &a, const QString &b);

/// The most edits a suggestion may be away from the typed word: 2, and fewer than half of
/// the typed word's length (so "ab" suggests nothing rather than any two-letter key).
int maxSuggestionDistance(const QString &typed);

/// The word of `known` nearest to `typed` within maxSuggestionDistance(), the first in
/// `known`'s order on a tie; empty when none is that near or `typed` is itself known.
QString nearestWord(const QString &typed, const QStringList &known);

/// `what` "\"x\"" followed by ": did you mean \"y\"?" when nearestWord() finds one, else by
/// " (known: a, b, c)" with `listLabel` as the word before the list ("known", "expected").
QString unknownWithSuggestion(const QString &what, const QString &typed, const QStringList &known,
                              const QString &listLabel);

} // namespace vw
