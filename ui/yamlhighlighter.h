// A light YAML highlighter for the profile editor: keys, comments, strings, numbers,
// durations, booleans, list dashes. Line-local (no multi-line state). Its colours follow the
// editor's palette: a light set on a light base, a dark-theme set (each at least 4.5:1 against
// the base) on a dark one (View > Theme), re-chosen when the palette changes. GUI thread only.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace vw {

class YamlHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    /// Highlights `document`; its colours follow `paletteSource`'s palette (the editor;
    /// nullptr: the application's), updated on each palette change.
    explicit YamlHighlighter(QTextDocument *document, QWidget *paletteSource = nullptr);
    /// The dark-base colour set is in use.
    bool isDark() const { return m_dark; }

protected:
    void highlightBlock(const QString &text) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;
    };
    /// The rules with the colour set for a dark or light base.
    void buildRules(bool dark);
    /// Re-chooses the colours from the palette; rehighlights when they change.
    void followPalette();
    QWidget *m_paletteSource = nullptr;
    bool m_dark = false;
    QList<Rule> m_rules;
    QTextCharFormat m_comment;
};

} // namespace vw
