#!/usr/bin/env bash
# The open model's pacer (issue 9): scheduling lateness (actual send time - intended start)
# of `vault-workbench run` with an arrival-rate profile, against three sinks. Not a test (the
# machine may be shared); docs/performance.md, "Pacer", has the method and the latest figures.
#
#   bench/pacer.sh [--duration S] [--repeat N] [--sinks "pacer light nginx bao"]
#                  [--rates "5000 20000 50000"] [--bao-rates "1000 2000 5000"] [--pin-client]
#                  [--nice N] [--pacer-priority realtime] [--pacer-cpus LIST]
#                  [--sink-realtime] [--bin PATH]
#
# Sinks (each started here on a free loopback port, pinned to the last CPU, stopped by PID):
#   pacer  no sink: tests/support/pacerbench (vw_pacer_bench) runs the pacer's executor on two
#          worker threads whose requests complete at once through the event loop, so only
#          the pacer's wake-up, spin and event loop are measured (no socket, no network stack);
#          columns without a meaning there print "-".
#   light  the pacer with the lightest HTTP peer: tests/support/delayserverprocess with --delay-ms 0, a
#          single-threaded epoll loop that answers each request with one write as soon as its
#          headers are in (no parsing beyond the blank line, no logging), so the server takes
#          as little of the shared CPU as an HTTP peer can; `sys_health`.
#   nginx  end to end on the nginx stub of bench/common.sh (one worker); `sys_health`.
#   bao    end to end on a real `bao server -dev`: `kv2_read` of 100 seeded 1 KiB secrets
#          (the run's own setup and cleanup), at --bao-rates (rates it can serve here).
# Each rate is one run of a 1 s warm-up plus S seconds (default 5), max_vus 256, repeated N
# times (default 3) in turn; the client unpinned (two worker threads on two cores), or with
# --pin-client on the first CPU (taskset: one worker thread, QThread::idealThreadCount
# follows the affinity), so that client and sink each have a core of their own. --nice N runs
# client and sink at nice N (a negative N needs root): on a machine shared with other work it
# shows what the pacer does when it wins the CPU; say so beside any figure measured that way,
# and keep it to short runs (it takes the cores from the others). Per run
# it prints the stage's schedule_lateness_us (p50, p99, max), the achieved rate, the drops,
# the corrected and service-time p50, the client's CPU (validity.client_cpu: share of all
# cores), the sink's CPU over the run (share of one core, /proc/PID/stat), the 1-minute
# load average when the run began (other engineers share the machine) and how long the
# client's worker threads waited for a CPU while runnable (runqwait.py below).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$HERE/../scripts/lib.sh"
source "$HERE/common.sh"

DURATION=5
REPEAT=3
SINKS="pacer light nginx bao"
RATES="5000 20000 50000"
BAO_RATES="1000 2000 5000"
BIN="$VW_BUILD/app/vault-workbench"
SINK_BIN="$VW_BUILD/tests/vw_delay_server_process"
PACER_BIN="$VW_BUILD/tests/vw_pacer_bench"
PIN_CLIENT=0
NICE=""
SINK_RT=0
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --sinks) SINKS=$2; shift 2 ;;
    --rates) RATES=$2; shift 2 ;;
    --bao-rates) BAO_RATES=$2; shift 2 ;;
    --pin-client) PIN_CLIENT=1; shift ;;
    --nice) NICE=$2; shift 2 ;;
    --pacer-priority) export VW_PACER_PRIORITY=$2; shift 2 ;;
    --pacer-cpus) export VW_PACER_CPUS=$2; shift 2 ;;
    --sink-realtime) SINK_RT=1; shift ;;
    --bin) BIN=$2; shift 2 ;;
    *) vw_die "unknown option $1 (see the header of $0)" ;;
  esac
done
[ -x "$BIN" ] || vw_die "no vault-workbench binary at $BIN (build first, or pass --bin)"
case " $SINKS " in
  *" light "*) [ -x "$SINK_BIN" ] || vw_die "no $SINK_BIN (cmake --build build --target vw_delay_server_process)" ;;
esac
case " $SINKS " in
  *" pacer "*) [ -x "$PACER_BIN" ] || vw_die "no $PACER_BIN (cmake --build build --target vw_pacer_bench)" ;;
esac
bench_install_tools
bench_pinning
client=("$BIN")
if [ "$PIN_CLIENT" -eq 1 ]; then client=("${pin_client[@]}" "$BIN"); fi
if [ -n "$NICE" ]; then
  client=(nice -n "$NICE" "${client[@]}")
  pin_server=(nice -n "$NICE" "${pin_server[@]}")   # bench_start_nginx/_bao use it too
fi
if [ "$SINK_RT" -eq 1 ]; then
  pin_server=(chrt -f 1 "${pin_server[@]}")   # needs root (or RLIMIT_RTPRIO)
fi

