#!/usr/bin/env bash
# The fixed costs of `vault-workbench run` (issue 19): what a run pays whatever its length.
# Not a test; docs/performance.md ("Fixed costs and the control plane") has the method and the
# latest figures.
#
#   bench/fixedcost.sh [--repeat N] [--bin PATH] [--before PATH] [--qnam] [--callgrind]
#                      [--cases "empty seed"]            (default 5 rounds)
#
# Two cases, each round every binary once in turn (interleaved):
#   empty  a run with one 100 ms closed stage of 1 VU (sys_health, no warm-up) against the
#          nginx stub of bench/common.sh: start-up, pre-flight, the stage, the session file
#          and exit, as a user pays them for the shortest run;
#   seed   the control plane's seeding, against a local `bao server -dev` (started here on a
#          free loopback port, stopped by its PID): a kv2_read run of one 100 ms stage with
#          `keys: 101` minus the same run with `keys: 1`, so the difference is 100 seeded
#          1 KiB secrets (each a POST on the control plane) and nothing else.
# --before PATH adds another build's binary ("before") to every round; --qnam adds this
# build with the control plane on QNetworkAccessManager ("qnam": VW_CONTROL_TRANSPORT=qnam),
# which isolates what the direct control plane bought.
# Client CPU is user + system time of the whole process from wait4() (bench/measure.py's
# method, here through python's resource module). --callgrind also counts the user-space
# instructions of every thread of one run per case and binary (valgrind --tool=callgrind;
# slow, and independent of the machine's load; VW_BENCH_KEEP_CALLGRIND=DIR keeps the profiles
# there, for callgrind_annotate). The root token lives only in this script's
# environment; the server's banner goes to /dev/null.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$HERE/../scripts/lib.sh"
source "$HERE/common.sh"

REPEAT=5
BIN="$VW_BUILD/app/vault-workbench"
BEFORE=""
CALLGRIND=0
QNAM=0
CASES="empty seed"
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) REPEAT=$2; shift 2 ;;
    --bin) BIN=$2; shift 2 ;;
    --before) BEFORE=$2; shift 2 ;;
    --callgrind) CALLGRIND=1; shift ;;
    --qnam) QNAM=1; shift ;;
    --cases) CASES=$2; shift 2 ;;
    *) vw_die "unknown option $1 (see the header of $0)" ;;
  esac
