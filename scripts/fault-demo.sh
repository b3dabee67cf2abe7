#!/usr/bin/env bash
# What the workbench does when things go wrong, shown against a real `bao server -dev` that
# this script starts on a free loopback port (and stops by PID): a server killed mid-run, a
# run killed in stage 1 and swept, a token too short-lived for the run, the Vault CLI's
# environment, a stage where every request fails, hostile input, a non-loopback target.
# Prints each part's output; the figures of docs/measurement.md "Failed runs" come from it.
#
#   scripts/fault-demo.sh          (after a build: scripts/test.sh or vw_build)
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/lib.sh"
BIN=${VW_BUILD:-$ROOT/build}/app/vault-workbench
[ -x "$BIN" ] || { echo "no $BIN: build first (scripts/test.sh)" >&2; exit 2; }
BAO=$(vw_find_bao)
D=$(mktemp -d /tmp/vw-fault-demo.XXXXXX); cd "$D"
BPID=""
trap '[ -n "$BPID" ] && kill "$BPID" 2>/dev/null; rm -rf "$D"' EXIT
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
TOK=demo-$RANDOM$RANDOM
start_bao() { $BAO server -dev -dev-listen-address=127.0.0.1:$PORT -dev-root-token-id=$TOK >bao.log 2>&1 & BPID=$!; for i in $(seq 50); do curl -sf http://127.0.0.1:$PORT/v1/sys/health >/dev/null && break; sleep 0.2; done; }
export VAULT_ADDR=http://127.0.0.1:$PORT VAULT_TOKEN=$TOK HOME=$D
left() { curl -s -H "X-Vault-Token: $TOK" $VAULT_ADDR/v1/sys/mounts | python3 -c 'import json,sys;d=json.load(sys.stdin);print("tagged mounts left:",[k for k,v in d.get("data",d).items() if isinstance(v,dict) and v.get("description","").startswith("vault-workbench run")])'; }
cat > two.yaml <<Y
name: demo-two
ramp: { warmup: 0s, stages: [ { vus: 4, duration: 3s }, { vus: 4, duration: 20s } ] }
abort: { error_ratio: 0.99, for: 2s }
operations: [ { type: kv2_read, weight: 1 } ]
Y
echo "### 1. server killed 4 s into a 2-stage run"; start_bao
$BIN run two.yaml --out killed.json >out1 2>err1 & RP=$!; sleep 4; kill -9 $BPID; wait $RP; echo "exit $?  stderr bytes $(wc -c <err1)"; grep -h "run failed" err1 | cut -c1-300
python3 -c 'import json;s=json.load(open("killed.json"));print("status",s["status"])'
echo; echo "### 2. SIGKILL of run in stage 1, then cleanup SESSION"; start_bao
$BIN run two.yaml --out k.json >out2 2>err2 & RP=$!; sleep 2; kill -9 $RP; wait $RP 2>/dev/null; left
$BIN cleanup k.json; echo "exit $?"; left
$BIN cleanup --all </dev/null; echo "exit $? (cleanup --all, nothing to do)"
echo; echo "### 3. a 6 s token on an 8 s ramp"
SHORT=$(curl -s -H "X-Vault-Token: $TOK" -X POST -d '{"ttl":"6s","renewable":false}' $VAULT_ADDR/v1/auth/token/create | python3 -c 'import json,sys;print(json.load(sys.stdin)["auth"]["client_token"])')
cat > eight.yaml <<Y
name: demo-eight
ramp: { warmup: 0s, stages: [ { vus: 2, duration: 4s }, { vus: 4, duration: 4s } ] }
operations: [ { type: kv2_read, weight: 1 } ]
Y
VAULT_TOKEN=$SHORT $BIN run eight.yaml --out short.json; echo "exit $?"; left
echo; echo "### 4. environment: VAULT_NAMESPACE, VAULT_SKIP_VERIFY, flags over env"
curl -s -H "X-Vault-Token: $TOK" -X POST $VAULT_ADDR/v1/sys/namespaces/demo >/dev/null
cat > h.yaml <<Y
name: demo-health
ramp: { warmup: 0s, stages: [ { vus: 2, duration: 2s } ] }
operations: [ { type: sys_health, weight: 1 }, { type: kv2_read, weight: 1 } ]
Y
VAULT_NAMESPACE=demo $BIN run h.yaml --out ns.json 2>&1 | grep -E "^target|namespace|sys_health|kv2_read|exit"; python3 -c 'import json;s=json.load(open("ns.json"));print("session target.sources:",s["target"].get("sources"))'
$BIN run h.yaml --addr http://127.0.0.1:1 --out x.json 2>&1 | grep -E "^target" ; echo "(--addr over VAULT_ADDR)"
cat > ca.yaml <<Y
name: demo-ca
target: { address: http://127.0.0.1:8200, ca_file: /etc/ssl/certs/ca-certificates.crt }
operations: [ { type: sys_health, weight: 1 } ]
Y
unset VAULT_ADDR; $BIN run ca.yaml 2>&1 | head -2; echo "exit $?"; export VAULT_ADDR=http://127.0.0.1:$PORT
echo; echo "### 6. every request fails: latency '-', never 0"
cat > dead.yaml <<Y
name: demo-dead
ramp: { warmup: 0s, stages: [ { vus: 2, duration: 2s } ] }
abort: { enabled: false }
operations: [ { type: kv2_read, weight: 1 } ]
Y
cat > dead2.yaml <<Y
name: demo-dead
ramp: { warmup: 0s, stages: [ { vus: 2, duration: 2s }, { vus: 2, duration: 2s }, { vus: 2, duration: 3s } ] }
abort: { enabled: false }
operations: [ { type: kv2_read, weight: 1 } ]
Y
$BIN run dead2.yaml --out dead.json >dead.out 2>&1 & RP=$!; until grep -q "stage 2:" dead.out; do sleep 0.02; done; sleep 1.3; kill -9 $BPID; wait $RP; echo "run exit $? (server killed late in stage 2, abort rule off)"
$BIN report dead.json --format table 2>&1 | sed -n 6,14p
$BIN report dead.json --format csv 2>&1 | cut -d, -f1-16 | head -4
python3 -c 'import json;s=json.load(open("dead.json"));o=s["stages"][2]["ops"][0];print("session stage 3 latency_ms:",o.get("latency_ms"))'
$BIN report dead.json --format table 2>&1 | grep "no successful requests" | head -2
start_bao
echo; echo "### 7. hostile input"
printf ',' > comma.yaml; timeout 10 $BIN run comma.yaml; echo "exit $?"
timeout 10 $BIN report /dev/zero; echo "exit $?"
cat > long.yaml <<Y
name: demo-long
ramp: { stages: [ { vus: 1, duration: 2562048h } ] }
operations: [ { type: sys_health, weight: 1 } ]
Y
$BIN run long.yaml; echo "exit $?"
cat > many.yaml <<Y
name: demo-many
ramp: { stages: [ { vus: 200, duration: 2s } ] }
operations: [ { type: sys_health, weight: 1 } ]
Y
bash -c "ulimit -n 64; $BIN run many.yaml" 2>&1 | tail -2; echo "exit ${PIPESTATUS[0]}"
echo; echo "### 8. non-loopback target without a terminal"
VAULT_ADDR=http://198.51.100.1:8200 timeout 20 $BIN run h.yaml </dev/null 2>&1 | tail -1; echo "exit ${PIPESTATUS[0]}"
kill $BPID 2>/dev/null; wait 2>/dev/null
echo "tokens in files written: $(grep -rl "$TOK" "$D" --exclude=bao.log --exclude=.vault-token --exclude='*.sh' | wc -l)"
