// vault-benchmark config (HCL) -> workbench profile (YAML), for `vault-workbench import-hcl`
// (docs/profile-format.md, "Importing vault-benchmark configs"). The top-level attributes
// and `test "<type>" "<name>" { weight, config { ... } }` blocks of vault-benchmark's config
// become the target, one stage and the operations; test types and their config fields map
// through the one table of vaultbenchmarkmapping.h; test names become operation labels
// (core/profile/operationlabels.h). `vault_token` is never copied (a note says so).
// Unknown top-level keys, test types and config fields, and weights that do not add up to
// 100, are errors at their line and column (vault-benchmark ignores unknown top-level keys).
#pragma once

#include "import/hclreader.h"
#include "profile/profileerror.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace vw {

struct VbImportResult {
    QByteArray yaml; ///< the profile text; empty when there are errors
    QStringList notes; ///< what was dropped or differs, one sentence each
    QList<HclError> errors; ///< located in the HCL text; all of them, in text order
    /// Per operation of the profile, in order: where its `test` block's type label is.
    QList<HclPos> operationPos;
    bool ok() const { return errors.isEmpty(); }
};

/// Imports a vault-benchmark config. `profileName` becomes the profile's `name` (the CLI
/// passes the file's base name); `source` is named in the description (e.g. "config.hcl").
VbImportResult importVaultBenchmarkConfig(const QByteArray &hcl, const QString &profileName,
                                          const QString &source);

/// Parses an import's YAML with the profile parser (core/profile/profileparser.h) and returns
/// its errors, each as "imported profile: <field>: <message>" at the HCL position of the test
/// it concerns (an operation's error), or at line 1 column 1 (anything else). An operation
/// type this build does not have is one such error naming the type.
QList<HclError> checkImportedProfile(const VbImportResult &imported);

} // namespace vw
