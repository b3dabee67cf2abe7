#!/usr/bin/env bash
# scripts/lib.sh vw_build_werror (used by vw_build, so by scripts/quickstart.sh): a build folder
# keeps the VW_WERROR it was configured with, so quickstart after a VW_WERROR=ON build neither
# changes the compile flags nor misses ccache; VW_WERROR set wins; no build folder: OFF.
# Usage: build_werror.sh SOURCE_DIR
set -euo pipefail
root=${1:?source dir}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
check() { # expected, then the environment for a fresh shell
  local want=$1; shift
  local got
  got=$(env -u VW_WERROR "$@" bash -c 'source "$0/scripts/lib.sh"; vw_build_werror' "$root")
  [ "$got" = "$want" ] || fail "$* -> '$got', expected '$want'"
}
check OFF VW_BUILD="$tmp/none"                    # no build folder yet
mkdir -p "$tmp/on" "$tmp/off"
printf 'CMAKE_BUILD_TYPE:STRING=RelWithDebInfo\nVW_WERROR:BOOL=ON\n' >"$tmp/on/CMakeCache.txt"
printf 'VW_WERROR:BOOL=OFF\n' >"$tmp/off/CMakeCache.txt"
check ON VW_BUILD="$tmp/on"                       # configured with ON: kept (was OFF)
check OFF VW_BUILD="$tmp/off"
check OFF VW_BUILD="$tmp/on" VW_WERROR=OFF        # asked for: wins
check ON VW_BUILD="$tmp/off" VW_WERROR=ON
echo "PASS"
