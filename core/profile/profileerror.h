// A problem found while reading or validating a profile, located in the YAML text.
#pragma once

#include <QList>
#include <QString>

namespace vw {

struct ProfileError {
    int line = 0; ///< 1-based line in the YAML text, 0 if unknown
    int column = 0; ///< 1-based column, 0 if unknown
    QString field; ///< dotted path of the offending field, e.g. "ramp.stages[1].vus"
    QString message; ///< human sentence, no trailing period

    /// "line 7, column 12: ramp.stages[1].vus: must be a whole number >= 1"
    QString toString() const
    {
        QString where =
            line > 0 ? QStringLiteral("line %1, column %2: ").arg(line).arg(column) : QString();
        return where + (field.isEmpty() ? QString() : field + QStringLiteral(": ")) + message;
    }
};

using ProfileErrors = QList<ProfileError>;

} // namespace vw
