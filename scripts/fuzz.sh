#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan) in their own build
# folder and runs each for a while, starting from the seed corpus in tests/fuzz/corpus/.
#   scripts/fuzz.sh                 # 60 s per target
#   scripts/fuzz.sh --seconds 600   # longer, on demand
# New inputs that reach new code go to build-fuzz/corpus/<target>/ (not the repository);
# a crash is written to build-fuzz/artifacts/ and the script exits 1: add that input to
# the seed corpus and a regression test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
seconds=60
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    *) vw_die "usage: scripts/fuzz.sh [--seconds N]" ;;
  esac
done
command -v clang++ >/dev/null || vw_die "clang++ not found (Debian: clang)"
build=${VW_FUZZ_BUILD:-$VW_ROOT/build-fuzz}
export CCACHE_BASEDIR="$VW_ROOT" CCACHE_NOHASHDIR=1
vw_log "building the fuzz targets in $build"
CXX=clang++ cmake -S "$VW_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DVW_FUZZ=ON -DVW_BUILD_GUI=OFF -DVW_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --target fuzz_profile fuzz_session fuzz_prometheus fuzz_hcl fuzz_responseparser -j "$(nproc)"
status=0
for target in fuzz_profile fuzz_session fuzz_prometheus fuzz_hcl fuzz_responseparser; do
  seeds="$VW_ROOT/tests/fuzz/corpus/${target#fuzz_}"
  work="$build/corpus/$target"
  mkdir -p "$work" "$build/artifacts"
  vw_log "fuzzing $target for ${seconds}s (seeds: $seeds)"
  # halt_on_error: the first sanitizer report ends the run; detect_leaks off: Qt's and
  # yaml-cpp's process-lifetime allocations are not ours.
  ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions="$VW_ROOT/tests/fuzz/ubsan.supp" \
    "$build/tests/fuzz/$target" "$work" "$seeds" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$build/artifacts/$target-" \
      -print_final_stats=1 2>&1 | grep -E '^(#[0-9]+ +DONE|==|SUMMARY|artifact|stat::number_of_executed_units|stat::peak_rss)|ERROR' \
    || true
  if ls "$build/artifacts/$target-"* >/dev/null 2>&1; then
    vw_log "$target found a failing input: $(ls "$build/artifacts/$target-"*)"
    status=1
  fi
done
exit $status
