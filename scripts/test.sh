#!/usr/bin/env bash
# Builds vault-workbench and runs the whole test suite (unit, integration against a real
# `bao server -dev` started by the tests themselves, GUI under the offscreen platform).
# Installs what is missing first. Extra arguments go to ctest (e.g. -L unit, -R cli).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
vw_install_deps
# CI builds with warnings as errors (CMake option VW_WERROR).
if [ "${CI:-}" = true ]; then export VW_WERROR=ON; fi
vw_build
export VW_BAO_BIN=${VW_BAO_BIN:-$(vw_find_bao)}
VW_BAO_LDAP_BIN=${VW_BAO_LDAP_BIN:-$(vw_find_bao_ldap)}
export VW_BAO_LDAP_BIN  # tests/integration/tst_ops_ldap.cpp (OpenBao 2.6: the ldap plugins)
vw_log "running the test suite (bao: $VW_BAO_BIN)"
cd "$VW_BUILD"
ctest --output-on-failure --timeout 300 "$@"
