#!/usr/bin/env bash
# Many short stages (issue 23, finding 8): the wall time of `vault-workbench run` with STAGES
# stages of 1 ms each (no warm-up, 1 VU, sys_health) against a `bao server -dev` on loopback,
# beside its planned time. Checkpoints rewrite the whole session; written after every stage
# they made this quadratic. Not a test; docs/performance.md, "Many short stages", has the figures.
#
#   bench/manystages.sh [--stages N] [--bin PATH] [--timeout S]
#
# --bin: the vault-workbench to measure (default build/app/vault-workbench); --timeout: the
# run is stopped (SIGINT, by its PID) after S seconds (default 600) and the stages done so far
# are printed from its checkpoint.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
source bench/common.sh

stages=10000
bin="$PWD/build/app/vault-workbench"
timeout_s=600
while [ $# -gt 0 ]; do
  case "$1" in
    --stages) stages=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    *) echo "usage: bench/manystages.sh [--stages N] [--bin PATH] [--timeout S]" >&2; exit 2 ;;
  esac
done

dir=$(mktemp -d)
pin_server=()
VW_BENCH_TOKEN="bench-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
export VW_BENCH_TOKEN
BAO_PID=""
trap 'bench_stop "$BAO_PID"; rm -rf "$dir"' EXIT
bench_start_bao

{
  echo "name: many-stages"
  echo "ramp:"
  echo "  warmup: 0s"
  echo "  stages:"
  for _ in $(seq "$stages"); do echo "    - { vus: 1, duration: 1ms }"; done
  echo "operations:"
  echo "  - type: sys_health"
} > "$dir/profile.yaml"

start=$(date +%s.%N)
rc=0
VAULT_TOKEN="$VW_BENCH_TOKEN" timeout -s INT "$timeout_s" "$bin" run "$dir/profile.yaml" \
  --addr "$BAO_ADDR" --out "$dir/s.json" --no-server-telemetry >"$dir/out" 2>"$dir/err" || rc=$?
end=$(date +%s.%N)
done_stages=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["stages"]))' "$dir/s.json" 2>/dev/null || echo "?")
printf '%d stages of 1 ms (planned %.1f s): %.1f s wall, exit %d, %s stages in the session; %s\n' \
  "$stages" "$(echo "$stages / 1000" | bc -l)" "$(echo "$end - $start" | bc -l)" "$rc" \
  "$done_stages" "$bin"
