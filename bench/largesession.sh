#!/usr/bin/env bash
# Memory and time of reading a large session (issue 23, finding 9): peak resident set
# (/usr/bin/time -v) and wall time of `report` in every format (table, json, csv, html,
# vault-benchmark) and `export` in every format (hlog; svg, png and pdf of the stage chart;
# png of the time chart) on a generated session of STAGES stages (tests/support/sessiongen:
# vw_session_gen; 175,000 stages are about 190 MB in schema 2 as written now). Not a test;
# docs/performance.md, "Reading large sessions", has the latest figures.
#
#   bench/largesession.sh [--stages N] [--bin PATH] [--keep DIR] [--timeout S] [--only RE]
#
# --timeout: each command is stopped after S seconds (default 600; "timeout" in the table).
# --only: only the commands whose name matches the extended regex RE (e.g. 'json|html').
# --bin: the vault-workbench to measure (default: build/app/vault-workbench), e.g. an older
# build for a before/after pair. The session is written once into a temporary folder
# (--keep DIR: into DIR, reused when it is already there).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

stages=175000
bin="$PWD/build/app/vault-workbench"
keep=""
limit=600
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --stages) stages=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "usage: bench/largesession.sh [--stages N] [--bin PATH] [--keep DIR] [--timeout S]" \
         "[--only RE]" >&2; exit 2 ;;
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
printf '%-34s %10s %10s %8s %s\n' command "peak MB" "x file" "s" exit

measure() {
  local name=$1; shift
  if [ -n "$only" ] && ! [[ $name =~ $only ]]; then return; fi
  local t="$dir/time.txt" rc=0
  # timeout(1) stops only the command it started (its own child), after $limit seconds
  /usr/bin/time -v timeout "$limit" "$@" >"$dir/out" 2>"$t" || rc=$?
  local kb wall
  kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$t")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$t")
  # m:ss.cc or h:mm:ss
  secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  local status=$rc
  [ "$rc" = 124 ] && status="timeout (${limit} s)"
  printf '%-34s %10.0f %10.2f %8.1f %s\n' "$name" "$(echo "$kb / 1000" | bc -l)" \
    "$(echo "$kb * 1024 / $size" | bc -l)" "$secs" "$status"
}

for fmt in table json csv html vault-benchmark; do
  measure "report --format $fmt" "$bin" report "$session" --format "$fmt"
done
measure "export --format hlog" "$bin" export "$session" --format hlog --out "$dir/out.hlog"
for fmt in svg png pdf; do
  measure "export --chart latency ($fmt)" env QT_QPA_PLATFORM=offscreen "$bin" export "$session" \
    --chart latency --out "$dir/chart.$fmt"
done
measure "export --chart time-throughput (png)" env QT_QPA_PLATFORM=offscreen "$bin" export \
  "$session" --chart time-throughput --out "$dir/time.png"
