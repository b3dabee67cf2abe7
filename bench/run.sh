#!/usr/bin/env bash
# Engine benchmark (issue 3): how much client CPU and latency our load transports cost,
# against wrk and hey, in one run on the same loopback stub. Not a test; see
# docs/performance.md for the method and the latest figures.
#
#   bench/run.sh [--duration S] [--bin PATH]      (default 5 s per run, $VW_BUILD's binary)
#
# Starts nginx (Debian's nginx-light, its own temporary prefix and config, stopped on exit)
# on a free 127.0.0.1 port serving a small fixed JSON body with keep-alive; then drives it
# with wrk, hey and `vault-workbench bench-transport` (qnam and direct) at 1 and 64
# connections. The server is pinned to the last CPU, the clients to the first (taskset),
# when the machine has two or more. Prints requests per client CPU-second, p50 at each
# connection count and the ratios the issue sets as goals.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

DURATION=5
BIN="$VW_BUILD/app/vault-workbench"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --bin) BIN=$2; shift 2 ;;
    *) vw_die "unknown option $1 (see the header of $0)" ;;
  esac
done
[ -x "$BIN" ] || vw_die "no vault-workbench binary at $BIN (build first, or pass --bin)"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_install_tools
bench_pinning

# --- the nginx stub ----------------------------------------------------------------------
PREFIX=$(mktemp -d /tmp/vw-bench-nginx.XXXXXX)
NGINX_PID=""
cleanup() {
  bench_stop "$NGINX_PID"
  rm -rf "$PREFIX"
}
trap cleanup EXIT INT TERM
bench_start_nginx "$PREFIX"
URL=$STUB_URL
vw_log "nginx stub on $URL (pid $NGINX_PID); $DURATION s per run; $CPUS CPUs"

# --- the runs ----------------------------------------------------------------------------
MEASURE=(python3 "$(dirname "${BASH_SOURCE[0]}")/measure.py")
RESULTS="$PREFIX/results.jsonl"
: > "$RESULTS"
for c in 1 64; do
  vw_log "wrk, $c connection(s)"
  "${MEASURE[@]}" wrk "$c" -- "${pin_client[@]}" wrk -t1 -c"$c" -d"${DURATION}s" --latency "$URL" >> "$RESULTS"
  vw_log "hey, $c connection(s)"
  "${MEASURE[@]}" hey "$c" -- "${pin_client[@]}" hey -z "${DURATION}s" -c "$c" "$URL" >> "$RESULTS"
  for t in direct qnam; do
    vw_log "vault-workbench $t, $c connection(s)"
    "${MEASURE[@]}" "vw-$t" "$c" -- "${pin_client[@]}" "$BIN" bench-transport --transport "$t" \
      --url "$URL" --connections "$c" --duration "$DURATION" --warmup 0 >> "$RESULTS"
  done
done

# --- the table and the ratios --------------------------------------------------------------
python3 - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
by = {(r["tool"], r["connections"]): r for r in rows}
print()
print(f'{"client":<10} {"conns":>5} {"requests":>9} {"cpu s":>7} {"us CPU/req":>10} '
      f'{"req/CPU-s":>10} {"p50 us":>8}')
for r in rows:
    print(f'{r["tool"]:<10} {r["connections"]:>5} {r["requests"]:>9} {r["cpu_s"]:>7.2f} '
          f'{r["us_cpu_per_request"]:>10.2f} {r["rps_per_cpu_s"]:>10} {r["p50_us"]:>8.1f}')
print()
ok = True
for c in (1, 64):
    d, w, h = by[("vw-direct", c)], by[("wrk", c)], by[("hey", c)]
    rw = d["rps_per_cpu_s"] / w["rps_per_cpu_s"]
    rh = d["rps_per_cpu_s"] / h["rps_per_cpu_s"]
    print(f'{c:>2} conn: direct/wrk req per CPU-s = {rw:.2f} (goal >= 0.8)   '
          f'direct/hey = {rh:.2f} (goal >= 2)')
    ok = ok and rw >= 0.8 and rh >= 2
d1, w1, q1 = by[("vw-direct", 1)], by[("wrk", 1)], by[("vw-qnam", 1)]
added = d1["p50_us"] - w1["p50_us"]
print(f' 1 conn: direct p50 - wrk p50 = {added:+.1f} us (goal <= 10)   '
      f'qnam p50 - wrk p50 = {q1["p50_us"] - w1["p50_us"]:+.1f} us')
ok = ok and added <= 10
print("goals met" if ok else "goals NOT all met (see docs/performance.md)")
PY

# --- the whole `run` path (issue 8): bench/fullpath.sh ------------------------------------------
"$(dirname "${BASH_SOURCE[0]}")/fullpath.sh" --pinned --duration "$DURATION" --bin "$BIN"

# --- the open model's pacer (issue 9): bench/pacer.sh ---------------------------------------------
"$(dirname "${BASH_SOURCE[0]}")/pacer.sh" --duration "$DURATION" --bin "$BIN"
