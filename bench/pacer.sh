#!/usr/bin/env bash
# The open model's pacer (issue 9): scheduling lateness (actual send time - intended start)
# of `vault-workbench run` with an arrival-rate profile against the nginx stub of
# bench/common.sh, at 5,000, 20,000 and 50,000 starts per second. Not a test (the machine may
# be shared); docs/performance.md, "Pacer", has the method and the latest figures.
#
#   bench/pacer.sh [--duration S] [--repeat N] [--rates "5000 20000 50000"] [--bin PATH]
#
# Each rate is one run of a 1 s warm-up plus S seconds (default 5), max_vus 256, repeated N
# times (default 3) in turn; nginx (one worker) on the last CPU, the client unpinned (its
# worker threads need the cores). Per run it prints the stage's schedule_lateness_us (p50,
# p99, max), the achieved rate, the drops, the corrected and service-time p50 and the client's
# CPU (validity.client_cpu: share of all cores), read from the session (`report --format json`).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$HERE/../scripts/lib.sh"
source "$HERE/common.sh"

DURATION=5
REPEAT=3
RATES="5000 20000 50000"
BIN="$VW_BUILD/app/vault-workbench"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --rates) RATES=$2; shift 2 ;;
    --bin) BIN=$2; shift 2 ;;
    *) vw_die "unknown option $1 (see the header of $0)" ;;
  esac
done
[ -x "$BIN" ] || vw_die "no vault-workbench binary at $BIN (build first, or pass --bin)"
bench_install_tools
bench_pinning

WORK=$(mktemp -d /tmp/vw-bench-pacer.XXXXXX)
NGINX_PID=""
cleanup() {
  bench_stop "$NGINX_PID"
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

bench_start_nginx "$WORK/nginx"
export VAULT_TOKEN
VAULT_TOKEN="bench-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
vw_log "pacer: nginx on $STUB_URL; rates $RATES; $REPEAT x (1 s + $DURATION s); $CPUS CPUs"
printf '%-6s %7s %4s %10s %8s %8s %8s %8s %10s %10s %10s\n' run rate_s round achieved_s dropped \
  late_p50 late_p99 late_max corr_p50ms serv_p50ms client_cpu
for i in $(seq "$REPEAT"); do
  for rate in $RATES; do
    profile="$WORK/pacer-$rate.yaml"
    cat > "$profile" <<YAML
name: pacer-$rate
target: { address: "${STUB_URL%/v1/sys/health}" }
ramp:
  executor: arrival-rate
  max_vus: 256
  warmup: 1s
  stages: [ { rate: $rate, duration: $((DURATION + 1))s } ]
operations: [ { type: sys_health, weight: 1 } ]
YAML
    out="$WORK/session-$rate-$i.json"
    "$BIN" run "$profile" --out "$out" >/dev/null 2>"$WORK/stderr" \
      || { cat "$WORK/stderr" >&2; vw_die "run at $rate/s failed"; }
    "$BIN" report "$out" --format json | python3 -c '
import json, sys
rate, rnd = sys.argv[1], sys.argv[2]
st = json.load(sys.stdin)["stages"][0]
late = st.get("schedule_lateness_us", {})
op = st["ops"][0]
row = ["pacer", rate, rnd, "%.0f" % st["achieved_per_s"], str(st["dropped"]),
       str(late.get("p50", "-")), str(late.get("p99", "-")), str(late.get("max", "-")),
       "%.3f" % op["corrected_latency_ms"]["p50"], "%.3f" % op["service_time_ms"]["p50"],
       "%.2f" % st.get("validity", {}).get("client_cpu", 0)]
widths = [-6, 7, 4, 10, 8, 8, 8, 8, 10, 10, 10]
print(" ".join(c.ljust(-w) if w < 0 else c.rjust(w) for c, w in zip(row, widths)))
' "$rate" "$i"
  done
done
echo "lateness in us (goal: p50 <= 20, p99 <= 100 up to 50,000/s on an otherwise idle machine)"
