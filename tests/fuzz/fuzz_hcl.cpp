// libFuzzer target: a vault-benchmark config's bytes through the HCL reader and the import
// (`vault-workbench import-hcl`), then the imported profile through the profile parser. Any
// crash, sanitizer report, hang (-timeout) or runaway memory (-rss_limit_mb) is a bug; an
// HCL or import error is a normal outcome.
#include "import/hclreader.h"
#include "import/vaultbenchmarkimport.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    const vw::HclParseResult parsed = vw::parseHcl(text);
    if (parsed.error)
        (void)parsed.error->toString();
    const vw::VbImportResult imported =
        vw::importVaultBenchmarkConfig(text, QStringLiteral("fuzz"), QStringLiteral("fuzz.hcl"));
    // an import without errors always yields a profile text for the parser
    if (imported.ok() && imported.yaml.isEmpty())
        __builtin_trap();
    (void)vw::checkImportedProfile(imported);
    return 0;
}