WORK=$(mktemp -d /tmp/vw-bench-pacer.XXXXXX)
NGINX_PID=""; BAO_PID=""; LIGHT_PID=""
cleanup() {
  bench_stop "$NGINX_PID"
  bench_stop "$BAO_PID"
  bench_stop "$LIGHT_PID"
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# CPU time of a process and its children (nginx's worker) so far, in clock ticks (utime +
# stime of /proc/PID/stat, all threads).
cpu_ticks() {
  python3 - "$1" <<'PY'
import glob, sys
total = 0
for stat in glob.glob("/proc/[0-9]*/stat"):
    try:
        pid, rest = open(stat).read().split(" (", 1)
    except OSError:
        continue
    f = rest.rsplit(") ", 1)[1].split()
    if pid == sys.argv[1] or f[1] == sys.argv[1]:   # f[1]: the parent's PID
        total += int(f[11]) + int(f[12])
print(total)
PY
}
TICKS=$(getconf CLK_TCK)

# runqwait.py PID: samples the run's worker threads (vw-worker-*) every 50 ms until PID exits
# and prints the share of the workers' lifetime they spent runnable but waiting for a CPU
# (/proc/PID/task/TID/schedstat, second field; summed over the workers, 1.00 = one worker
# waiting all the time): CPU starvation, which no wake-up mechanism can make up for.
cat > "$WORK/runqwait.py" <<'PY'
import glob, os, sys, time
pid = sys.argv[1]
last, first_seen, span = {}, {}, [None, None]
def alive():
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
while alive():
    now = time.monotonic()
    for task in glob.glob(f"/proc/{pid}/task/*"):
        try:
            if not open(f"{task}/comm").read().startswith("vw-worker"):
                continue
            wait = int(open(f"{task}/schedstat").read().split()[1])
        except (OSError, IndexError, ValueError):
            continue
        first_seen.setdefault(task, wait)
        last[task] = wait
        span[0] = span[0] or now
        span[1] = now
    time.sleep(0.05)
if last and span[1] > span[0]:
    print("%.2f" % (sum(last[t] - first_seen[t] for t in last) / 1e9 / (span[1] - span[0])))
else:
    print("-")
PY

# pacer_prio STDERR_FILE: what the worker threads that pace got ("normal" when not asked).
pacer_prio() {
  local p
  p=$(grep -o 'pacer priority: [a-z]*\(, cpu [0-9]*\)\?' "$1" | sed 's/pacer priority: //; s/, cpu /@/' \
      | sort -u | paste -sd/ -) || true
  echo "${p:-normal}"
}

# start_light: the light sink, answering at once. Sets LIGHT_PID and LIGHT_URL.
start_light() {
  "${pin_server[@]}" "$SINK_BIN" --delay-ms 0 > "$WORK/light.port" &
  LIGHT_PID=$!
  for _ in $(seq 50); do
    [ -s "$WORK/light.port" ] && break
    sleep 0.1
  done
  [ -s "$WORK/light.port" ] || vw_die "the light sink did not start"
  LIGHT_URL="http://127.0.0.1:$(head -n1 "$WORK/light.port")"
}

# run_case SINK ADDRESS SERVER_PID RATE ROUND OPERATION_YAML: one run and its table row.
run_case() {
  local sink=$1 addr=$2 spid=$3 rate=$4 round=$5 op=$6
  local profile="$WORK/pacer-$sink-$rate.yaml" out="$WORK/session-$sink-$rate-$round.json"
  cat > "$profile" <<YAML
name: pacer-$sink-$rate
target: { address: "$addr" }
ramp:
  executor: arrival-rate
  max_vus: 256
  warmup: 1s
  stages: [ { rate: $rate, duration: $((DURATION + 1))s } ]
operations: [ $op ]
YAML
  local load t0 t1 w0 w1 pid rc=0
  load=$(cut -d' ' -f1 /proc/loadavg)
  t0=$(cpu_ticks "$spid"); w0=$(date +%s.%N)
  "${client[@]}" run "$profile" --out "$out" >/dev/null 2>"$WORK/stderr" &
  pid=$!
  python3 "$WORK/runqwait.py" "$pid" > "$WORK/runq" || true
  wait "$pid" || rc=$?
  [ "$rc" -eq 0 ] || { cat "$WORK/stderr" >&2; vw_die "run at $rate/s on $sink failed"; }
  t1=$(cpu_ticks "$spid"); w1=$(date +%s.%N)
  local sink_cpu
  sink_cpu=$(python3 -c 'import sys; t0,t1,w0,w1,hz=map(float,sys.argv[1:]); print("%.2f" % ((t1-t0)/hz/(w1-w0)))' \
    "$t0" "$t1" "$w0" "$w1" "$TICKS")
  "$BIN" report "$out" --format json | python3 -c '
import json, sys
sink, rate, rnd, sink_cpu, load, runq, prio = sys.argv[1:8]
st = json.load(sys.stdin)["stages"][0]
late = st.get("schedule_lateness_us") or {}
op = st["ops"][0]
def ms(h):
    v = (op.get(h) or {}).get("p50")
    return "-" if v is None else "%.3f" % v
row = [sink, rate, rnd, "%.0f" % st["achieved_per_s"], str(st["dropped"]),
       str(late.get("p50", "-")), str(late.get("p99", "-")), str(late.get("max", "-")),
       ms("corrected_latency_ms"), ms("service_time_ms"),
       "%.2f" % (st.get("validity") or {}).get("client_cpu", 0), sink_cpu, load, runq, prio]
widths = [-6, 7, 4, 10, 8, 8, 8, 8, 10, 10, 10, 8, 6, 7, 10]
print(" ".join(c.ljust(-w) if w < 0 else c.rjust(w) for c, w in zip(row, widths)))
 ' "$sink" "$rate" "$round" "$sink_cpu" "$load" "$(cat "$WORK/runq")" "$(pacer_prio "$WORK/stderr")"
}

export VAULT_TOKEN
VAULT_TOKEN="bench-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
vw_log "pacer: sinks $SINKS; rates $RATES (bao: $BAO_RATES); $REPEAT x (1 s + $DURATION s); $CPUS CPUs; client: ${client[*]}"
printf '%-6s %7s %4s %10s %8s %8s %8s %8s %10s %10s %10s %8s %6s %7s %10s\n' sink rate_s round \
  achieved_s dropped late_p50 late_p99 late_max corr_p50ms serv_p50ms client_cpu sink_cpu load1 \
  runq_wait pacer

HEALTH='{ type: sys_health, weight: 1 }'
for sink in $SINKS; do
  case "$sink" in
    pacer)
      for i in $(seq "$REPEAT"); do
        for rate in $RATES; do
          load=$(cut -d' ' -f1 /proc/loadavg)
          cmd=("$PACER_BIN" --rate "$rate" --seconds "$DURATION" --warmup-ms 1000)
          [ "$PIN_CLIENT" -eq 1 ] && cmd+=(--workers 1)
          [ -n "$NICE" ] && cmd=(nice -n "$NICE" "${cmd[@]}")
          [ "$PIN_CLIENT" -eq 1 ] && cmd=("${pin_client[@]}" "${cmd[@]}")
          "${cmd[@]}" > "$WORK/pacer.out" 2> "$WORK/stderr" &
          pid=$!
          python3 "$WORK/runqwait.py" "$pid" > "$WORK/runq" || true
          wait "$pid" || vw_die "vw_pacer_bench at $rate/s failed"
          python3 -c '
