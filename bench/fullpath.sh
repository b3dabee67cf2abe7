#!/usr/bin/env bash
# Client cost of the whole `vault-workbench run` path (issues 8 and 19), beside wrk and hey on
# the same machine in the same script. Not a test; docs/performance.md has the method and the
# latest figures.
#
#   bench/fullpath.sh [--duration S] [--repeat N] [--bin PATH] [--before PATH] [--pinned]
#                     [--cases "stub kv2 tls"]          (default 8 s, 3 rounds, unpinned)
#
# Three cases (issue 19's table); in each, N rounds, each round every tool once in turn
# (interleaved: a slow moment of the machine hits every tool of a round):
#   stub  the nginx stub of bench/run.sh (bench/common.sh), 64 connections / VUs,
#         `vault-workbench run` of a one-stage sys_health profile (64 VUs, no warm-up);
#   kv2   KV v2 reads from a local `bao server -dev` (started here on a free loopback port,
#         stopped by its PID), 8 connections / VUs, 100 seeded 1 KiB secrets. wrk reads
#         one key with a request built once (its cheapest path: the reference) and, as
#         "wrk-rnd", random keys with a request formatted per call by bench/kv2read.lua;
#         hey reads one key (it has no scripting); `vault-workbench run` a kv2_read profile
#         with the same keys and payload, including its own setup (mount, seeding) and
#         cleanup;
#   tls   the same as kv2 over https: `bao server -dev-tls`, the run given its CA by
#         VAULT_CACERT (wrk and hey do not verify).
# --before PATH adds a second vault-workbench binary ("vw-before", e.g. a build of main) to
# every round, for before/after figures from the same rounds. By default nothing is pinned
# (as a user runs a load generator); --pinned puts the server on the last CPU and the client
# on CPU 0 (taskset), the diagnostic variant.
# Client CPU is user + system time of the whole client process, start to exit (wait4,
# bench/measure.py); `run` counts the requests of its session's 1-second series. The root
# token lives only in this script's environment (VW_BENCH_TOKEN); the server's banner goes to
# /dev/null and no file holds it. Prints per case the median and the spread (min-max) of the
# client CPU per request over the N rounds, and the issue's ratios against wrk.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$HERE/../scripts/lib.sh"
source "$HERE/common.sh"

DURATION=8
REPEAT=3
BIN="$VW_BUILD/app/vault-workbench"
BEFORE=""
PINNING=off
CASES="stub kv2 tls"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --bin) BIN=$2; shift 2 ;;
    --before) BEFORE=$2; shift 2 ;;
    --pinned) PINNING=on; shift ;;
    --cases) CASES=$2; shift 2 ;;
    *) vw_die "unknown option $1 (see the header of $0)" ;;
  esac
