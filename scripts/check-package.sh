#!/usr/bin/env bash
# Builds the Debian package and checks it as a user's system would see it:
#   lintian (0 errors), appstreamcli validate (AppStream metainfo), desktop-file-validate,
#   the binary stripped (its symbols in the -dbgsym package), Depends naming qt6-qpa-plugins,
#   a man page, copyright and changelog; then unpacks it and runs the packaged binary's
#   --version and ops. Prints the package's size. Does not install anything.
# Usage: scripts/check-package.sh [BUILD_DIR]   (default: build/; ctest runs it as `package`)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
build=${1:-$VW_BUILD}
for tool in lintian appstreamcli desktop-file-validate dpkg-deb; do
  command -v "$tool" >/dev/null || vw_die "$tool not found (scripts/lib.sh installs it)"
done
vw_log "building the package in $build"
rm -f "$build"/vault-workbench_*.deb "$build"/vault-workbench-dbgsym_*.ddeb
cmake --build "$build" --target package >/dev/null
deb=$(ls "$build"/vault-workbench_*.deb)
problems=0
fail() { printf 'check-package: %s\n' "$*" >&2; problems=$((problems + 1)); }

unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
dpkg-deb -e "$deb" "$unpacked/DEBIAN"
control=$(cat "$unpacked/DEBIAN/control")
bin="$unpacked/usr/bin/vault-workbench"
gui="$unpacked/usr/lib/vault-workbench/vault-workbench-gui" # the window's, execed by $bin

vw_log "lintian $(basename "$deb")"
# --fail-on error: errors fail; warnings are printed for the reader.
lintian --fail-on error --tag-display-limit 0 "$deb" || fail "lintian reported errors"

vw_log "AppStream and desktop entry"
metainfo=$(ls "$unpacked"/usr/share/metainfo/*.metainfo.xml)
appstreamcli validate --no-net "$metainfo" || fail "appstreamcli validate failed"
desktop-file-validate "$unpacked/usr/share/applications/vault-workbench.desktop" \
  || fail "desktop-file-validate failed"

vw_log "contents"
grep -q '^Depends:.*qt6-qpa-plugins' <<<"$control" || fail "Depends does not name qt6-qpa-plugins"
grep -q '^Recommends:.*nginx | haproxy' <<<"$control" || fail "Recommends does not name nginx | haproxy"
[ -f "$unpacked/usr/share/man/man1/vault-workbench.1.gz" ] || fail "no man page"
[ -f "$unpacked/usr/share/doc/vault-workbench/copyright" ] || fail "no copyright file"
[ -f "$unpacked/usr/share/doc/vault-workbench/changelog.gz" ] || fail "no changelog"
[ -f "$unpacked/usr/share/mime/packages/vault-workbench.xml" ] || fail "no MIME types"
if file "$bin" | grep -q 'not stripped'; then fail "the binary is not stripped"; fi
[ -x "$gui" ] || fail "no window binary (usr/lib/vault-workbench/vault-workbench-gui)"
if file "$gui" | grep -q 'not stripped'; then fail "the window binary is not stripped"; fi
ls "$build"/vault-workbench-dbgsym_*.ddeb >/dev/null 2>&1 || fail "no -dbgsym package"
if [ -f "$unpacked/usr/share/man/man1/vault-workbench.1.gz" ]; then
  # Read whole first: `zcat | grep -q` fails under pipefail once grep stops early and zcat
  # gets SIGPIPE (a man page longer than the pipe's buffer).
  man_text=$(zcat "$unpacked/usr/share/man/man1/vault-workbench.1.gz")
  grep -q '^\.SS run' <<<"$man_text" || fail "the man page has no section for the run command"
fi

vw_log "the packaged binary"
version=$(QT_QPA_PLATFORM=offscreen "$bin" --version) || fail "--version failed"
grep -q "vault-workbench" <<<"$version" || fail "--version printed: $version"
# export goes through the window binary (app/guilauncher.h): its usage error, not "not installed"
export_err=$(QT_QPA_PLATFORM=offscreen "$bin" export 2>&1 || true)
grep -q "expected SESSION" <<<"$export_err" || fail "export did not reach the window binary: $export_err"
QT_QPA_PLATFORM=offscreen "$bin" ops --format json >"$unpacked/ops.json" || fail "ops failed"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["operations"]; assert len(d) >= 27, len(d)' \
  "$unpacked/ops.json" || fail "ops --format json lists fewer than 27 operation types"

printf 'package: %s, %s (binary %s)\n' "$(basename "$deb")" "$(du -h "$deb" | cut -f1)" \
  "$(du -h "$bin" | cut -f1)"
if [ "$problems" -gt 0 ]; then
  printf 'check-package: %d problem(s)\n' "$problems" >&2
  exit 1
fi
echo "check-package: all checks passed"
