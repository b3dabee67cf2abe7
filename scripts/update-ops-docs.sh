#!/usr/bin/env bash
# Regenerates the operation tables of docs/profile-format.md: the lines between the
# "<!-- ops:begin" and "<!-- ops:end" comments become the output of
# `vault-workbench ops --format markdown` (tst_operationcatalog checks that they agree).
# Usage: scripts/update-ops-docs.sh [path/to/vault-workbench]   (default: $VW_BUILD/app/...)
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

bin=${1:-$VW_BUILD/app/vault-workbench}
[ -x "$bin" ] || vw_die "$bin not found: build first (source scripts/lib.sh && vw_build)"
doc=$VW_ROOT/docs/profile-format.md
grep -q '^<!-- ops:begin' "$doc" && grep -q '^<!-- ops:end' "$doc" \
  || vw_die "$doc has no ops:begin/ops:end comments"

table=$(mktemp)
out=$(mktemp)
trap 'rm -f "$table" "$out"' EXIT
"$bin" ops --format markdown >"$table"
awk -v table="$table" '
  /^<!-- ops:end/ { while ((getline line < table) > 0) print line; skip = 0 }
  !skip { print }
  /^<!-- ops:begin/ { skip = 1 }
' "$doc" >"$out"
cat "$out" >"$doc"
vw_log "updated $doc"
