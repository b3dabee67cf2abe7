#!/bin/sh
# Writes vault-workbench.1.gz from the commands' own --help and --version (help2man, Debian's
# help2man package), so that the man page says what the binary says. Run by the build
# (packaging/CMakeLists.txt, target manpage) after the binary is linked.
# Usage: make-manpage.sh BINARY OUT.1.gz
set -eu
bin=$1
out=$2
inc=$(mktemp)
trap 'rm -f "$inc" "$inc.1"' EXIT
export QT_QPA_PLATFORM=offscreen
# roff: a backslash is \\ (first), and a line starting with . or ' would be a request: \&
roff() { sed -e 's/\\/\\\\/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
{
  echo '[COMMANDS]'
  echo 'Each command prints its own help with --help; it is repeated here.'
  for c in run report compare export ops import-hcl cleanup target study; do
    echo ".SS $c"
    echo '.nf'
    "$bin" "$c" --help 2>&1 | roff
    echo '.fi'
  done
  echo '[ENVIRONMENT]'
  echo 'The target follows the Vault CLI: a flag, else the VAULT_* variable, else BAO_*, else'
  echo "the profile's target:, else the default."
  for v in VAULT_ADDR VAULT_TOKEN VAULT_NAMESPACE VAULT_CACERT VAULT_CAPATH VAULT_CLIENT_CERT \
           VAULT_CLIENT_KEY VAULT_SKIP_VERIFY VAULT_CLIENT_TIMEOUT; do
    echo '.TP'
    echo ".B $v"
    echo "(or ${v#VAULT_} as BAO_${v#VAULT_}) as the vault CLI reads it."
  done
  echo '.TP'
  echo '.B VW_BAO_BIN'
  echo 'the bao binary local targets start (default: bao on PATH, then pip'"'"'s scripts folders).'
  echo '[FILES]'
  echo '.TP'
  echo '.I ~/.local/share/vault-workbench/sessions/'
  echo 'sessions the GUI saves.'
  echo '.TP'
  echo '.I /usr/share/vault-workbench/profiles/'
  echo 'example profiles.'
  echo '[SEE ALSO]'
  echo '.BR bao (1),'
  echo '.BR vault (1)'
} > "$inc"
help2man --no-info --no-discard-stderr --section 1 \
  --name "benchmark HashiCorp Vault and OpenBao: staged ramps, sessions, comparisons" \
  --include "$inc" --output "$inc.1" "$bin"
gzip -9n < "$inc.1" > "$out"