import sys
rate, rnd, load, runq, prio = sys.argv[1:6]
kv = dict(f.split("=") for f in open(sys.argv[6]).read().split())
achieved = "%.0f" % (int(kv["count"]) / float(sys.argv[7]))
row = ["pacer", rate, rnd, achieved, kv["dropped"], kv["p50_us"], kv["p99_us"], kv["max_us"],
       "-", "-", "-", "-", load, runq, prio]
widths = [-6, 7, 4, 10, 8, 8, 8, 8, 10, 10, 10, 8, 6, 7, 10]
print(" ".join(c.ljust(-w) if w < 0 else c.rjust(w) for c, w in zip(row, widths)))
' "$rate" "$i" "$load" "$(cat "$WORK/runq")" "$(pacer_prio "$WORK/stderr")" "$WORK/pacer.out" "$DURATION"
        done
      done ;;
    light)
      start_light
      for i in $(seq "$REPEAT"); do
        for rate in $RATES; do run_case light "$LIGHT_URL" "$LIGHT_PID" "$rate" "$i" "$HEALTH"; done
      done
      bench_stop "$LIGHT_PID"; LIGHT_PID="" ;;
    nginx)
      bench_start_nginx "$WORK/nginx"
      for i in $(seq "$REPEAT"); do
        for rate in $RATES; do
          run_case nginx "${STUB_URL%/v1/sys/health}" "$NGINX_PID" "$rate" "$i" "$HEALTH"
        done
      done
      bench_stop "$NGINX_PID"; NGINX_PID="" ;;
    bao)
      if [ -z "$(vw_find_bao)" ]; then
        vw_log "bao not found (scripts/lib.sh: vw_install_deps): the bao sink is skipped"
        continue
      fi
      # The dev server's root token is this run's VAULT_TOKEN (environment only).
      VW_BENCH_TOKEN=$VAULT_TOKEN bench_start_bao
      KV='{ type: kv2_read, weight: 1, params: { keys: 100, payload_bytes: 1024 } }'
      for i in $(seq "$REPEAT"); do
        for rate in $BAO_RATES; do run_case bao "$BAO_ADDR" "$BAO_PID" "$rate" "$i" "$KV"; done
      done
      bench_stop "$BAO_PID"; BAO_PID="" ;;
    *) vw_die "unknown sink $sink (light, nginx, bao)" ;;
  esac
done
echo "lateness in us (goal: p50 <= 20, p99 <= 100 up to 50,000/s); client_cpu: share of all"
echo "$CPUS cores; sink_cpu: share of one core; load1: 1-minute load average at the run's start;"
echo "runq_wait: time the worker threads waited for a CPU while runnable, per second of the run;"
echo "pacer: the scheduling the pacing worker threads got (--pacer-priority, --pacer-cpus)"
