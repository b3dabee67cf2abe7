#!/usr/bin/env bash
# Installs what is missing, builds, starts `bao server -dev` on a free loopback port with a
# freshly generated root token, and opens the workbench with the quickstart profile pointed at
# it. The server is stopped when the workbench exits. Without a display the quickstart
# profile runs headless instead and prints its per-stage table.
# Usage: scripts/quickstart.sh [PROFILE]     (default profiles/quickstart.yaml)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
profile=${1:-$VW_ROOT/profiles/quickstart.yaml}
vw_install_deps
vw_build
bao=$(vw_find_bao)
port=$(vw_free_port)
addr="http://127.0.0.1:$port"
# The token lives only in this shell's environment and the two child processes'.
token="vwqs-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
logdir=$(mktemp -d)
vw_log "starting $bao server -dev on $addr (log: $logdir/bao.log, token lines removed)"
BAO_DEV_ROOT_TOKEN_ID="$token" "$bao" server -dev -dev-no-store-token \
  -dev-listen-address="127.0.0.1:$port" -log-level=warn \
  > >(grep -v --line-buffered -e "$token" -e 'Root Token' >"$logdir/bao.log") 2>&1 &
bao_pid=$!
cleanup() { kill "$bao_pid" 2>/dev/null || true; wait "$bao_pid" 2>/dev/null || true; }
trap cleanup EXIT INT TERM
for _ in $(seq 1 100); do
  curl -fsS "$addr/v1/sys/health" >/dev/null 2>&1 && break
  kill -0 "$bao_pid" 2>/dev/null || vw_die "bao exited early; see $logdir/bao.log"
  sleep 0.2
done
curl -fsS "$addr/v1/sys/health" >/dev/null || vw_die "bao did not become healthy; see $logdir/bao.log"
app="$VW_BUILD/app/vault-workbench"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  vw_log "opening the workbench on $profile against $addr"
  VAULT_TOKEN="$token" "$app" --addr "$addr" "$profile"
else
  vw_log "no display: running $profile headless against $addr"
  VAULT_TOKEN="$token" "$app" run "$profile" --addr "$addr" --out "$logdir/quickstart-session.json"
  vw_log "session written to $logdir/quickstart-session.json; view it with: $app report $logdir/quickstart-session.json"
fi
