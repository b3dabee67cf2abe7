#!/usr/bin/env bash
# Memory and time of reading a large session (issue 23, finding 9): peak resident set
# (/usr/bin/time -v) and wall time of `report --format json|table|html` and `export` on a
# generated session of STAGES stages (tests/support/sessiongen: vw_session_gen; 175,000 stages
# are about 187 MB in schema 2 as written now). Not a test; docs/performance.md, "Large
# sessions", has the latest figures.
#
#   bench/largesession.sh [--stages N] [--bin PATH] [--keep DIR]
#
# --bin: the vault-workbench to measure (default: build/app/vault-workbench), e.g. an older
# build for a before/after pair. The session is written once into a temporary folder
# (--keep DIR: into DIR, reused when it is already there).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

stages=175000
bin="$PWD/build/app/vault-workbench"
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --stages) stages=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "usage: bench/largesession.sh [--stages N] [--bin PATH] [--keep DIR]" >&2; exit 2 ;;
  esac
done
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 2; }

if [ -n "$keep" ]; then dir=$keep; mkdir -p "$dir"; else dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT; fi
session="$dir/session-$stages.json"
if [ ! -s "$session" ]; then
  cmake --build "$VW_BUILD" --target vw_session_gen >/dev/null
  "$VW_BUILD/tests/vw_session_gen" "$stages" "$session"
fi
size=$(stat -c %s "$session")
printf 'session: %d stages, %.1f MB; %s\n' "$stages" "$(echo "$size / 1000000" | bc -l)" "$bin"
printf '%-24s %10s %10s %8s %s\n' command "peak MB" "x file" "s" exit

measure() {
  local name=$1; shift
  local t="$dir/time.txt" rc=0
  /usr/bin/time -v "$@" >"$dir/out" 2>"$t" || rc=$?
  local kb wall
  kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$t")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$t")
  # m:ss.cc or h:mm:ss
  secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  printf '%-24s %10.0f %10.2f %8.1f %d\n' "$name" "$(echo "$kb / 1000" | bc -l)" \
    "$(echo "$kb * 1024 / $size" | bc -l)" "$secs" "$rc"
}

for fmt in json table html; do
  measure "report --format $fmt" "$bin" report "$session" --format "$fmt"
done
measure "export (time-throughput)" env QT_QPA_PLATFORM=offscreen "$bin" export "$session" \
  --chart time-throughput --out "$dir/chart.png"
