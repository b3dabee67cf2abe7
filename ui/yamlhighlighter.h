// A light YAML highlighter for the profile editor: keys, comments, strings, numbers,
// durations, booleans, list dashes. Line-local (no multi-line state). GUI thread only.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace vw {

class YamlHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit YamlHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;
    };
    QList<Rule> m_rules;
    QTextCharFormat m_comment;
};

} // namespace vw
