# Shared by bench/run.sh and bench/fullpath.sh: the tools, the CPU pinning and the servers
# they measure against. Source it after scripts/lib.sh; it does not run anything by itself.
# shellcheck shell=bash

# Installs nginx-light, wrk and hey when missing (as scripts/lib.sh installs the build
# dependencies) and sets NGINX.
bench_install_tools() {
  local missing=()
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
  command -v wrk >/dev/null || missing+=(wrk)
  command -v hey >/dev/null || missing+=(hey)
  if [ ${#missing[@]} -gt 0 ]; then
    vw_log "installing ${missing[*]}"
    vw_as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive vw_as_root apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >/dev/null
  fi
  NGINX=$(command -v nginx || echo /usr/sbin/nginx)
}

# The server on the last CPU, the clients on the first (taskset), with two or more CPUs;
# `bench_pinning off`: nothing pinned (as a user runs both). Sets CPUS, pin_server and
# pin_client (arrays, maybe empty).
bench_pinning() {
  CPUS=$(nproc)
  pin_server=(); pin_client=()
  [ "${1:-on}" = off ] && return 0
  if [ "$CPUS" -ge 2 ] && command -v taskset >/dev/null; then
    pin_server=(taskset -c "$((CPUS - 1))"); pin_client=(taskset -c 0)
  fi
}

# bench_start_nginx PREFIX: nginx (one worker, keep-alive without a request limit) on a free
# 127.0.0.1 port answering every path with 200 and a 70-byte JSON body, from its own
# temporary prefix. Sets NGINX_PID and STUB_URL (the /v1/sys/health URL).
bench_start_nginx() {
  local prefix=$1 port
  port=$(vw_free_port)
  mkdir -p "$prefix/tmp"
  cat > "$prefix/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $prefix/nginx.pid;
error_log $prefix/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_timeout 120s;
  keepalive_requests 100000000;
  client_body_temp_path $prefix/tmp/body;
  proxy_temp_path $prefix/tmp/proxy;
  fastcgi_temp_path $prefix/tmp/fastcgi;
  uwsgi_temp_path $prefix/tmp/uwsgi;
  scgi_temp_path $prefix/tmp/scgi;
  server {
    listen 127.0.0.1:$port;
    location / {
      default_type application/json;
      return 200 '{"initialized":true,"sealed":false,"standby":false,"version":"bench"}';
    }
  }
}
CONF
  "${pin_server[@]}" "$NGINX" -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log" &
  NGINX_PID=$!
  STUB_URL="http://127.0.0.1:$port/v1/sys/health"
  for _ in $(seq 50); do
    curl -fsS -o /dev/null "$STUB_URL" 2>/dev/null && return 0
    sleep 0.1
  done
  curl -fsS -o /dev/null "$STUB_URL" || vw_die "nginx did not start (see $prefix/error.log)"
}

# bench_start_bao [TLS_DIR]: `bao server -dev` on a free 127.0.0.1 port, its root token taken
# from VW_BENCH_TOKEN (exported by the caller; never written to disk: -dev-no-store-token, and
# the banner that prints it goes to /dev/null). With TLS_DIR: `-dev-tls`, its CA in
# TLS_DIR/vault-ca.pem (BAO_CACERT). Sets BAO_PID and BAO_ADDR.
bench_start_bao() {
  local bao port tls=() scheme=http curl_ca=()
  bao=$(vw_find_bao)
  [ -n "$bao" ] || vw_die "bao not found (scripts/lib.sh: vw_install_deps)"
  port=$(vw_free_port)
  if [ -n "${1:-}" ]; then
    mkdir -p "$1"
    tls=(-dev-tls -dev-tls-cert-dir="$1"); scheme=https
    BAO_CACERT="$1/vault-ca.pem"; curl_ca=(--cacert "$BAO_CACERT")
  fi
  BAO_ADDR="$scheme://127.0.0.1:$port"
  BAO_DEV_ROOT_TOKEN_ID="$VW_BENCH_TOKEN" "${pin_server[@]}" "$bao" server -dev "${tls[@]}" \
    -dev-listen-address="127.0.0.1:$port" -dev-no-store-token -log-level=warn \
    >/dev/null 2>&1 &
  BAO_PID=$!
  for _ in $(seq 100); do
    [ -z "${1:-}" ] || [ -f "$BAO_CACERT" ] || { sleep 0.1; continue; }
    curl -fsS "${curl_ca[@]}" -o /dev/null "$BAO_ADDR/v1/sys/health" 2>/dev/null && return 0
    sleep 0.1
  done
  vw_die "bao server -dev did not answer on $BAO_ADDR"
}

# bench_stop PID: stops a server this script started, by its PID.
bench_stop() {
  local pid=$1
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
}