done
[ -x "$BIN" ] || vw_die "no vault-workbench binary at $BIN (build first, or pass --bin)"
[ -z "$BEFORE" ] || [ -x "$BEFORE" ] || vw_die "no vault-workbench binary at $BEFORE"
bench_install_tools
bench_pinning off
[ "$CALLGRIND" = 0 ] || command -v valgrind >/dev/null || vw_die "valgrind not installed"
has_case() { case " $CASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
vw_log "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

WORK=$(mktemp -d /tmp/vw-bench-fixedcost.XXXXXX)
NGINX_PID=""; BAO_PID=""
cleanup() {
  bench_stop "$NGINX_PID"
  bench_stop "$BAO_PID"
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
RESULTS="$WORK/results.jsonl"
: > "$RESULTS"

# label=binary; "qnam" runs BIN with VW_CONTROL_TRANSPORT=qnam.
BINS=("after=$BIN")
[ "$QNAM" = 0 ] || BINS=("qnam=$BIN" "${BINS[@]}")
[ -z "$BEFORE" ] || BINS=("before=$BEFORE" "${BINS[@]}")
controlenv() { if [ "$1" = qnam ]; then echo qnam; else echo direct; fi; }

# cpu CASE LABEL COMMAND...: runs COMMAND, appends {"case","label","cpu_ms","ok"}.
cpu() {
  local case=$1 label=$2; shift 2
  python3 - "$case" "$label" "$@" >> "$RESULTS" <<'PY'
import json, os, resource, subprocess, sys
case, label, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
after = resource.getrusage(resource.RUSAGE_CHILDREN)
ms = 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
print(json.dumps({"case": case, "label": label, "cpu_ms": ms, "ok": rc == 0}))
PY
}

# ir CASE LABEL COMMAND...: user-space instructions of all threads (callgrind).
ir() {
  local case=$1 label=$2; shift 2
  local out="$WORK/cg.out"
  rm -f "$out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1 || true
  local total
  total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
  echo "{\"case\": \"$case\", \"label\": \"$label\", \"ir\": ${total:-0}}" >> "$RESULTS"
  [ -z "${VW_BENCH_KEEP_CALLGRIND:-}" ] || cp "$out" "$VW_BENCH_KEEP_CALLGRIND/callgrind-$case-$label.out"
}

profile() { # profile FILE ADDRESS OP PARAMS
  cat > "$1" <<YAML
name: fixedcost
target: { address: "$2" }
ramp:
  executor: closed
  warmup: 0s
  stages: [ { vus: 1, duration: 100ms } ]
operations: [ { type: $3, weight: 1$4 } ]
YAML
}

export VW_BENCH_TOKEN
VW_BENCH_TOKEN="bench-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"

if has_case empty; then
  bench_start_nginx "$WORK/nginx"
  profile "$WORK/empty.yaml" "${STUB_URL%/v1/sys/health}" sys_health ""
  for i in $(seq "$REPEAT"); do
    vw_log "empty, round $i of $REPEAT (load average $(cut -d' ' -f1 /proc/loadavg))"
    for b in "${BINS[@]}"; do
      VW_CONTROL_TRANSPORT=$(controlenv "${b%%=*}") VAULT_TOKEN=$VW_BENCH_TOKEN cpu empty "${b%%=*}" "${b#*=}" run "$WORK/empty.yaml" \
        --out "$WORK/s.json"
    done
  done
  if [ "$CALLGRIND" = 1 ]; then
    for b in "${BINS[@]}"; do
      VW_CONTROL_TRANSPORT=$(controlenv "${b%%=*}") VAULT_TOKEN=$VW_BENCH_TOKEN ir empty "${b%%=*}" "${b#*=}" run "$WORK/empty.yaml" \
        --out "$WORK/s.json"
    done
  fi
  bench_stop "$NGINX_PID"; NGINX_PID=""
fi

if has_case seed; then
  bench_start_bao ""
  vw_log "seed: bao server -dev on $BAO_ADDR (pid $BAO_PID)"
  profile "$WORK/k1.yaml" "$BAO_ADDR" kv2_read ", params: { keys: 1, payload_bytes: 1024 }"
  profile "$WORK/k101.yaml" "$BAO_ADDR" kv2_read ", params: { keys: 101, payload_bytes: 1024 }"
  for i in $(seq "$REPEAT"); do
    vw_log "seed, round $i of $REPEAT (load average $(cut -d' ' -f1 /proc/loadavg))"
    for b in "${BINS[@]}"; do
      for k in 1 101; do
        VW_CONTROL_TRANSPORT=$(controlenv "${b%%=*}") VAULT_TOKEN=$VW_BENCH_TOKEN cpu "seed-k$k" "${b%%=*}" "${b#*=}" run "$WORK/k$k.yaml" \
          --out "$WORK/s.json"
      done
    done
  done
  if [ "$CALLGRIND" = 1 ]; then
    for b in "${BINS[@]}"; do
      for k in 1 101; do
        VW_CONTROL_TRANSPORT=$(controlenv "${b%%=*}") VAULT_TOKEN=$VW_BENCH_TOKEN ir "seed-k$k" "${b%%=*}" "${b#*=}" run "$WORK/k$k.yaml" \
          --out "$WORK/s.json"
      done
    done
  fi
  bench_stop "$BAO_PID"; BAO_PID=""
fi

python3 - "$RESULTS" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
failed = [r for r in rows if r.get("ok") is False]
if failed:
    print(f"warning: {len(failed)} runs exited non-zero", file=sys.stderr)
labels = [l for l in ("before", "qnam", "after") if any(r["label"] == l for r in rows)]
def cpu(case, label):
    v = sorted(r["cpu_ms"] for r in rows if r["case"] == case and r["label"] == label and "cpu_ms" in r)
    return (statistics.median(v), v[0], v[-1]) if v else None
def ir(case, label):
    v = [r["ir"] for r in rows if r["case"] == case and r["label"] == label and "ir" in r]
    return v[0] if v else None
print()
print("| case | build | CPU ms, median (min-max) | user-space instructions |")
print("|---|---|---:|---:|")
for label in labels:
    e = cpu("empty", label)
    if e:
        i = ir("empty", label)
        print(f"| empty run (one 100 ms stage) | {label} | {e[0]:.1f} ({e[1]:.1f}-{e[2]:.1f}) | "
              f"{'-' if i is None else f'{i/1e6:.1f} M'} |")
for label in labels:
    a, b = cpu("seed-k101", label), cpu("seed-k1", label)
    if a and b:
        ia, ib = ir("seed-k101", label), ir("seed-k1", label)
        d = '-' if ia is None or ib is None else f"{(ia - ib)/1e6:.1f} M"
        print(f"| seeding 100 keys (keys 101 - keys 1) | {label} | {a[0] - b[0]:.1f} "
              f"(k101 {a[0]:.1f}, k1 {b[0]:.1f}) | {d} |")
PY
