#!/usr/bin/env bash
# Client cost of the whole `vault-workbench run` path (issue 8), beside wrk and hey on the
# same machine in the same script. Not a test; docs/performance.md has the method and the
# latest figures.
#
#   bench/fullpath.sh [--duration S] [--repeat N] [--bin PATH]   (default 5 s, 3 repeats)
#
# Two cases, each run N times in turn (wrk, hey, vault-workbench run):
#   stub  the nginx stub of bench/run.sh (bench/common.sh), 64 connections / VUs,
#         `vault-workbench run` of a one-stage sys_health profile (64 VUs, no warm-up);
#   kv2   KV v2 reads from a local `bao server -dev` (started here on a free loopback port,
#         stopped by its PID), 8 connections / VUs, 100 seeded 1 KiB secrets. wrk reads
#         one key with a request built once (its cheapest path: the reference) and, as
#         "wrk-rnd", random keys with a request formatted per call by bench/kv2read.lua;
#         hey reads one key (it has no scripting); `vault-workbench run` a kv2_read profile
#         with the same keys and payload, including its own setup (mount, seeding) and
#         cleanup.
# Client CPU is user + system time of the whole client process, start to exit (wait4,
# bench/measure.py); `run` counts the requests of its session's 1-second series. The root
# token lives only in this script's environment (VW_BENCH_TOKEN); the server's banner goes to
# /dev/null and no file holds it. Prints per case the median and the spread (min-max) of the
# client CPU per request over the N repeats, and the ratios against wrk.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$HERE/../scripts/lib.sh"
source "$HERE/common.sh"

DURATION=5
REPEAT=3
BIN="$VW_BUILD/app/vault-workbench"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --bin) BIN=$2; shift 2 ;;
    *) vw_die "unknown option $1 (see the header of $0)" ;;
  esac
done
[ -x "$BIN" ] || vw_die "no vault-workbench binary at $BIN (build first, or pass --bin)"
bench_install_tools
bench_pinning

