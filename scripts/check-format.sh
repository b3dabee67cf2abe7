#!/usr/bin/env bash
# Checks that every tracked C++ file follows .clang-format (clang-format 14, Debian 12's).
# Usage: scripts/check-format.sh [SOURCE_DIR]   (ctest `format`; exit 77 = skipped: no clang-format)
# To fix: `git clang-format main` (the lines of a change) or `clang-format -i FILE`.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"
fmt="$(command -v clang-format-14 || command -v clang-format || true)"
if [ -z "$fmt" ]; then
  echo "clang-format not installed: format check skipped (apt-get install clang-format)"
  exit 77
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else
  mapfile -t files < <(find app core ui tests -name '*.cpp' -o -name '*.h' | sort)
fi
existing=()
for f in "${files[@]}"; do [ -f "$f" ] && existing+=("$f"); done
# One clang-format per 40 files, as many at once as there are CPUs; a file that does not
# follow the style is named in clang-format's own "FILE:LINE:COL: error: ..." lines.
mapfile -t bad < <(printf '%s\0' "${existing[@]}" |
  xargs -0 -n 40 -P "$(nproc)" "$fmt" --dry-run --Werror 2>&1 |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
if [ ${#bad[@]} -gt 0 ]; then
  echo "${#bad[@]} file(s) do not follow .clang-format (fix: clang-format -i FILE):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "format: ${#files[@]} files follow .clang-format"
