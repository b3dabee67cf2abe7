// A study: a matrix of runs (profiles x targets) run one after the other, each saved as a
// session, with one HTML report comparing them (issue 11, "Studies"). The file format is
// documented in docs/profile-format.md, "Studies"; parsed by core/study/studyparser.h.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace vw {

/// One profile of the study: a profile file and its values on the study's dimensions.
struct StudyProfile {
    QString path; ///< as written in the study file (relative to it, or absolute)
    QString resolvedPath; ///< absolute: `path` against the study file's folder
    QMap<QString, QString> labels; ///< dimension name -> value, e.g. "key type" -> "RSA-2048"
};

/// One target of the study: a name for file names and tables, and the address handed to the
/// run as `run --addr` takes it: a URL (http://127.0.0.1:8200) or the name of a local target
/// node (`leader`, `standby-1`, `lb`, `dev`) when the workbench started that target.
struct StudyTarget {
    QString name; ///< [A-Za-z0-9_.-]+, unique in the study
    QString addr;
    QMap<QString, QString> labels; ///< dimension name -> value, e.g. "path" -> "B: standby"
};

/// `target_up`: the local target the study starts before its runs (`vault-workbench target
/// up <kind> [--nodes N] [--lb nginx|haproxy] [--lb-route active|any]`) unless `target status` says it is up, and
/// stops after them (`target down`) when it started it (app/studycommand.cpp).
struct StudyTargetUp {
    QString kind; ///< "dev", "raft" or "cluster"
    int nodes = 0; ///< cluster only; 0 = the target command's default
    QString lb; ///< "", "nginx" or "haproxy"
    QString lbRoute; ///< "", "active" or "any" (`--lb-route`; needs lb)
    /// `with: postgres` (comma-separated): services beside the target (`--with`,
    /// docs/local-targets.md "Services").
    QStringList services;

    /// The arguments after the executable: {"target", "up", kind, "--nodes", "3", "--lb",
    /// "nginx", "--lb-route", "active", "--with", "postgres"}.
    QStringList upArguments() const;
};

struct StudySpec {
    QString name;
    QString description;
    QString path; ///< the study file, absolute
    QList<StudyProfile> profiles; ///< non-empty
    QList<StudyTarget> targets; ///< non-empty
    /// The dimensions the report has a section for, in order, e.g. {"key type", "path"}.
    /// Each run's value on a dimension comes from its profile's labels, else its target's.
    /// Empty in the file: {"profile", "target"}, valued by the profile's and target's names.
    QStringList dimensions;
    /// Every stage duration and the warm-up are multiplied by this (0 < x <= 1, default 1),
    /// with the floor of scaledRamp() (core/study/studyscale.h); `study --short` multiplies
    /// it by kShortScale.
    double durationScale = 1.0;
    std::optional<StudyTargetUp> targetUp;
    /// `repeat: N` (1..100, default 1): each profile x target cell runs N times; its N runs
    /// are one session (replicates, docs/session-format.md), setup and cleanup once per run.
    /// A profile's own `repeat:` does not apply in a study (this one does).
    int repeat = 1;
    /// `order:` of the runs: "interleaved" (default: round by round, every cell once per round
    /// in matrix order: A B A B ...) or "randomized" (every round in its own random order,
    /// from `seed`), so that drift on the host does not bias one side.
    QString order = QStringLiteral("interleaved");
    /// `seed:` of the randomized order; absent: one is drawn and recorded (StudyRunner::seed()).
    std::optional<quint64> seed;
};

} // namespace vw