done
[ -x "$BIN" ] || vw_die "no vault-workbench binary at $BIN (build first, or pass --bin)"
[ -z "$BEFORE" ] || [ -x "$BEFORE" ] || vw_die "no vault-workbench binary at $BEFORE"
bench_install_tools
bench_pinning "$PINNING"
has_case() { case " $CASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
vw_log "pinning: $PINNING; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

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

# run_vw CASE CONNECTIONS PROFILE: `vault-workbench run` from start to exit (and the
# --before binary's, as vw-before).
run_vw() {
  local case=$1 conns=$2 profile=$3 out="$WORK/session-$1.json"
  rm -f "$out"
  measure "$case" vw-run "$conns" --session "$out" -- \
    "${pin_client[@]}" "$BIN" run "$profile" --out "$out"
  if [ -n "$BEFORE" ]; then
    rm -f "$out"
    measure "$case" vw-before "$conns" --session "$out" -- \
      "${pin_client[@]}" "$BEFORE" run "$profile" --out "$out"
  fi
}

export VW_BENCH_TOKEN
VW_BENCH_TOKEN="bench-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"

# --- stub: nginx at 64 connections ---------------------------------------------------------
if has_case stub; then
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
vw_log "stub: nginx on $STUB_URL; $REPEAT x $DURATION s per tool; $CPUS CPUs"
for i in $(seq "$REPEAT"); do
  vw_log "stub, round $i of $REPEAT"
  measure stub wrk 64 -- "${pin_client[@]}" wrk -t1 -c64 -d"${DURATION}s" --latency "$STUB_URL"
  measure stub hey 64 -- "${pin_client[@]}" hey -z "${DURATION}s" -c 64 "$STUB_URL"
  VAULT_TOKEN=$VW_BENCH_TOKEN run_vw stub 64 "$WORK/stub.yaml"
done
bench_stop "$NGINX_PID"; NGINX_PID=""
fi

# --- kv2 and tls: KV v2 reads from bao server -dev (-dev-tls) at 8 connections --------------
# kv_case CASE [TLS_DIR]
kv_case() {
  local case=$1 tlsdir=${2:-} ca=()
  BAO_CACERT=""
  bench_start_bao "$tlsdir"
  vw_log "$case: bao server -dev on $BAO_ADDR (pid $BAO_PID)"
  # wrk's and hey's secrets in the dev server's own KV v2 mount "secret/" (vault-workbench
  # seeds its own mount in its setup); the token from the environment.
  python3 - "$BAO_ADDR" "$KEYS" "$PAYLOAD" "$BAO_CACERT" <<'PY'
import json, os, ssl, sys, urllib.request
addr, keys, payload, ca = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ctx = ssl.create_default_context(cafile=ca) if ca else None
headers = {"X-Vault-Token": os.environ["VW_BENCH_TOKEN"], "Content-Type": "application/json"}
body = json.dumps({"data": {"value": "x" * payload}}).encode()
for n in range(keys):
    req = urllib.request.Request(f"{addr}/v1/secret/data/key-{n}", data=body, headers=headers,
                                 method="POST")
    urllib.request.urlopen(req, context=ctx).read()
PY
  cat > "$WORK/$case.yaml" <<YAML
name: fullpath-$case
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
    vw_log "$case, round $i of $REPEAT (load average $(cut -d' ' -f1 /proc/loadavg))"
    measure "$case" wrk 8 -- "${pin_client[@]}" wrk -t1 -c8 -d"${DURATION}s" --latency \
      -s "$HERE/kv2read.lua" "$BAO_ADDR/v1/secret/data/key-0"
    VW_BENCH_RANDOM_KEYS=1 measure "$case" wrk-rnd 8 -- "${pin_client[@]}" wrk -t1 -c8 \
      -d"${DURATION}s" --latency -s "$HERE/kv2read.lua" "$BAO_ADDR"
    # hey takes headers only on its command line: the token is visible in the process list
    # of this machine for the few seconds of the run (a dev server's throwaway root token).
    measure "$case" hey 8 -- "${pin_client[@]}" hey -z "${DURATION}s" -c 8 \
      -H "X-Vault-Token: $VW_BENCH_TOKEN" "$BAO_ADDR/v1/secret/data/key-0"
    VAULT_CACERT=$BAO_CACERT VAULT_TOKEN=$VW_BENCH_TOKEN run_vw "$case" 8 "$WORK/$case.yaml"
  done
  bench_stop "$BAO_PID"; BAO_PID=""
}
if has_case kv2; then kv_case kv2; fi
if has_case tls; then kv_case tls "$WORK/tls"; fi

# --- the table: median and spread of client CPU per request -----------------------------------
python3 - "$RESULTS" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print()
print(f'{"case":<5} {"client":<9} {"conns":>5} {"runs":>4} {"req/run":>8} '
      f'{"us CPU/req median":>17} {"min-max":>15} {"req/CPU-s":>9} {"p50 us":>8}')
med, spread = {}, {}
for case in ("stub", "kv2", "tls"):
    for tool in ("wrk", "wrk-rnd", "hey", "vw-run", "vw-before"):
        rs = [r for r in rows if r["case"] == case and r["tool"] == tool]
        if not rs:
            continue
        us = sorted(r["us_cpu_per_request"] for r in rs)
        m = statistics.median(us)
        med[(case, tool)], spread[(case, tool)] = m, (us[0], us[-1])
        print(f'{case:<5} {tool:<9} {rs[0]["connections"]:>5} {len(rs):>4} '
              f'{round(statistics.median(r["requests"] for r in rs)):>8} {m:>17.2f} '
              f'{us[0]:>7.2f}-{us[-1]:<7.2f} {round(1e6 / m):>9} '
              f'{statistics.median(r["p50_us"] for r in rs):>8.1f}')
print()
print("| case | ours / wrk | spread (min-max of ours over wrk's median) | goal | before / wrk |")
print("|---|---:|---|---|---:|")
ok = True
def row(case, label, goal_text, per_cpu_second):
    global ok
    if (case, "vw-run") not in med or (case, "wrk") not in med:
        return
    w, v = med[(case, "wrk")], med[(case, "vw-run")]
    lo, hi = spread[(case, "vw-run")]
    if per_cpu_second:   # requests per client CPU-second: wrk's CPU per request over ours
        r, rlo, rhi = w / v, w / hi, w / lo
        met = r >= 1.0
    else:                # CPU per request: ours over wrk's
        r, rlo, rhi = v / w, lo / w, hi / w
        met = r <= 1.0
    ok = ok and met
    b = ""
    if (case, "vw-before") in med:
        bv = med[(case, "vw-before")]
        b = f"{(w / bv) if per_cpu_second else (bv / w):.2f}"
    print(f"| {label} | {r:.2f} | {rlo:.2f}-{rhi:.2f} | {goal_text} | {b} |")
row("stub", "nginx stub, 64 connections, requests per client CPU-second", ">= 1.0", True)
row("kv2", "KV v2 reads, `bao server -dev`, 8 connections, CPU per request", "<= 1.0", False)
row("tls", "the same over TLS (`-dev-tls`, VAULT_CACERT)", "<= 1.0", False)
print()
print("issue 19 goals met" if ok else "issue 19 goals NOT all met (see docs/performance.md)")
PY