WORK=$(mktemp -d /tmp/vw-bench-fullpath.XXXXXX)
NGINX_PID=""; BAO_PID=""
cleanup() {
  bench_stop "$NGINX_PID"
  bench_stop "$BAO_PID"
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

MEASURE=(python3 "$HERE/measure.py")
RESULTS="$WORK/results.jsonl"
: > "$RESULTS"
KEYS=100
PAYLOAD=1024

# measure CASE TOOL CONNECTIONS [--session FILE] -- COMMAND...: one JSON line, with "case".
measure() {
  local case=$1; shift
  "${MEASURE[@]}" "$@" | python3 -c 'import json,sys; r=json.loads(sys.stdin.read()); r["case"]=sys.argv[1]; print(json.dumps(r))' "$case" >> "$RESULTS"
}

# run_vw CASE CONNECTIONS PROFILE: `vault-workbench run` from start to exit.
run_vw() {
  local case=$1 conns=$2 profile=$3 out="$WORK/session-$1.json"
  rm -f "$out"
  measure "$case" vw-run "$conns" --session "$out" -- \
    "${pin_client[@]}" "$BIN" run "$profile" --out "$out"
}

# --- stub: nginx at 64 connections ---------------------------------------------------------
bench_start_nginx "$WORK/nginx"
cat > "$WORK/stub.yaml" <<YAML
name: fullpath-stub
target: { address: "${STUB_URL%/v1/sys/health}" }
ramp:
  executor: closed
  warmup: 0s
  stages: [ { vus: 64, duration: ${DURATION}s } ]
operations: [ { type: sys_health, weight: 1 } ]
YAML
export VW_BENCH_TOKEN
VW_BENCH_TOKEN="bench-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
vw_log "stub: nginx on $STUB_URL; $REPEAT x $DURATION s per tool; $CPUS CPUs"
for i in $(seq "$REPEAT"); do
  vw_log "stub, round $i of $REPEAT"
  measure stub wrk 64 -- "${pin_client[@]}" wrk -t1 -c64 -d"${DURATION}s" --latency "$STUB_URL"
  measure stub hey 64 -- "${pin_client[@]}" hey -z "${DURATION}s" -c 64 "$STUB_URL"
  VAULT_TOKEN=$VW_BENCH_TOKEN run_vw stub 64 "$WORK/stub.yaml"
done
bench_stop "$NGINX_PID"; NGINX_PID=""

# --- kv2: KV v2 reads from bao server -dev at 8 connections ---------------------------------
bench_start_bao
vw_log "kv2: bao server -dev on $BAO_ADDR (pid $BAO_PID)"
# wrk's and hey's secrets in the dev server's own KV v2 mount "secret/" (vault-workbench
# seeds its own mount in its setup); the token from the environment.
python3 - "$BAO_ADDR" "$KEYS" "$PAYLOAD" <<'PY'
import json, os, sys, urllib.request
addr, keys, payload = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
headers = {"X-Vault-Token": os.environ["VW_BENCH_TOKEN"], "Content-Type": "application/json"}
body = json.dumps({"data": {"value": "x" * payload}}).encode()
for n in range(keys):
    req = urllib.request.Request(f"{addr}/v1/secret/data/key-{n}", data=body, headers=headers,
                                 method="POST")
    urllib.request.urlopen(req).read()
PY
cat > "$WORK/kv2.yaml" <<YAML
name: fullpath-kv2
target: { address: "$BAO_ADDR" }
ramp:
  executor: closed
  warmup: 0s
  stages: [ { vus: 8, duration: ${DURATION}s } ]
operations:
  - { type: kv2_read, weight: 1, params: { keys: $KEYS, payload_bytes: $PAYLOAD } }
YAML
export VW_BENCH_KV_PREFIX=/v1/secret/data/key- VW_BENCH_KEYS=$KEYS
for i in $(seq "$REPEAT"); do
  vw_log "kv2, round $i of $REPEAT"
  measure kv2 wrk 8 -- "${pin_client[@]}" wrk -t1 -c8 -d"${DURATION}s" --latency \
    -s "$HERE/kv2read.lua" "$BAO_ADDR/v1/secret/data/key-0"
  VW_BENCH_RANDOM_KEYS=1 measure kv2 wrk-rnd 8 -- "${pin_client[@]}" wrk -t1 -c8 \
    -d"${DURATION}s" --latency -s "$HERE/kv2read.lua" "$BAO_ADDR"
  # hey takes headers only on its command line: the token is visible in the process list
  # of this machine for the few seconds of the run (a dev server's throwaway root token).
  measure kv2 hey 8 -- "${pin_client[@]}" hey -z "${DURATION}s" -c 8 \
    -H "X-Vault-Token: $VW_BENCH_TOKEN" "$BAO_ADDR/v1/secret/data/key-0"
  VAULT_TOKEN=$VW_BENCH_TOKEN run_vw kv2 8 "$WORK/kv2.yaml"
done
bench_stop "$BAO_PID"; BAO_PID=""

# --- the table: median and spread of client CPU per request -----------------------------------
python3 - "$RESULTS" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print()
print(f'{"case":<5} {"client":<7} {"conns":>5} {"runs":>4} {"req/run":>8} '
      f'{"us CPU/req median":>17} {"min-max":>13} {"req/CPU-s":>9} {"p50 us":>8}')
med = {}
for case in ("stub", "kv2"):
    for tool in ("wrk", "wrk-rnd", "hey", "vw-run"):
        rs = [r for r in rows if r["case"] == case and r["tool"] == tool]
        if not rs:
            continue
        us = sorted(r["us_cpu_per_request"] for r in rs)
        m = statistics.median(us)
        med[(case, tool)] = m
        print(f'{case:<5} {tool:<7} {rs[0]["connections"]:>5} {len(rs):>4} '
              f'{round(statistics.median(r["requests"] for r in rs)):>8} {m:>17.2f} '
              f'{us[0]:>6.2f}-{us[-1]:<6.2f} {round(1e6 / m):>9} '
              f'{statistics.median(r["p50_us"] for r in rs):>8.1f}')
print()
ok = True
s = med[("stub", "wrk")] / med[("stub", "vw-run")]
print(f'stub, 64 VUs: run / wrk requests per client CPU-second = {s:.2f} (goal >= 0.8); '
      f'run / hey = {med[("stub", "hey")] / med[("stub", "vw-run")]:.2f}')
k = med[("kv2", "vw-run")] / med[("kv2", "wrk")]
print(f'kv2, 8 VUs: run / wrk client CPU per request = {k:.2f} (goal <= 1.25); '
      f'run / wrk-rnd = {med[("kv2", "vw-run")] / med[("kv2", "wrk-rnd")]:.2f}; '
      f'run / hey = {med[("kv2", "vw-run")] / med[("kv2", "hey")]:.2f}')
ok = s >= 0.8 and k <= 1.25
print("full-path goals met" if ok else "full-path goals NOT all met (see docs/performance.md)")
PY
